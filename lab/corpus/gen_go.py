"""Go: services/<name>/ (cmd, internal packages, tests beside sources), libs/go/, go.mod (vendor/ is gen_vendor)."""

from __future__ import annotations

import random

from lab.corpus.gen_common import (DOMAIN, DOMAINS, KINDS, Tree, camel, dedent, doc_line, lower_camel,
                                   pick, plural, sentence, snake)
from lab.corpus.gen_vendor import VENDOR_MODULES, gen_vendor
from lab.corpus.spec import FixtureSpec

MODULE = "github.com/acme/platform"
#: Services the landmarks need whatever the spec's size knob says.
REQUIRED = ("payments", "ledger", "identity", "search", "catalog", "shipping", "checkout",
            "subscriptions", "webhooks", "refunds", "experiments", "loyalty", "orders")
#: Written by gen_landmarks as a flat polyglot folder, never by the generic generator.
HANDMADE = ("billing",)

_SNIPPETS = (
    'if {arg} == "" {{\n\t\treturn fmt.Errorf("{m}: empty {arg}")\n\t}}',
    "ctx, cancel := context.WithTimeout(ctx, {r}.timeout)\n\tdefer cancel()",
    "{r}.mu.Lock()\n\tdefer {r}.mu.Unlock()",
    'if err := ctx.Err(); err != nil {{\n\t\treturn fmt.Errorf("{m}: %w", err)\n\t}}',
    '{r}.log.Debug("{m}", "tenant", tenantFrom(ctx), "{arg}", {arg})',
    "started := {r}.clock.Now()\n\tdefer func() {{ {r}.observe(\"{m}\", started) }}()",
)


def services(spec: FixtureSpec) -> list[tuple[str, str, str, str]]:
    names = [d[0] for d in DOMAINS if d[0] not in HANDMADE]
    chosen = [n for n in names if n in REQUIRED]
    for n in names:
        if len(chosen) >= max(spec.go_services, len(REQUIRED)):
            break
        if n not in chosen:
            chosen.append(n)
    return [DOMAIN[n] for n in names if n in chosen]


def _method(rng: random.Random, recv: str, typ: str, method: str, entity: str) -> str:
    name = camel(method)
    arg = lower_camel(entity) + "ID"
    body = "\n\t".join(s.format(arg=arg, m=f"{typ}.{name}", r=recv) for s in pick(rng, _SNIPPETS, 2))
    verb = method.replace("_", " ")
    return (f"// {name} does the {verb} step for one {entity.replace('_', ' ')}.\n"
            f"func ({recv} *{typ}) {name}(ctx context.Context, {arg} string) error {{\n"
            f"\t{body}\n\treturn nil\n}}\n")


def go_kind_file(rng: random.Random, domain: str, entity: str, kind: str, methods: tuple[str, ...]) -> str:
    typ = camel(entity) + camel(kind)
    recv = kind[0]
    doc = doc_line(rng, kind, domain, entity)
    ms = pick(rng, methods, min(len(methods), rng.randint(2, 3)))
    body = "\n".join(_method(rng, recv, typ, m, entity) for m in ms)
    return dedent(f"""
        // Package {kind} provides {doc}.
        //
        // {sentence(rng)}
        package {kind}

        import (
        	"context"
        	"fmt"
        	"log/slog"
        	"sync"
        	"time"
        )

        // {typ} is the {kind} of the {domain} service.
        type {typ} struct {{
        	mu      sync.Mutex
        	log     *slog.Logger
        	timeout time.Duration
        	clock   interface{{ Now() time.Time }}
        }}

        // New{typ} returns a {typ} with a {rng.choice((2, 3, 5, 10))}s timeout.
        func New{typ}(log *slog.Logger) *{typ} {{
        	return &{typ}{{log: log, timeout: {rng.choice((2, 3, 5, 10))} * time.Second}}
        }}

        func ({recv} *{typ}) observe(op string, started time.Time) {{
        	{recv}.log.Debug("done", "op", op, "took", time.Since(started))
        }}

        func tenantFrom(ctx context.Context) string {{
        	v, _ := ctx.Value("tenant").(string)
        	return v
        }}
        """) + "\n" + body


def go_test_file(rng: random.Random, domain: str, entity: str, kind: str) -> str:
    typ = camel(entity) + camel(kind)
    cases = "\n".join(f'\t\t{{name: "{c}", id: "{entity[:3]}_{rng.randint(100, 999)}", wantErr: {w}}},'
                      for c, w in (("happy path", "false"), ("empty id", "true"),
                                   (rng.choice(("cancelled context", "unknown tenant", "stale row")), "true")))
    lead = rng.choice((f"// Table tests of the {domain} {kind}.\n", f"// Tests for {typ}.\n", "", ""))
    return lead + dedent(f"""
        package {kind}

        import (
        	"context"
        	"log/slog"
        	"testing"
        )

        func Test{typ}(t *testing.T) {{
        	cases := []struct {{
        		name    string
        		id      string
        		wantErr bool
        	}}{{
        {cases}
        	}}
        	for _, tc := range cases {{
        		t.Run(tc.name, func(t *testing.T) {{
        			x := New{typ}(slog.Default())
        			_ = x
        			_ = context.Background()
        		}})
        	}}
        }}
        """)


def _config_go(rng: random.Random, name: str, purpose: str) -> str:
    port = 8000 + rng.randint(10, 990)
    return dedent(f"""
        // Package config loads the {name} service settings from the environment and config/config.yaml.
        package config

        import (
        	"fmt"
        	"os"
        	"time"
        )

        // Config is everything the {name} service reads at start-up; the service {purpose}.
        type Config struct {{
        	HTTPAddr        string
        	DatabaseURL     string
        	ShutdownTimeout time.Duration
        	LogLevel        string
        }}

        // Load reads the config, failing on a missing DATABASE_URL.
        func Load() (Config, error) {{
        	c := Config{{HTTPAddr: ":{port}", ShutdownTimeout: {rng.choice((10, 15, 20, 30))} * time.Second, LogLevel: "info"}}
        	c.DatabaseURL = os.Getenv("{name.upper()}_DATABASE_URL")
        	if c.DatabaseURL == "" {{
        		return c, fmt.Errorf("config: {name.upper()}_DATABASE_URL is not set")
        	}}
        	return c, nil
        }}
        """)


def gen_service(tree: Tree, rng: random.Random, d: tuple[str, str, str, str]) -> None:
    name, entity, entity2, purpose = d
    base = f"services/{name}"
    kinds = pick(rng, KINDS, rng.randint(11, 15))
    tree.add(f"{base}/cmd/{name}/main.go", dedent(f"""
        // Command {name} runs the {name} service: it {purpose}.
        package main

        import (
        	"log/slog"
        	"os"

        	"{MODULE}/services/{name}/internal/config"
        	"{MODULE}/services/{name}/internal/server"
        )

        func main() {{
        	cfg, err := config.Load()
        	if err != nil {{
        		slog.Error("config", "err", err)
        		os.Exit(1)
        	}}
        	if err := server.New(cfg).Run(); err != nil {{
        		slog.Error("server stopped", "err", err)
        		os.Exit(1)
        	}}
        }}
        """))
    tree.add(f"{base}/internal/config/config.go", _config_go(rng, name, purpose))
    tree.add(f"{base}/internal/config/config_test.go", dedent(f"""
        package config

        import "testing"

        func TestLoadRequiresDatabaseURL(t *testing.T) {{
        	t.Setenv("{name.upper()}_DATABASE_URL", "")
        	if _, err := Load(); err == nil {{
        		t.Fatal("want an error without {name.upper()}_DATABASE_URL")
        	}}
        }}
        """))
    routes = "\n".join(f'\tmux.HandleFunc("{verb} /v1/{name}/{{id}}", s.{camel(m)})'
                       for verb, m in (("GET", "get_" + entity), ("POST", "create_" + entity),
                                       ("GET", "list_" + entity2)))
    tree.add(f"{base}/internal/server/server.go", dedent(f"""
        // Package server wires the {name} HTTP server: routes, middleware and graceful shutdown.
        package server

        import (
        	"net/http"

        	"{MODULE}/services/{name}/internal/config"
        )

        // Server serves the {name} API.
        type Server struct {{
        	cfg config.Config
        	mux *http.ServeMux
        }}

        // New builds the server and registers its routes.
        func New(cfg config.Config) *Server {{
        	s := &Server{{cfg: cfg, mux: http.NewServeMux()}}
        	s.routes()
        	return s
        }}

        // Run listens until the process is signalled.
        func (s *Server) Run() error {{ return http.ListenAndServe(s.cfg.HTTPAddr, s.mux) }}
        """))
    tree.add(f"{base}/internal/server/routes.go", dedent(f"""
        // Route table of the {name} API (v1).
        package server

        import "net/http"

        func (s *Server) routes() {{
        	mux := s.mux
        {routes}
        }}
        """) + "".join(f"\nfunc (s *Server) {camel(m)}(w http.ResponseWriter, r *http.Request) {{}}\n"
                       for m in ("get_" + entity, "create_" + entity, "list_" + entity2)))
    tree.add(f"{base}/internal/server/server_test.go", dedent(f"""
        package server

        import (
        	"net/http/httptest"
        	"testing"
        )

        func TestRoutesRegistered(t *testing.T) {{
        	s := New(testConfig())
        	rec := httptest.NewRecorder()
        	s.mux.ServeHTTP(rec, httptest.NewRequest("GET", "/v1/{name}/{entity}_1", nil))
        	if rec.Code == 404 {{
        		t.Fatalf("GET /v1/{name}/:id not routed")
        	}}
        }}
        """))
    for kind, _, methods in kinds:
        ent = rng.choice((entity, entity2))
        pkg = f"{base}/internal/{kind}"
        tree.add(f"{pkg}/{kind}.go", go_kind_file(rng, name, ent, kind, methods))
        if rng.random() < 0.6:
            other = entity2 if ent == entity else entity
            tree.add(f"{pkg}/{snake(other)}.go", go_kind_file(rng, name, other, kind, methods)
                     .replace(f"// Package {kind} provides", f"// The {snake(other).replace('_', ' ')} side of", 1))
        if rng.random() < 0.8:
            tree.add(f"{pkg}/{kind}_test.go", go_test_file(rng, name, ent, kind))
        if rng.random() < 0.3:
            tree.add(f"{pkg}/testdata/{snake(ent)}.golden.json",
                     f'{{"id": "{ent[:3]}_{rng.randint(1000, 9999)}", "tenant_id": "t_{rng.randint(10, 99)}", "kind": "{kind}"}}')
    tree.add(f"{base}/config/config.yaml", dedent(f"""
        # Default settings of the {name} service; overridden per environment by the kustomize overlays.
        http:
          addr: ":8080"
          read_timeout: {rng.choice(("5s", "10s", "15s"))}
        database:
          max_open_conns: {rng.choice((10, 20, 40))}
          statement_timeout: {rng.choice(("2s", "5s"))}
        log:
          level: info
          format: json
        """))
    if rng.random() < 0.5:
        tree.add(f"{base}/queries/{snake(entity)}.sql", dedent(f"""
            -- sqlc queries for the {entity.replace('_', ' ')} table of the {name} service.

            -- name: Get{camel(entity)} :one
            SELECT * FROM {name}.{plural(snake(entity))} WHERE id = $1 AND tenant_id = $2;

            -- name: List{plural(camel(entity))} :many
            SELECT * FROM {name}.{plural(snake(entity))} WHERE tenant_id = $1 ORDER BY created_at DESC LIMIT $2;
            """))
    tree.add(f"{base}/api/openapi.yaml", dedent(f"""
        # OpenAPI description of the {name} HTTP API (v1).
        openapi: 3.0.3
        info:
          title: {camel(name)} API
          version: "1.{rng.randint(0, 12)}"
        paths:
          /v1/{name}/{{id}}:
            get:
              summary: Get one {entity.replace('_', ' ')}
          /v1/{name}:
            post:
              summary: Create a {entity.replace('_', ' ')}
        """))
    tree.add(f"{base}/Dockerfile", dedent(f"""
        # Build image of the {name} service (distroless runtime).
        FROM golang:1.22 AS build
        WORKDIR /src
        COPY . .
        RUN CGO_ENABLED=0 go build -o /out/{name} ./services/{name}/cmd/{name}

        FROM gcr.io/distroless/static
        COPY --from=build /out/{name} /{name}
        ENTRYPOINT ["/{name}"]
        """))
    tree.add(f"{base}/README.md", dedent(f"""
        # {camel(name)} service

        The {name} service {purpose}. It is a Go binary (`cmd/{name}`) with its packages under
        `internal/`; settings live in `internal/config` and `config/config.yaml`.

        ## Packages

        """) + "".join(f"- `internal/{k}`: {doc_line(rng, k, name, entity)}\n" for k, _, _ in kinds) + dedent(f"""

        ## Running locally

        `make run SERVICE={name}` starts it against the docker-compose Postgres. {sentence(rng)}
        """))


_LIBS = (
    ("retry", (("backoff.go", "Package retry is our exponential backoff with full jitter, used by every service client."),
               ("jitter.go", "Jitter strategies (full, equal, decorrelated) for retry delays."),
               ("classify.go", "Which errors are retryable: timeouts, 429 and 5xx, never 4xx."),
               ("backoff_test.go", None))),
    ("logging", (("logging.go", "Package logging builds the shared slog logger with service and trace fields."),
                 ("redact.go", "Redaction of card numbers, emails and tokens before they reach the logs."),
                 ("redact_test.go", None))),
    ("pgutil", (("pool.go", "Package pgutil opens pgx connection pools with our statement timeouts."),
                ("tx.go", "WithTx runs a function inside a serializable transaction, retrying on conflicts."),
                ("migrate.go", "Applies the SQL migrations of db/migrations at start-up in dev only."),
                ("tx_test.go", None))),
    ("httpx", (("client.go", "Package httpx is the outbound HTTP client with timeouts, retries and tracing."),
               ("errors.go", "Problem+JSON error responses shared by all HTTP APIs."),
               ("client_test.go", None))),
    ("tracing", (("tracing.go", "Package tracing configures OpenTelemetry exporters and propagators."),
                 ("span.go", "Helpers to start spans named after the calling function."))),
    ("featureflag", (("flags.go", "Package featureflag evaluates feature flags from the flag service with a local fallback."),
                     ("flags_test.go", None))),
    ("money", (("money.go", "Package money is an amount in minor units plus an ISO 4217 currency."),
               ("format.go", "Locale-aware formatting of amounts for receipts and emails."),
               ("money_test.go", None))),
    ("authn", (("jwt.go", "Package authn verifies service-to-service JWTs issued by the identity service."),
               ("jwks.go", "Fetches and caches the identity service's JSON Web Key Set."),
               ("jwt_test.go", None))),
    ("kafkax", (("producer.go", "Package kafkax wraps kafka-go producers with our topic naming and headers."),
                ("consumer.go", "Consumer groups with at-least-once commit after the handler returns."))),
)


def gen_libs(tree: Tree, rng: random.Random) -> None:
    for pkg, files in _LIBS:
        for fname, doc in files:
            path = f"libs/go/{pkg}/{fname}"
            if doc is None:
                impl = fname.replace("_test.go", "")
                tree.add(path, dedent(f"""
                    package {pkg}

                    import "testing"

                    func Test{camel(impl)}Defaults(t *testing.T) {{
                    	t.Parallel()
                    	// Table of inputs and expected outputs for {impl}.go.
                    }}
                    """))
                continue
            if path.endswith("retry/backoff.go"):
                tree.add(path, dedent(f"""
                    // {doc}
                    //
                    // Moved here from pkg/backoff (see CHANGELOG.md). Delays grow as base*2^attempt,
                    // capped at Max, with full jitter so that a fleet of clients does not retry in step.
                    package retry

                    import (
                    	"math/rand"
                    	"time"
                    )

                    // Policy says how long to wait before each retry.
                    type Policy struct {{
                    	Base        time.Duration
                    	Max         time.Duration
                    	MaxAttempts int
                    }}

                    // Default is used by the service clients unless their config overrides it.
                    var Default = Policy{{Base: 100 * time.Millisecond, Max: 10 * time.Second, MaxAttempts: 5}}

                    // Delay returns the wait before attempt n (0-based), jittered in [0, cap).
                    func (p Policy) Delay(n int) time.Duration {{
                    	d := p.Base << n
                    	if d <= 0 || d > p.Max {{
                    		d = p.Max
                    	}}
                    	return time.Duration(rand.Int63n(int64(d)))
                    }}
                    """))
                continue
            tree.add(path, dedent(f"""
                // {doc}
                package {pkg}

                // {sentence(rng)}
                type {camel(fname[:-3])}Options struct {{
                	Enabled bool
                }}
                """))


def generate(tree: Tree, rng: random.Random, spec: FixtureSpec) -> None:
    tree.add("go.mod", dedent(f"""
        module {MODULE}

        go 1.22

        require (
        """) + "".join(f"\t{m} v1.0.0\n" for m, _, _ in VENDOR_MODULES) + ")\n")
    tree.add("go.sum", "".join(f"{m} v1.0.0 h1:{rng.getrandbits(128):032x}=\n" for m, _, _ in VENDOR_MODULES))
    for d in services(spec):
        gen_service(tree, rng, d)
    gen_libs(tree, rng)
    gen_vendor(tree, rng)
