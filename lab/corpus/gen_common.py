"""Shared vocabulary and helpers for the fixture generators.

Every generator receives its own `random.Random` (derived from the spec seed and the generator's
name, so editing one generator does not reshuffle the others) and a `Tree` to add files to.
Word lists are tuples, iterated in order: nothing here depends on set or dict-hash ordering.
"""

from __future__ import annotations

import random
import textwrap
from dataclasses import dataclass, field


class DuplicatePath(ValueError):
    pass


@dataclass
class Tree:
    """Relative path -> content, refusing accidental overwrites (two generators, one path)."""

    files: dict[str, bytes] = field(default_factory=dict)

    def add(self, path: str, text: str) -> None:
        if path in self.files:
            raise DuplicatePath(path)
        if not text.endswith("\n"):
            text += "\n"
        self.files[path] = text.encode("utf-8")

    def has(self, path: str) -> bool:
        return path in self.files


def rng_for(seed: int, name: str) -> random.Random:
    # str seeds go through sha512 (seed version 2): stable across processes and PYTHONHASHSEED.
    return random.Random(f"{seed}/{name}")


def dedent(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def camel(name: str) -> str:
    """`refund_window` / `refund-window` -> `RefundWindow`."""
    return "".join(w[:1].upper() + w[1:] for w in name.replace("-", "_").split("_") if w)


def lower_camel(name: str) -> str:
    c = camel(name)
    return c[:1].lower() + c[1:]


def snake(name: str) -> str:
    return name.replace("-", "_")


def plural(word: str) -> str:
    """`entry` -> `entries`, `address` -> `addresses`, `bin` -> `bins` (table names)."""
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    return word + "s"


# Business domains: name -> (main entity, second entity, one-line purpose).
DOMAINS: tuple[tuple[str, str, str, str], ...] = (
    ("payments", "payment", "charge", "captures card and bank payments and tracks their settlement"),
    ("billing", "invoice", "usage_record", "turns metered usage into invoices"),
    ("ledger", "entry", "account", "keeps the double-entry ledger and its balances"),
    ("identity", "user", "credential", "authenticates users and issues tokens"),
    ("notifications", "notification", "template", "fans out email, push and SMS notifications"),
    ("search", "document", "query", "indexes catalog documents and answers search queries"),
    ("catalog", "product", "variant", "owns products, variants and their attributes"),
    ("inventory", "stock_item", "reservation", "tracks stock levels and reservations per warehouse"),
    ("shipping", "shipment", "parcel", "books carriers and tracks parcels"),
    ("checkout", "cart", "checkout_session", "turns carts into orders"),
    ("orders", "order", "line_item", "stores orders and their lifecycle"),
    ("pricing", "price", "discount", "computes prices, discounts and promotions"),
    ("analytics", "event", "funnel", "collects product events and builds funnels"),
    ("audit", "audit_event", "actor", "records who changed what and when"),
    ("gateway", "route", "upstream", "routes public API traffic to internal services"),
    ("scheduler", "job", "trigger", "runs cron-like jobs with leases"),
    ("reports", "report", "dataset", "renders scheduled business reports"),
    ("media", "asset", "rendition", "stores images and video renditions"),
    ("profiles", "profile", "preference", "stores customer profiles and preferences"),
    ("recommendations", "recommendation", "signal", "serves personalised product recommendations"),
    ("fraud", "risk_score", "rule", "scores transactions for fraud risk"),
    ("tax", "tax_rate", "jurisdiction", "calculates sales tax and VAT"),
    ("subscriptions", "subscription", "plan", "manages recurring plans and renewals"),
    ("webhooks", "endpoint", "delivery", "delivers outbound webhooks to merchants"),
    ("onboarding", "application", "document_check", "walks new merchants through KYC"),
    ("support", "ticket", "conversation", "routes customer support tickets"),
    ("geo", "address", "region", "normalises addresses and resolves regions"),
    ("loyalty", "reward", "tier", "awards loyalty points and tiers"),
    ("refunds", "refund", "dispute", "handles refunds and chargeback disputes"),
    ("exports", "export_job", "file_chunk", "exports tenant data as CSV and Parquet"),
    ("sessions", "session", "device", "tracks browser and device sessions"),
    ("quotes", "quote", "quote_line", "prepares B2B quotes and approvals"),
    ("warehouse", "bin", "pick_list", "plans picking and packing in warehouses"),
    ("messaging", "message", "channel", "stores in-app messages between users"),
    ("experiments", "experiment", "variant_assignment", "assigns users to A/B experiment arms"),
    ("compliance", "policy", "attestation", "tracks compliance policies and attestations"),
)

DOMAIN_NAMES: tuple[str, ...] = tuple(d[0] for d in DOMAINS)
DOMAIN = {d[0]: d for d in DOMAINS}

# Component kinds of a service: kind -> (doc phrasings, method names). {d}=domain, {e}=entity.
KINDS: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("handler", ("HTTP handlers for the {d} API", "request handlers exposing {e} resources",
                 "JSON endpoints of the {d} service"), ("list", "get", "create", "update")),
    ("store", ("Postgres persistence for {e} rows", "repository over the {d} tables",
               "SQL-backed storage of {e} records"), ("insert", "find_by_id", "list_page", "mark_deleted")),
    ("cache", ("read-through cache of {e} lookups", "Redis cache in front of the {d} store",
               "short-lived in-memory cache for hot {e} reads"), ("get", "put", "invalidate")),
    ("worker", ("background worker draining the {d} job queue", "asynchronous processing of {e} tasks",
                "long-running consumer that settles pending {e} work"), ("run", "process_batch", "stop")),
    ("events", ("domain events published when a {e} changes", "Kafka producer for {d} change events",
                "outbox relay for {e} events"), ("publish", "encode", "flush")),
    ("metrics", ("Prometheus metrics of the {d} service", "counters and latency histograms for {e} calls",
                 "instrumentation helpers for {d}"), ("observe", "inc_errors", "register")),
    ("middleware", ("request middleware: tracing, auth context, request ids",
                    "HTTP middleware chain for the {d} API", "panic recovery and access logging"),
     ("wrap", "recover", "log_request")),
    ("validation", ("input validation of {e} payloads", "schema checks before a {e} is stored",
                    "field-level validation rules for {d}"), ("validate", "check_limits", "normalize")),
    ("mapper", ("conversions between API and storage shapes of a {e}", "DTO mapping for {d}",
                "translates wire types into {e} models"), ("to_model", "from_model", "to_summary")),
    ("clock", ("injectable clock so {d} tests control time", "time source abstraction for {d}",
               "deadline and timeout helpers"), ("now", "after", "until")),
    ("ratelimit", ("per-tenant rate limiting for {d} writes", "token-bucket limiter guarding the {e} API",
                   "quota enforcement for {d} callers"), ("allow", "reserve", "refill")),
    ("idempotency", ("idempotency keys so retried {e} writes apply once",
                     "deduplication of client retries for {d}", "stores request fingerprints per key"),
     ("remember", "lookup", "expire")),
    ("search", ("filtering and pagination of {e} listings", "query builder for {d} list endpoints",
                "cursor pagination over {e} results"), ("build_filter", "next_cursor", "sort_keys")),
    ("health", ("liveness and readiness probes", "dependency health checks for {d}",
                "health endpoint reporting database and queue status"), ("check", "ready", "live")),
    ("export", ("CSV export of {e} data", "streams {d} records to object storage",
                "bulk export of {e} rows for finance"), ("export", "write_header", "write_row")),
    ("policy", ("authorization rules for {e} access", "who may read or change a {e}",
                "role checks applied by the {d} handlers"), ("can_read", "can_write", "explain")),
)
KIND = {k[0]: k for k in KINDS}

ENVS: tuple[str, ...] = ("dev", "staging", "prod")

# Extra nouns/adjectives to vary doc comments and Markdown prose.
QUALIFIERS: tuple[str, ...] = (
    "Keep this small; callers compose it.", "Safe for concurrent use.",
    "Not safe for concurrent use; wrap it in a mutex.", "All times are UTC.",
    "Errors are wrapped with the operation name.", "Amounts are minor units (cents).",
    "See the service README for the data flow.", "Owned by the platform team.",
    "Behaviour is covered by the table tests next to this file.",
    "Limits come from the service config.", "Feature-flagged in production.",
    "Logs never include personal data.", "Tenant id is always the first key.",
)

TEAMS: tuple[str, ...] = ("platform", "payments-core", "growth", "fulfilment", "risk", "data",
                          "identity", "developer-experience", "search-relevance", "finance-eng")


def doc_line(rng: random.Random, kind: str, domain: str, entity: str) -> str:
    phrase = rng.choice(KIND[kind][1])
    return phrase.format(d=domain, e=entity.replace("_", " "))


def sentence(rng: random.Random, n: int = 1) -> str:
    picks = list(QUALIFIERS)
    rng.shuffle(picks)
    return " ".join(picks[:n])


def pick(rng: random.Random, seq, k: int) -> list:
    """k distinct items of seq in seq order (stable, no set iteration)."""
    idx = sorted(rng.sample(range(len(seq)), k))
    return [seq[i] for i in idx]
