"""Hand-written files behind the landmarks (see landmarks.py): their text is what intents match.

Generic generators create the surrounding packages; this module adds the ambiguous neighbours:
polyglot folders, the payments SDKs in four languages, the deep OAuth callback, the reranker
package, uniquely named files and the test beside each of them.
"""

from __future__ import annotations

import random

from lab.corpus import landmarks as L
from lab.corpus.gen_common import Tree, camel, dedent
from lab.corpus.spec import FixtureSpec


def _go(doc: str, package: str, body: str) -> str:
    return f"// {doc}\npackage {package}\n\n" + dedent(body)


def gen_polyglot(tree: Tree) -> None:
    b = "services/billing"
    tree.add(f"{b}/README.md", dedent("""
        # Billing service

        Polyglot on purpose: the Go API (`main.go`, `handlers.go`, `config.go`) and the Rust metering
        engine (`lib.rs`, `meter.rs`, `config.rs`) that aggregates usage records live side by side. The
        Rust part is built as a static library and linked through cgo. Both read the same
        `billing.toml`; `config.go` and `config.rs` must agree on every key.
        """))
    tree.add(f"{b}/main.go", _go("Command billing serves the invoicing API and embeds the Rust metering engine.",
                                 "main", """
        import "log"

        func main() {
        	cfg, err := LoadConfig("billing.toml")
        	if err != nil {
        		log.Fatal(err)
        	}
        	serve(cfg)
        }
        """))
    tree.add(f"{b}/config.go", _go("Go side of the billing config: HTTP port, invoice numbering, tax mode.",
                                   "main", """
        import "github.com/BurntSushi/toml"

        // Config mirrors config.rs; keep the two in sync.
        type Config struct {
        	HTTPPort        int    `toml:"http_port"`
        	InvoicePrefix   string `toml:"invoice_prefix"`
        	TaxMode         string `toml:"tax_mode"`
        	MeterFlushEvery string `toml:"meter_flush_every"`
        }

        // LoadConfig reads billing.toml.
        func LoadConfig(path string) (Config, error) {
        	var c Config
        	_, err := toml.DecodeFile(path, &c)
        	return c, err
        }
        """))
    tree.add(f"{b}/config.rs", dedent("""
        // Rust side of the billing config: metering window, flush interval and usage aggregation limits.
        use serde::Deserialize;

        /// Mirrors `Config` in config.go; the metering engine reads only the meter_* keys.
        #[derive(Debug, Deserialize)]
        pub struct Config {
            pub meter_flush_every: String,
            pub meter_window_secs: u64,
            pub max_records_per_tenant: usize,
        }
        """))
    tree.add(f"{b}/handlers.go", _go("HTTP handlers of billing: create invoice, list invoices, preview usage.",
                                     "main", """
        import "net/http"

        func serve(cfg Config) {
        	http.HandleFunc("/v1/invoices", listInvoices)
        	_ = http.ListenAndServe(":8080", nil)
        }

        func listInvoices(w http.ResponseWriter, r *http.Request) {}
        """))
    tree.add(f"{b}/handlers_test.go", "package main\n\nimport \"testing\"\n\nfunc TestListInvoices(t *testing.T) {}\n")
    tree.add(f"{b}/lib.rs", "// Metering engine of billing, linked into the Go binary through cgo.\npub mod config;\npub mod meter;\n")
    tree.add(f"{b}/meter.rs", dedent("""
        // Usage metering: aggregates usage records per tenant and window before invoicing.
        pub struct Meter { pub window_secs: u64 }

        impl Meter {
            pub fn record(&mut self, tenant: &str, units: u64) { let _ = (tenant, units); }
        }
        """))
    tree.add(f"{b}/Cargo.toml", '[package]\nname = "billing-meter"\nversion = "0.3.0"\nedition = "2021"\n\n'
             '[lib]\npath = "lib.rs"\ncrate-type = ["staticlib"]\n')
    tree.add(f"{b}/billing.toml", "# Shared settings of the Go API and the Rust meter.\nhttp_port = 8080\n"
             'invoice_prefix = "INV"\ntax_mode = "exclusive"\nmeter_flush_every = "30s"\n')

    e = "services/edge-proxy"
    tree.add(f"{e}/README.md", "# Edge proxy\n\nGo control plane (`*.go`) pushes routes to the Rust data plane "
             "(`*.rs`). `router.go` builds the route table; `router.rs` matches requests against it.\n")
    tree.add(f"{e}/router.go", _go("Control-plane route table: compiles gateway routes and pushes them to the data plane.",
                                   "edgeproxy", """
        // Route is one host+path prefix mapped to an upstream cluster.
        type Route struct {
        	Host, PathPrefix, Upstream string
        }
        """))
    tree.add(f"{e}/router.rs", "// Data-plane request router: longest-prefix match of host and path to an upstream.\n"
             "pub struct Router { routes: Vec<(String, String)> }\n")
    tree.add(f"{e}/config.go", _go("Control-plane config of the edge proxy: xDS port and route sources.",
                                   "edgeproxy", "type Config struct{ XDSPort int }\n"))
    tree.add(f"{e}/config.rs", "// Data-plane config of the edge proxy: listener ports, TLS and connection limits.\n"
             "pub struct Config { pub listen: u16, pub max_conns: usize }\n")
    tree.add(f"{e}/Cargo.toml", '[package]\nname = "edge-proxy"\nversion = "0.9.0"\nedition = "2021"\n')

    c = "services/catalog/schema"
    tree.add(f"{c}/schema.graphql", "# Catalog subgraph: products, variants and attributes as the API exposes them.\n"
             "type Product @key(fields: \"id\") { id: ID! title: String! }\n")
    tree.add(f"{c}/schema.sql", "-- Catalog tables in Postgres: products, variants, attributes.\n"
             "CREATE TABLE catalog.products (id uuid PRIMARY KEY, title text NOT NULL);\n")


def gen_sdks(tree: Tree) -> None:
    g = "sdk/go/payments"
    tree.add(f"{g}/client.go", _go("Package payments is the Go client of the payments API (charges, captures, refunds).",
                                   "payments", """
        import (
        	"context"
        	"net/http"
        )

        // Client calls the payments API; every call goes through doWithRetry (retry.go).
        type Client struct {
        	BaseURL string
        	HTTP    *http.Client
        	Retry   RetryPolicy
        }

        // CreateCharge creates a charge; safe to retry thanks to the idempotency key.
        func (c *Client) CreateCharge(ctx context.Context, amount int64, currency, idempotencyKey string) error {
        	return c.doWithRetry(ctx, "POST", "/v1/charges", idempotencyKey)
        }
        """))
    tree.add(f"{g}/retry.go", _go("Retry backoff of the Go payments client: exponential delays with jitter, "
                                  "retrying 429 and 5xx only.", "payments", """
        import (
        	"context"
        	"math/rand"
        	"time"
        )

        // RetryPolicy: delay = min(Max, Base * Multiplier^attempt), then full jitter.
        type RetryPolicy struct {
        	Base        time.Duration
        	Max         time.Duration
        	Multiplier  float64
        	MaxAttempts int
        }

        // DefaultRetry is deliberately aggressive for low-latency card flows.
        var DefaultRetry = RetryPolicy{Base: 50 * time.Millisecond, Max: 2 * time.Second, Multiplier: 3, MaxAttempts: 6}

        func (p RetryPolicy) delay(attempt int) time.Duration {
        	d := float64(p.Base)
        	for i := 0; i < attempt; i++ {
        		d *= p.Multiplier
        	}
        	if d > float64(p.Max) {
        		d = float64(p.Max)
        	}
        	return time.Duration(rand.Int63n(int64(d) + 1))
        }

        func (c *Client) doWithRetry(ctx context.Context, method, path, key string) error {
        	for attempt := 0; attempt < c.Retry.MaxAttempts; attempt++ {
        		select {
        		case <-ctx.Done():
        			return ctx.Err()
        		case <-time.After(c.Retry.delay(attempt)):
        		}
        	}
        	return nil
        }
        """))
    tree.add(f"{g}/retry_test.go", "package payments\n\nimport \"testing\"\n\n// Delays never exceed Max and grow "
             "with the attempt number.\nfunc TestRetryDelayCapped(t *testing.T) {\n\tp := DefaultRetry\n"
             "\tif p.delay(10) > p.Max {\n\t\tt.Fatal(\"delay above Max\")\n\t}\n}\n")
    tree.add(f"{g}/client_test.go", "package payments\n\nimport \"testing\"\n\nfunc TestCreateChargeSendsIdempotencyKey(t *testing.T) {}\n")
    tree.add(f"{g}/errors.go", _go("API errors of the payments client: card declined, insufficient funds, rate limited.",
                                   "payments", "type APIError struct{ Code, Message string }\n"))
    tree.add(f"{g}/config.go", _go("Client options of the Go payments SDK: base URL, API key, timeouts.",
                                   "payments", "type Options struct{ BaseURL, APIKey string }\n"))
    tree.add(f"{g}/README.md", "# Go payments client\n\n`go get github.com/acme/platform/sdk/go/payments`. "
             "Retries are configured by `RetryPolicy` in `retry.go`.\n")

    r = "sdk/rust/payments"
    tree.add(f"{r}/Cargo.toml", '[package]\nname = "acme-payments"\nversion = "0.7.1"\nedition = "2021"\n\n'
             '[dependencies]\nreqwest = { version = "0.12", features = ["json"] }\ntokio = "1"\n')
    tree.add(f"{r}/src/lib.rs", "// Rust client of the payments API (charges, captures, refunds).\npub mod client;\n"
             "pub mod config;\npub mod error;\npub mod retry;\n")
    tree.add(f"{r}/src/client.rs", dedent("""
        // Rust payments client: async calls to the payments API with idempotency keys.
        use crate::retry::RetryPolicy;

        /// Calls the payments API; requests are retried by `RetryPolicy::run`.
        pub struct Client {
            pub base_url: String,
            pub retry: RetryPolicy,
        }

        impl Client {
            /// Create a charge; idempotent for a given key.
            pub async fn create_charge(&self, amount: i64, currency: &str, key: &str) -> Result<(), crate::error::Error> {
                let _ = (amount, currency, key);
                Ok(())
            }
        }
        """))
    tree.add(f"{r}/src/retry.rs", dedent("""
        // Retry backoff of the Rust payments client: capped exponential delays with decorrelated jitter.
        use std::time::Duration;

        /// Backoff settings; conservative defaults for batch settlement jobs.
        #[derive(Clone, Debug)]
        pub struct RetryPolicy {
            pub base: Duration,
            pub max: Duration,
            pub max_attempts: u32,
        }

        impl Default for RetryPolicy {
            fn default() -> Self {
                Self { base: Duration::from_millis(200), max: Duration::from_secs(20), max_attempts: 4 }
            }
        }
        """))
    tree.add(f"{r}/src/config.rs", "// Options of the Rust payments client: base URL, API key, timeouts.\n"
             "pub struct Options { pub base_url: String, pub api_key: String }\n")
    tree.add(f"{r}/src/error.rs", "// Errors of the Rust payments client.\n#[derive(Debug)]\npub enum Error { Declined, RateLimited, Http(u16) }\n")
    tree.add(f"{r}/tests/retry.rs", "// Integration test: the Rust client stops after max_attempts.\n#[test]\nfn stops() {}\n")

    t = "sdk/typescript/payments"
    tree.add(f"{t}/package.json", '{\n  "name": "@acme/payments-client",\n  "version": "2.4.0"\n}')
    tree.add(f"{t}/src/client.ts", "/**\n * TypeScript client of the payments API for browsers and Node.\n */\n"
             "export class PaymentsClient {\n  constructor(private baseUrl: string) {}\n}\n")
    tree.add(f"{t}/src/retry.ts", "/**\n * Retry helper of the TypeScript payments client (fetch with backoff).\n */\n"
             "export const maxAttempts = 3;\n")
    tree.add(f"{t}/src/config.ts", "/** Options of the TypeScript payments client. */\nexport interface Options { baseUrl: string }\n")
    p = "sdk/python/payments"
    tree.add(f"{p}/pyproject.toml", '[project]\nname = "acme-payments"\nversion = "1.9.0"\n')
    tree.add(f"{p}/src/acme_payments/__init__.py", '"""Python client of the payments API."""\n')
    tree.add(f"{p}/src/acme_payments/client.py", '"""Python payments client: sync httpx calls with idempotency keys."""\n\n'
             "class PaymentsClient:\n    def __init__(self, base_url: str) -> None:\n        self.base_url = base_url\n")
    tree.add(f"{p}/src/acme_payments/retry.py", '"""Retry backoff of the Python payments client (tenacity-based)."""\n')
    tree.add(f"{p}/src/acme_payments/config.py", '"""Options of the Python payments client."""\n')
    # Clients of other APIs, so "the Go client" alone stays ambiguous.
    for api in ("orders", "identity", "catalog"):
        tree.add(f"sdk/go/{api}/client.go", f"// Package {api} is the Go client of the {api} API.\npackage {api}\n\n"
                 "type Client struct{ BaseURL string }\n")
        tree.add(f"sdk/go/{api}/retry.go", f"// Retries of the Go {api} client (shared libs/go/retry policy).\npackage {api}\n")
        tree.add(f"sdk/rust/{api}/src/client.rs", f"// Rust client of the {api} API.\npub struct Client;\n")
        tree.add(f"sdk/rust/{api}/Cargo.toml", f'[package]\nname = "acme-{api}"\nversion = "0.2.0"\nedition = "2021"\n')


def gen_identity(tree: Tree) -> None:
    d = "services/identity/internal/auth/providers/oauth2/flows/authorization_code"
    tree.add(L.OAUTH_CALLBACK, _go("Package callback verifies OAuth authorization-code callbacks: it checks the "
                                   "state parameter, the PKCE verifier and the nonce, then exchanges the code for tokens.",
                                   "callback", """
        // Moved from services/identity/oauth/callback.go (see CHANGELOG.md).

        import (
        	"crypto/subtle"
        	"errors"
        	"net/http"
        )

        var errStateMismatch = errors.New("oauth callback: state mismatch")

        // Handler serves GET /oauth2/callback for every configured provider.
        type Handler struct {
        	Sessions SessionStore
        	Exchange func(r *http.Request, code, verifier string) (Tokens, error)
        }

        func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
        	q := r.URL.Query()
        	pending, err := h.Sessions.Pending(r)
        	if err != nil || subtle.ConstantTimeCompare([]byte(q.Get("state")), []byte(pending.State)) != 1 {
        		http.Error(w, errStateMismatch.Error(), http.StatusBadRequest)
        		return
        	}
        	tokens, err := h.Exchange(r, q.Get("code"), pending.CodeVerifier)
        	if err != nil {
        		http.Error(w, "token exchange failed", http.StatusBadGateway)
        		return
        	}
        	h.Sessions.Establish(w, tokens)
        }
        """))
    tree.add(f"{d}/callback/handler_test.go", dedent("""
        package callback

        import "testing"

        // A tampered state parameter is rejected before any token exchange.
        func TestRejectsStateMismatch(t *testing.T) {}

        func TestExchangesCodeWithVerifier(t *testing.T) {}
        """))
    tree.add(f"{d}/callback/session.go", _go("Pending-login records the callback handler reads: state, nonce, PKCE verifier.",
                                             "callback", "type SessionStore interface{}\n\ntype Tokens struct{ Access, Refresh string }\n"))
    tree.add(L.OAUTH_AUTHORIZE, _go("Package authorize starts the authorization-code flow: it stores state and "
                                    "the PKCE challenge and redirects to the provider.", "authorize",
                                    "type Handler struct{ ClientID, RedirectURL string }\n"))
    tree.add(f"{d}/authorize/handler_test.go", "package authorize\n\nimport \"testing\"\n\nfunc TestRedirectCarriesState(t *testing.T) {}\n")
    tree.add(f"{d}/doc.go", _go("Package authorization_code groups the two halves of the OAuth 2.0 code flow "
                                "(authorize redirect, callback).", "authorization_code", ""))
    base = "services/identity/internal/auth/providers"
    for prov, what in (("google", "Google Workspace sign-in"), ("github", "GitHub sign-in for staff"),
                       ("apple", "Sign in with Apple for the mobile apps")):
        tree.add(f"{base}/oauth2/{prov}/provider.go", _go(f"Package {prov} configures {what} (endpoints, scopes).",
                                                          prov, "type Provider struct{}\n"))
    tree.add(f"{base}/saml/assertion.go", _go("Package saml validates SAML assertions from enterprise IdPs.",
                                              "saml", "type Assertion struct{}\n"))
    tree.add(f"{base}/password/hash.go", _go("Package password hashes and verifies passwords with argon2id.",
                                             "password", "type Params struct{ Memory, Iterations uint32 }\n"))


def gen_reranker(tree: Tree) -> None:
    r = "ml/reranker"
    tree.add(f"{r}/pyproject.toml", '[project]\nname = "acme-reranker"\nversion = "0.4.0"\n\n'
             '[project.scripts]\nreranker = "reranker.__main__:main"\n')
    tree.add(f"{r}/README.md", "# Reranker\n\nLate-interaction reranking of search candidates. Start it with "
             "`python -m reranker serve`; the model code is in `model.py`.\n")
    tree.add(f"{r}/src/reranker/__init__.py", '"""Late-interaction (MaxSim) reranker for catalog search."""\n')
    tree.add(L.RERANKER_ENTRY, dedent('''
        """Entry point of the reranker: `python -m reranker serve|score`, parses flags and starts the server.

        Moved from scripts/rerank.py (see CHANGELOG.md).
        """

        from __future__ import annotations

        import argparse

        from reranker.model import load_model
        from reranker.server import serve


        def main(argv: list[str] | None = None) -> int:
            parser = argparse.ArgumentParser(prog="reranker")
            parser.add_argument("command", choices=["serve", "score"])
            parser.add_argument("--model-dir", default="/models/colbert-small")
            parser.add_argument("--port", type=int, default=7070)
            args = parser.parse_args(argv)
            model = load_model(args.model_dir)
            if args.command == "serve":
                serve(model, port=args.port)
            return 0


        if __name__ == "__main__":
            raise SystemExit(main())
        '''))
    tree.add(L.RERANKER_MODEL, '"""MaxSim late-interaction model: token embeddings of query and document, '
             'summed max similarity."""\n\n\ndef load_model(path: str):\n    return path\n')
    tree.add(f"{r}/src/reranker/server.py", '"""gRPC server exposing Rerank(query, candidates)."""\n\n\n'
             "def serve(model, port: int) -> None:\n    pass\n")
    tree.add(f"{r}/src/reranker/train.py", '"""Distillation training of the reranker from cross-encoder labels."""\n')
    tree.add(f"{r}/tests/test_model.py", '"""Tests of the MaxSim scoring."""\n\n\ndef test_maxsim_orders_candidates():\n    pass\n')
    tree.add(L.RERANKER_GO_CLIENT, _go("Package rerank calls the Python reranker service to reorder search hits.",
                                       "rerank", "type Client struct{ Addr string }\n"))


_UNIQUE_DOCS = {
    "ledger_reconciler": "Package reconcile runs the nightly ledger reconciliation job: it matches ledger entries "
                         "against bank statement lines and books differences to the suspense account.",
    "invoice_pdf_renderer": "Invoice PDF renderer: lays out line items, tax summary and payment QR code.",
    "feature_flags": "Feature flag lookups for the browser, with sticky bucketing per visitor.",
    "webhook_signature": "Package signing signs outgoing webhooks with HMAC-SHA256 and verifies signatures "
                         "on replayed deliveries, with a five-minute timestamp tolerance.",
    "currency_rounding": "Currency rounding rules: banker's rounding, cash rounding for CHF and zero-decimal currencies.",
    "geohash_index": "Geohash index of delivery addresses for nearest-warehouse lookups.",
    "csv_streamer": "Streams large CSV exports to the browser without buffering them in memory.",
    "fraud_velocity_rules": "Fraud velocity rules: too many cards per device or per email in a time window.",
    "carrier_rate_card": "Package carriers holds carrier rate cards: price per weight band and zone.",
    "sku_normalizer": "Normalises supplier SKUs: strips prefixes, pads digits, maps legacy codes.",
    "dunning_schedule": "Package dunning schedules payment retries and reminder emails after a failed renewal.",
    "vat_moss_report": "Quarterly VAT OSS (formerly MOSS) report for EU digital sales.",
    "consent_banner": "Cookie consent banner shown on first visit; stores the choice for 12 months.",
    "pick_path_optimizer": "Pick path optimiser: orders bin visits to minimise walking distance.",
    "chargeback_evidence": "Package disputes assembles chargeback evidence (receipts, delivery proof) for card networks.",
    "session_fingerprint": "Session fingerprint from stable browser signals, hashed before it leaves the device.",
    "loyalty_tier_rules": "Loyalty tier rules: points thresholds and perks per tier.",
    "bloom_dedup": "Bloom-filter pre-check that skips the dedup store for events never seen before.",
    "kyc_document_ocr": "OCR of KYC documents (passports, ID cards) into structured fields.",
    "warehouse_slotting": "Warehouse slotting: which SKUs go to which bins, by pick frequency.",
    "experiment_bucketing": "Package assign hashes user ids into experiment buckets, stable across sessions.",
    "audit_trail_proto": "Audit trail API: append-only records of who changed what.",
    "cloudfront_cache_policy": "CloudFront cache policy of the CDN module: TTLs and cache keys per path pattern.",
}


def _unique_content(name: str, path: str, doc: str) -> str:
    ext = path.rsplit(".", 1)[-1]
    if ext == "go":
        pkg = path.split("/")[-2]
        return f"// {doc}\npackage {pkg}\n\n// {camel(name)} is the entry type of this file.\ntype {camel(name)} struct{{}}\n"
    if ext == "rs":
        return f"// {doc}\npub struct {camel(name)};\n"
    if ext == "py":
        return f'"""{doc}"""\n\nfrom __future__ import annotations\n\n\ndef {name}(rows: list[dict]) -> list[dict]:\n    return rows\n'
    if ext in ("ts", "tsx"):
        return f"/**\n * {doc}\n */\nexport function {camel(name)}(): void {{}}\n"
    if ext == "sql":
        return f"-- {doc}\nCREATE TABLE IF NOT EXISTS {name} (id bigserial PRIMARY KEY, rule jsonb NOT NULL);\n"
    if ext in ("yaml", "yml"):
        return f"# {doc}\ntiers:\n  - name: silver\n    points: 1000\n  - name: gold\n    points: 5000\n"
    if ext == "proto":
        return f'// {doc}\nsyntax = "proto3";\n\npackage acme.audit.v1;\n\nmessage AuditTrailEntry {{\n  string actor = 1;\n}}\n'
    if ext == "tf":
        return f'# {doc}\nresource "aws_cloudfront_cache_policy" "default" {{\n  name        = "default"\n  default_ttl = 300\n}}\n'
    raise ValueError(path)


def gen_unique_and_tests(tree: Tree) -> None:
    for name, path in L.UNIQUE_FILES.items():
        if name == "release_train_workflow":
            continue  # written by gen_infra with the other workflows
        tree.add(path, _unique_content(name, path, _UNIQUE_DOCS[name]))
    tree.add(L.TEST_IMPL_PAIRS["ledger_reconciler"][1], "package reconcile\n\nimport \"testing\"\n\n"
             "// Unmatched statement lines end up in the suspense account.\nfunc TestUnmatchedGoesToSuspense(t *testing.T) {}\n")
    impl, test = L.TEST_IMPL_PAIRS["token_bucket"]
    tree.add(impl, "// Token bucket limiter: refills at a fixed rate, moved here from crates/ratelimit (see CHANGELOG.md).\n"
             "pub struct TokenBucket { pub capacity: u32, pub refill_per_sec: u32 }\n")
    tree.add(test, "// Integration tests of the token bucket: burst, refill and starvation cases.\n#[test]\nfn burst_then_refill() {}\n")
    tree.add(L.TEST_IMPL_PAIRS["sku_normalizer"][1], '"""Tests of the SKU normaliser."""\n\n\ndef test_strips_vendor_prefix():\n    pass\n')
    tree.add(L.TEST_IMPL_PAIRS["feature_flags"][1], 'import { it } from "vitest";\n\nit("buckets a visitor stably", () => {});\n')
    tree.add(L.DEEP_PATHS["predicate_pushdown"], "// Planner rule: push filter predicates below joins and into scans.\n"
             "pub struct PredicatePushdown;\n")
    tree.add("crates/query-engine/src/planner/mod.rs", "// Query planner: logical plan, rules, physical plan.\npub mod rules;\n")
    tree.add(L.DEEP_PATHS["salesforce_bulk"], '"""Salesforce Bulk API 2.0 source connector: query jobs, polling, CSV results."""\n')
    tree.add("python/etl/src/etl/connectors/sources/saas/hubspot/contacts.py", '"""HubSpot contacts source connector."""\n')
    tree.add("python/etl/src/etl/connectors/sinks/warehouse/snowflake.py", '"""Snowflake sink: staged COPY INTO."""\n')
    tree.add(L.MOVED_FILES["python/billing_reports/report.py"], '"""PDF rendering pipeline of invoicing: HTML template, '
             'fonts, WeasyPrint. Moved from python/billing_reports/report.py."""\n')
    tree.add(L.HANDWRITTEN_SERVER, _go("Package grpcserver implements the payments gRPC API by hand on top of the "
                                       "generated stubs in gen/go/payments/v1.", "grpcserver", """
        import paymentsv1 "github.com/acme/platform/gen/go/payments/v1"

        // Server implements paymentsv1.PaymentsServiceServer.
        type Server struct {
        	paymentsv1.UnimplementedPaymentsServiceServer
        }
        """))


def generate(tree: Tree, rng: random.Random, spec: FixtureSpec) -> None:
    gen_polyglot(tree)
    gen_sdks(tree)
    gen_identity(tree)
    gen_reranker(tree)
    gen_unique_and_tests(tree)
