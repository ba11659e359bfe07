"""Markdown: docs/ (architecture, ADRs, runbooks, guides, the benchmark note, topic notes), root files.

The benchmark note quotes exactly the two queries of `QUOTED_BY_BENCHMARK_NOTE`; each topic note of
`QUOTED_ONCE_BY_TOPIC_NOTES` names its query once. No other generated text may contain a golden
query (tests/test_corpus_fixture.py checks it), so prose here avoids those exact phrasings.
"""

from __future__ import annotations

import random

from lab.corpus import landmarks as L
from lab.corpus.gen_common import DOMAINS, KINDS, TEAMS, Tree, camel, dedent, doc_line, plural, sentence


def _benchmark_note() -> str:
    q1, q2 = L.QUOTED_BY_BENCHMARK_NOTE
    return dedent(f"""
        ---
        title: Path-resolution benchmark, notes after the lexiopt rounds
        ---

        # Path-resolution benchmark, notes after the lexiopt rounds

        We run the 70-test path-resolution suite against this monorepo after every change to the
        resolver. Scores moved from 67/70 down to 52–63/70 after a revert, and the cause turned out to
        be a response field, not the lexical features we suspected.

        ## What the suite asks

        Categories A–L: exact file names, partial names, directory-qualified names, the same stem in two
        languages, deep paths, intent-only questions, tests vs implementation, docs, multi-root, moved
        files, cross-language clients and config disambiguation. Two examples of how queries are phrased:
        `{q1}` (expects the Go handler nine folders down under services/identity) and `{q2}`
        (expects the `__main__.py` of ml/reranker, not the model module). Both are hard for a small
        model because the obvious lexical hit is a sibling file.

        ## Findings

        - The conditional `maybe_exts` field (only present when several extensions share the best stem)
          is worth 10+ points; removing it cost us the D and K categories.
        - A raw count of same-stem files (273 for `config`) sent the model into a counting loop.
        - An always-present boolean widened the run-to-run spread from about 3 to 10 points.

        ## Next steps

        Repeat every cell five times before trusting a difference, and keep this note out of the
        index when measuring — it quotes the golden set.
        """)


_TOPIC_NOTES = {
    "docs/data/postgrest.md": ("PostgREST for partners", """
        Partners read orders and shipments through PostgREST, which turns the `api` schema into REST
        endpoints. It connects as the `authenticator` role and switches to `web_anon` per request.

        ## Connections

        If partners see 503s under load, look at the {q} first: `db-pool` and the acquisition timeout
        in `deploy/postgrest/postgrest.conf`. The database itself is tuned separately.

        ## Exposing a new view

        Add it to `db/postgrest/api_views.sql`, grant SELECT to `web_anon`, reload the schema cache.
        """),
    "docs/infra/networking.md": ("Networking", """
        Every environment has one VPC with private subnets for workloads and public subnets for the
        load balancers.

        ## Where it is defined

        The {q} owns subnets, routing and NAT; environments only pass a CIDR block and the list of
        availability zones. Dev and staging share one NAT gateway to save money; prod has one per zone.

        ## Peering

        The data VPC is peered with each environment; routes are added by hand in the console today.
        """),
    "docs/deploy/kustomize-overlays.md": ("How our kustomize overlays work", """
        Each app has a base and three overlays. The base holds the Deployment, Service and shared
        settings; overlays patch replicas, log levels and image tags.

        ## Production differences

        Compared with dev, the {q} adds a PodDisruptionBudget and an autoscaler and pins a release tag
        instead of `main`. The other apps follow the same pattern.

        ## Previewing a change

        Run `ci/scripts/kustomize-diff.sh` to see the rendered difference before merging.
        """),
    "docs/web/graphql-codegen.md": ("GraphQL code generation in the dashboard", """
        The dashboard never writes GraphQL types by hand. `pnpm codegen` reads the schema and every
        `.graphql` document and writes one TypeScript file.

        ## When the build breaks

        If the type checker complains after a schema change, regenerate: the {q} are stale. Never edit
        the output by hand; CI checks that it is up to date.
        """),
    "docs/finance/ledger-reconciliation.md": ("Reconciling the ledger with the bank", """
        Finance expects the ledger to match bank statements to the cent every morning.

        ## How it runs

        The {q} starts at 02:00 UTC, imports the statement files, matches lines to ledger entries by
        reference and amount, and books anything unmatched to the suspense account.

        ## When it fails

        Re-run it from the scheduler UI; it is idempotent per statement date.
        """),
    "docs/integrations/webhooks.md": ("Webhooks for merchants", """
        Merchants subscribe endpoints to event types and receive signed POST requests.

        ## Security

        Every delivery carries an `Acme-Signature` header (HMAC-SHA256 of timestamp and body). Our SDKs
        implement {q} for merchants; requests older than five minutes are rejected to stop replays.

        ## Retries

        Failed deliveries are retried with backoff for up to three days, then the endpoint is disabled.
        """),
}

_HEADING_DOCS = {
    "docs/runbooks/payments-outage.md": dedent("""
        # Payments outage runbook

        Use this when card authorisations fail above 2% for five minutes.

        ## Triage

        Check the acquirer status page and the error-rate alarm first; most incidents are upstream.

        ## Rolling back a bad deploy

        Find the last green release tag, run the deploy-prod workflow with that tag, and watch the
        authorisation rate recover before closing the incident.

        ## Communicating

        Post in #status every 30 minutes until resolved.
        """),
    "docs/runbooks/on-call.md": dedent("""
        # On-call handbook

        Moved from docs/oncall.md. Rotations are weekly, handover on Monday 10:00.

        ## Escalation ladder

        Primary on-call, then secondary, then the engineering manager of the owning team, then the
        head of engineering. Page the next step after 15 minutes without acknowledgement.

        ## Tooling

        Alerts come from CloudWatch and Prometheus through the on-call SNS topic.
        """),
    "docs/adr/0003-monorepo-layout.md": dedent("""
        # ADR 0003: Monorepo layout

        ## Context

        Services, crates, packages and infrastructure lived in eleven repositories with drifting tooling.

        ## Decision

        One repository: Go services under `services/`, Rust crates under `crates/`, Python under `python/`
        and `ml/`, TypeScript under `packages/`, `apps/` and `web/`, infrastructure under `infra/` and
        `deploy/`. Generated code goes to `gen/` or a `generated/` folder and is never edited by hand.

        ## Consequences

        CI must build only what changed; see ci/scripts/changed-services.sh.
        """),
    "docs/guides/local-development.md": dedent("""
        # Local development

        ## Prerequisites

        Go 1.22, Rust stable, Python 3.11, Node 20 with pnpm, Docker.

        ## Running Postgres locally

        `docker compose up postgres` starts Postgres 16 on port 5432 with the init scripts from
        `deploy/postgres/initdb`; then run the migrations with `make migrate`.

        ## Running one service

        `make run SERVICE=orders`.
        """),
    "docs/guides/releasing.md": dedent("""
        # Releasing

        ## Cutting a release branch

        The release-train workflow cuts `release/<date>` every Tuesday; to cut one by hand run
        `ci/scripts/cut-release.sh` from a clean main.

        ## Hotfixes

        Cherry-pick onto the release branch and tag a patch version.
        """),
    "docs/postmortems/2024-03-ledger-drift.md": dedent("""
        # Postmortem: ledger drift, March 2024

        ## Summary

        For six hours ledger balances drifted from the payments service by up to 0.3% because of a
        rounding change in the currency tables.

        ## Timeline

        09:12 alert on balance mismatch; 09:40 rounding change identified; 11:05 fix deployed;
        15:20 backfill finished and balances matched again.

        ## Action items

        Property tests for rounding in crates/money; an alert on drift above 0.01%.
        """),
    "docs/policies/data-retention.md": dedent("""
        # Data retention policy

        ## Scope

        Personal data in every service database, logs and exports.

        ## Deletion windows

        Session data 30 days, support tickets 2 years, invoices 10 years (legal requirement), raw
        analytics events 13 months.

        ## Requests

        Erasure requests are handled by the compliance service within 30 days.
        """),
    "docs/architecture/api-versioning.md": dedent("""
        # API versioning

        ## Versions

        Public HTTP APIs carry the major version in the path (`/v1/`); protobuf packages in the name.

        ## Breaking changes

        Removing a field, renaming an enum value or tightening validation needs a new major version and
        six months of overlap. `buf breaking` enforces this for protobuf.
        """),
}

_ADRS = ("record-architecture-decisions", "use-postgres-per-service", "monorepo-layout",
         "grpc-between-services", "kafka-for-domain-events", "kustomize-over-helm", "ecs-for-stateless-services",
         "rust-for-hot-paths", "opentelemetry-everywhere", "feature-flags-service", "money-in-minor-units",
         "graphql-for-the-dashboard", "outbox-pattern", "idempotency-keys", "sqlc-for-queries",
         "buf-for-protobuf", "pnpm-workspaces", "terraform-module-registry", "tenant-id-everywhere",
         "structured-logging", "canary-deploys", "postgrest-for-partners", "cgo-for-billing-meter",
         "vendoring-go-dependencies")


_DATA_MODEL_NOTES = (
    "Rows are soft-deleted and purged by the retention job.", "Every table is keyed by tenant id first.",
    "History is kept in an append-only audit table.", "Large payloads live in S3; the row keeps the key.",
    "Amounts are stored in minor units with an ISO currency code.", "Status changes go through a state machine.",
)


def _service_doc(rng: random.Random, d: tuple[str, str, str, str]) -> str:
    name, entity, entity2, purpose = d
    kinds = rng.sample(KINDS, 3)
    sections = [f"# {camel(name)}\n\nThe {name} service {purpose}. Owned by {rng.choice(TEAMS)}.\n",
                f"## Data model\n\nMain tables: `{name}.{plural(entity)}` and `{name}.{plural(entity2)}`. "
                f"{rng.choice(_DATA_MODEL_NOTES)}\n",
                "## Components\n\n" + "".join(f"- {k}: {doc_line(rng, k, name, entity)}\n" for k, _, _ in kinds),
                f"## Failure modes\n\n{rng.choice(('Database failover', 'Kafka lag', 'A slow upstream', 'Cache stampedes'))} "
                f"is the usual cause of {name} incidents; see the runbook.\n"]
    return "\n".join(sections)


def _data_flow_doc(rng: random.Random, d: tuple[str, str, str, str]) -> str:
    name, entity, entity2, purpose = d
    upstream = rng.choice([x[0] for x in DOMAINS if x[0] != name])
    downstream = rng.choice([x[0] for x in DOMAINS if x[0] not in (name, upstream)])
    return dedent(f"""
        # Data flow: {name}

        How a {entity.replace('_', ' ')} moves through the {name} service, which {purpose}.

        ## Inputs

        Requests arrive through the gateway; {upstream} also sends events that create or update
        {entity2.replace('_', ' ')} rows.

        ## Outputs

        Every change is written to the outbox in the same transaction and relayed to Kafka, where
        {downstream} consumes it. {sentence(rng)}

        ## Storage

        Postgres schema `{name}`; hot reads are cached for {rng.choice((30, 60, 300))} seconds.
        """)


def generate(tree: Tree, rng: random.Random) -> None:
    tree.add(L.BENCHMARK_NOTE, _benchmark_note())
    for q, path in L.QUOTED_ONCE_BY_TOPIC_NOTES.items():
        title, body = _TOPIC_NOTES[path]
        tree.add(path, f"# {title}\n\n" + dedent(body).format(q=q))
    for path, text in _HEADING_DOCS.items():
        tree.add(path, text)
    for i, slug in enumerate(_ADRS, 1):
        path = f"docs/adr/{i:04d}-{slug}.md"
        if not tree.has(path):
            tree.add(path, f"# ADR {i:04d}: {slug.replace('-', ' ').capitalize()}\n\n## Status\n\nAccepted.\n\n"
                     f"## Context\n\n{sentence(rng, 2)}\n\n## Decision\n\nWe {slug.replace('-', ' ')}.\n")
    for d in DOMAINS:
        tree.add(f"docs/architecture/services/{d[0]}.md", _service_doc(rng, d))
        tree.add(f"docs/design/{d[0]}-data-flow.md", _data_flow_doc(rng, d))
        if rng.random() < 0.8:
            tree.add(f"docs/runbooks/{d[0]}-alerts.md", f"# {camel(d[0])} alerts\n\n## High error rate\n\n"
                     f"Check recent deploys of {d[0]} and its database. {sentence(rng)}\n\n## High latency\n\n"
                     f"Look at the p99 dashboard and slow query log.\n")
    for slug, title in (("onboarding", "Engineering onboarding"), ("code-review", "Code review guidelines"),
                        ("testing", "Testing strategy"), ("observability", "Observability"),
                        ("secrets", "Handling secrets"), ("feature-flags", "Working with feature flags")):
        tree.add(f"docs/guides/{slug}.md", f"# {title}\n\n{sentence(rng, 3)}\n\n## Checklist\n\n- read the "
                 f"service README\n- run the tests\n")
    tree.add("docs/README.md", "# Documentation\n\nArchitecture (`architecture/`), decisions (`adr/`), "
             "runbooks, guides, policies and postmortems.\n")
    gen_root(tree)


def gen_root(tree: Tree) -> None:
    tree.add("README.md", dedent("""
        # Acme platform monorepo

        Go services (`services/`), Rust crates (`crates/`), Python packages (`python/`, `ml/`), TypeScript
        (`packages/`, `apps/`, `web/`), API definitions (`proto/`, `api/graphql/`), generated code (`gen/`),
        SQL (`db/`), infrastructure (`infra/terraform/`, `deploy/`), client SDKs (`sdk/`) and docs (`docs/`).

        `apps/storefront` and `apps/backoffice` form a multi-root workspace (`.workspace-roots`).
        """))
    moves = "".join(f"- Moved `{old}` → `{new}`\n" for old, new in L.MOVED_FILES.items())
    tree.add(L.CHANGELOG, "# Changelog\n\n## 2024.06.2\n\n### Moved\n\n" + moves + dedent("""

        ### Changed

        - Payments SDKs: idempotency keys are required for every write.
        - Dashboard: invoices table shows refunds in red.

        ## 2024.06.1

        ### Added

        - PostgREST partner API for orders and shipments.
        - Release train workflow.
        """))
    tree.add(".gitignore", "# Local artefacts never committed.\n*.log\ntmp/\nnode_modules/\n"
             "# Marker written by the fixture materializer.\n.fixture-spec.json\n")
    roots = "".join(f"{r}\n" for r in L.WORKSPACE_ROOTS)
    tree.add(".workspace-roots", "# Roots of the multi-root workspace (one folder a line).\n" + roots)
    tree.add("logs/ingest-2024-05-01.log", "2024-05-01T00:00:00Z INFO ingest started\n")
    tree.add("tmp/fixtures/seed-dump.json", '{"note": "scratch output, ignored"}')
