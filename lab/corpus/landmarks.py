"""Key paths of the fixture monorepo, for suite and task authors.

Every path is relative to the corpus root and exists in the default materialization
(`tests/test_corpus_fixture.py` checks each one). Paths inside a workspace root keep their root
prefix here (`apps/storefront/src/config.ts`); MULTI_ROOT_PAIRS says which ones share a relative
path. The golden-query constants at the bottom are what the contamination report will find:
the benchmark note quotes two of them, each topic note mentions one of them once.
"""

from __future__ import annotations

# --- multi-root workspace ------------------------------------------------------------------
#: The two roots listed in `.workspace-roots` (one per line), storefront first.
WORKSPACE_ROOTS: tuple[str, str] = ("apps/storefront", "apps/backoffice")
#: name -> (storefront path, backoffice path): same relative path under both roots, different code.
MULTI_ROOT_PAIRS: dict[str, tuple[str, str]] = {
    "session": ("apps/storefront/src/lib/session.ts", "apps/backoffice/src/lib/session.ts"),
    "api_client": ("apps/storefront/src/api/client.ts", "apps/backoffice/src/api/client.ts"),
    "config": ("apps/storefront/src/config.ts", "apps/backoffice/src/config.ts"),
    "orders_page": ("apps/storefront/src/pages/orders.tsx", "apps/backoffice/src/pages/orders.tsx"),
    "auth_callback_page": ("apps/storefront/src/pages/auth/callback.tsx",
                           "apps/backoffice/src/pages/auth/callback.tsx"),
    "readme": ("apps/storefront/README.md", "apps/backoffice/README.md"),
}

# --- same stem, different extension, one folder ---------------------------------------------
#: The source log's case: Go config and Rust config side by side (maybe_exts ["go", "rs"]).
SAME_STEM_PAIR: tuple[str, str] = ("services/billing/config.go", "services/billing/config.rs")
#: name -> files sharing stem and folder, differing only in extension.
SAME_STEM_GROUPS: dict[str, tuple[str, ...]] = {
    "billing_config": SAME_STEM_PAIR,
    "edge_router": ("services/edge-proxy/router.go", "services/edge-proxy/router.rs"),
    "edge_config": ("services/edge-proxy/config.go", "services/edge-proxy/config.rs"),
    "catalog_schema": ("services/catalog/schema/schema.graphql", "services/catalog/schema/schema.sql"),
    "dashboard_config": ("web/dashboard/config.json", "web/dashboard/config.ts"),
}

# --- cross-language clients of the same API (payments) --------------------------------------
GO_CLIENT = "sdk/go/payments/client.go"                  # Go client of the payments API
GO_CLIENT_RETRY = "sdk/go/payments/retry.go"             # retry backoff of the Go payments client
RUST_CLIENT = "sdk/rust/payments/src/client.rs"          # Rust client of the same API
RUST_CLIENT_RETRY = "sdk/rust/payments/src/retry.rs"     # retry backoff of the Rust payments client
TS_CLIENT = "sdk/typescript/payments/src/client.ts"      # TypeScript client of the same API
PY_CLIENT = "sdk/python/payments/src/acme_payments/client.py"  # Python client of the same API
#: name -> path of every payments-API client file above.
CLIENTS: dict[str, str] = {
    "go_client": GO_CLIENT, "go_retry": GO_CLIENT_RETRY, "rust_client": RUST_CLIENT,
    "rust_retry": RUST_CLIENT_RETRY, "ts_client": TS_CLIENT, "py_client": PY_CLIENT,
}

# --- hand-written vs generated ---------------------------------------------------------------
PROTO_SOURCE = "proto/payments/v1/payments.proto"              # the hand-written API definition
GENERATED_PB_GO = "gen/go/payments/v1/payments.pb.go"          # protoc-gen-go output
GENERATED_GRPC_GO = "gen/go/payments/v1/payments_grpc.pb.go"   # protoc-gen-go-grpc output
GENERATED_PB2 = "gen/python/payments/v1/payments_pb2.py"       # protoc python output
HANDWRITTEN_SERVER = "services/payments/internal/grpcserver/server.go"  # hand-written gRPC server
GRAPHQL_SCHEMA = "api/graphql/schema.graphql"                  # the GraphQL schema (hand-written)
GRAPHQL_GENERATED = "web/dashboard/src/generated/graphql.ts"   # types generated from the schema
GRAPHQL_CODEGEN_CONFIG = "web/dashboard/codegen.yml"           # graphql-codegen config producing it
#: name -> path: the hand-written side and the generated side of each pair.
GENERATED_PAIRS: dict[str, tuple[str, str]] = {
    "payments_proto_go": (HANDWRITTEN_SERVER, GENERATED_PB_GO),
    "payments_proto_py": (PROTO_SOURCE, GENERATED_PB2),
    "graphql": (GRAPHQL_SCHEMA, GRAPHQL_GENERATED),
}

# --- configuration disambiguation ------------------------------------------------------------
K8S_BASE = "deploy/k8s/apps/checkout/base/kustomization.yaml"        # kustomize base of checkout
DEV_OVERLAY = "deploy/k8s/apps/checkout/overlays/dev/kustomization.yaml"    # dev overlay (1 replica)
PROD_OVERLAY = "deploy/k8s/apps/checkout/overlays/prod/kustomization.yaml"  # prod overlay (HPA, PDB)
VPC_MODULE = "infra/terraform/modules/vpc/main.tf"     # Terraform VPC module (subnets, NAT)
ECS_MODULE = "infra/terraform/modules/ecs/main.tf"     # Terraform ECS module (cluster, services)
POSTGRES_CONFIG = "deploy/postgres/postgresql.conf"    # the Postgres server config
POSTGRES_ROLES = "deploy/postgres/initdb/01-roles.sql"  # Postgres roles created at init
POSTGREST_CONFIG = "deploy/postgrest/postgrest.conf"    # PostgREST (REST API over Postgres) config
POSTGREST_API_VIEWS = "db/postgrest/api_views.sql"      # views PostgREST exposes as endpoints

# --- deep paths, vendor, reranker ------------------------------------------------------------
#: Where OAuth authorization-code callbacks are verified (state, PKCE) — 9 folders deep.
OAUTH_CALLBACK = ("services/identity/internal/auth/providers/oauth2/flows/authorization_code/"
                  "callback/handler.go")
OAUTH_AUTHORIZE = ("services/identity/internal/auth/providers/oauth2/flows/authorization_code/"
                   "authorize/handler.go")            # the redirect that starts the flow (decoy)
#: name -> path of files at least 6 folders deep.
DEEP_PATHS: dict[str, str] = {
    "oauth_callback": OAUTH_CALLBACK,
    "invoice_amount_cell": "web/dashboard/src/features/billing/invoices/components/table/cells/AmountCell.tsx",
    "predicate_pushdown": "crates/query-engine/src/planner/rules/pushdown/predicate_pushdown.rs",
    "salesforce_bulk": "python/etl/src/etl/connectors/sources/saas/salesforce/bulk_api.py",
    "prod_ecs_task_role": "infra/terraform/live/prod/eu-west-1/services/checkout/task_role.tf",
}
OWN_BACKOFF = "libs/go/retry/backoff.go"                            # our exponential backoff
VENDOR_BACKOFF = "vendor/github.com/cenkalti/backoff/v4/exponential.go"  # vendored look-alike
VENDOR_ROOT = "vendor"                                              # the Go vendor/ tree
RERANKER_ENTRY = "ml/reranker/src/reranker/__main__.py"   # `python -m reranker` entry point
RERANKER_MODEL = "ml/reranker/src/reranker/model.py"      # the MaxSim model it loads (decoy)
RERANKER_GO_CLIENT = "services/search/internal/rerank/client.go"  # Go caller of the reranker

# --- exact names, tests, docs, moves ---------------------------------------------------------
#: name -> path of files whose base name occurs exactly once in the corpus.
UNIQUE_FILES: dict[str, str] = {
    "ledger_reconciler": "services/ledger/internal/reconcile/ledger_reconciler.go",
    "invoice_pdf_renderer": "python/invoicing/src/invoicing/pdf/invoice_pdf_renderer.py",
    "feature_flags": "packages/flags/src/feature_flags.ts",
    "webhook_signature": "services/webhooks/internal/signing/webhook_signature.go",
    "currency_rounding": "crates/money/src/currency_rounding.rs",
    "geohash_index": "python/geo_tools/src/geo_tools/geohash_index.py",
    "csv_streamer": "packages/exports-ui/src/csv_streamer.ts",
    "fraud_velocity_rules": "db/fraud/fraud_velocity_rules.sql",
    "carrier_rate_card": "services/shipping/internal/carriers/carrier_rate_card.go",
    "sku_normalizer": "python/catalog_ingest/src/catalog_ingest/sku_normalizer.py",
    "dunning_schedule": "services/subscriptions/internal/dunning/dunning_schedule.go",
    "vat_moss_report": "python/tax_reports/src/tax_reports/vat_moss_report.py",
    "consent_banner": "packages/ui-kit/src/ConsentBanner.tsx",
    "pick_path_optimizer": "crates/warehouse-routing/src/pick_path_optimizer.rs",
    "chargeback_evidence": "services/refunds/internal/disputes/chargeback_evidence.go",
    "session_fingerprint": "packages/device-intel/src/session_fingerprint.ts",
    "loyalty_tier_rules": "services/loyalty/rules/loyalty_tier_rules.yaml",
    "bloom_dedup": "crates/event-dedup/src/bloom_dedup.rs",
    "kyc_document_ocr": "python/onboarding_ocr/src/onboarding_ocr/kyc_document_ocr.py",
    "warehouse_slotting": "db/warehouse/warehouse_slotting.sql",
    "experiment_bucketing": "services/experiments/internal/assign/experiment_bucketing.go",
    "audit_trail_proto": "proto/audit/v1/audit_trail.proto",
    "cloudfront_cache_policy": "infra/terraform/modules/cdn/cloudfront_cache_policy.tf",
    "release_train_workflow": ".github/workflows/release-train.yml",
}
#: name -> (implementation, its test beside or near it).
TEST_IMPL_PAIRS: dict[str, tuple[str, str]] = {
    "oauth_callback": (OAUTH_CALLBACK, OAUTH_CALLBACK.replace("handler.go", "handler_test.go")),
    "ledger_reconciler": (UNIQUE_FILES["ledger_reconciler"],
                          "services/ledger/internal/reconcile/ledger_reconciler_test.go"),
    "go_payments_retry": (GO_CLIENT_RETRY, "sdk/go/payments/retry_test.go"),
    "token_bucket": ("crates/throttle/src/token_bucket.rs", "crates/throttle/tests/token_bucket.rs"),
    "sku_normalizer": (UNIQUE_FILES["sku_normalizer"], "python/catalog_ingest/tests/test_sku_normalizer.py"),
    "feature_flags": (UNIQUE_FILES["feature_flags"], "packages/flags/src/feature_flags.test.ts"),
}
#: name -> "path#heading" of Markdown sections with distinct headings.
DOC_HEADINGS: dict[str, str] = {
    "payments_rollback": "docs/runbooks/payments-outage.md#Rolling back a bad deploy",
    "oncall_escalation": "docs/runbooks/on-call.md#Escalation ladder",
    "monorepo_decision": "docs/adr/0003-monorepo-layout.md#Decision",
    "local_postgres": "docs/guides/local-development.md#Running Postgres locally",
    "release_branch": "docs/guides/releasing.md#Cutting a release branch",
    "ledger_drift_timeline": "docs/postmortems/2024-03-ledger-drift.md#Timeline",
    "deletion_windows": "docs/policies/data-retention.md#Deletion windows",
    "breaking_changes": "docs/architecture/api-versioning.md#Breaking changes",
}
CHANGELOG = "CHANGELOG.md"  # names every move below as `old` -> `new`
#: old path (absent from the corpus) -> new path (present), as CHANGELOG.md records them.
MOVED_FILES: dict[str, str] = {
    "services/identity/oauth/callback.go": OAUTH_CALLBACK,
    "pkg/backoff/backoff.go": OWN_BACKOFF,
    "scripts/rerank.py": RERANKER_ENTRY,
    "python/billing_reports/report.py": "python/invoicing/src/invoicing/pdf/render.py",
    "docs/oncall.md": "docs/runbooks/on-call.md",
    "crates/ratelimit/src/bucket.rs": "crates/throttle/src/token_bucket.rs",
    "web/dashboard/src/api.ts": "web/dashboard/src/api/client.ts",
    "infra/terraform/modules/network/nat.tf": "infra/terraform/modules/vpc/nat.tf",
}
#: Files the generator writes that the corpus `.gitignore` (or a nested one) excludes.
IGNORED_PATHS: tuple[str, ...] = (
    "logs/ingest-2024-05-01.log",
    "tmp/fixtures/seed-dump.json",
    "web/dashboard/dist/main.js",
    ".fixture-spec.json",
)

# --- golden queries the docs quote (contamination report) -----------------------------------
#: Two golden queries quoted verbatim, in backticks, by the benchmark note: its one true finding.
QUOTED_BY_BENCHMARK_NOTE: tuple[str, str] = ("oauth callback handler", "reranker entry point")
BENCHMARK_NOTE = "docs/evaluation/path-resolution-benchmark.md"
#: golden query -> topic note mentioning it exactly once (a decoy: one quote is never reported).
QUOTED_ONCE_BY_TOPIC_NOTES: dict[str, str] = {
    "postgrest pool settings": "docs/data/postgrest.md",
    "terraform vpc module": "docs/infra/networking.md",
    "checkout prod overlay": "docs/deploy/kustomize-overlays.md",
    "graphql generated types": "docs/web/graphql-codegen.md",
    "ledger reconciliation job": "docs/finance/ledger-reconciliation.md",
    "webhook signature verification": "docs/integrations/webhooks.md",
}
#: golden query -> its expected answer (a source file, never the note quoting it).
GOLDEN_ANSWERS: dict[str, str] = {
    "oauth callback handler": OAUTH_CALLBACK,
    "reranker entry point": RERANKER_ENTRY,
    "postgrest pool settings": POSTGREST_CONFIG,
    "terraform vpc module": VPC_MODULE,
    "checkout prod overlay": PROD_OVERLAY,
    "graphql generated types": GRAPHQL_GENERATED,
    "ledger reconciliation job": UNIQUE_FILES["ledger_reconciler"],
    "webhook signature verification": UNIQUE_FILES["webhook_signature"],
}


def all_landmark_paths() -> list[str]:
    """Every path named above (sorted, deduplicated), headings stripped, moved-from paths excluded."""
    out: list[str] = []
    for name, value in sorted(globals().items()):
        if not name.isupper() or name in ("MOVED_FILES", "IGNORED_PATHS", "QUOTED_BY_BENCHMARK_NOTE",
                                          "QUOTED_ONCE_BY_TOPIC_NOTES", "GOLDEN_ANSWERS", "VENDOR_ROOT",
                                          "WORKSPACE_ROOTS"):
            continue
        stack = [value]
        while stack:
            v = stack.pop()
            if isinstance(v, str):
                out.append(v.split("#", 1)[0])
            elif isinstance(v, dict):
                stack.extend(v.values())
            elif isinstance(v, tuple):
                stack.extend(v)
    out.extend(MOVED_FILES.values())
    out.extend(QUOTED_ONCE_BY_TOPIC_NOTES.values())
    out.extend(GOLDEN_ANSWERS.values())
    return sorted(set(out))
