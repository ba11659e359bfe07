"""TypeScript: packages/<name>/, the web/dashboard app, and the two workspace roots under apps/."""

from __future__ import annotations

import json
import random

from lab.corpus.gen_common import Tree, camel, dedent, lower_camel, plural, sentence
from lab.corpus.gen_data import GRAPHQL_TYPES
from lab.corpus.spec import FixtureSpec

# package -> (purpose, modules). Landmark packages first.
PACKAGES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("flags", "client-side feature flag evaluation", ("evaluate", "targeting", "storage")),
    ("exports-ui", "export dialogs and download helpers", ("download", "progress", "formats")),
    ("ui-kit", "the shared React component library", ("Button", "Modal", "Table", "Toast", "DatePicker")),
    ("device-intel", "browser device signals for fraud scoring", ("canvas", "timing", "storage")),
    ("analytics-sdk", "product analytics event tracking", ("track", "queue", "consent")),
    ("i18n", "translations and locale formatting", ("messages", "plural", "currency")),
    ("http-client", "fetch wrapper with retries and auth headers", ("fetcher", "retry", "auth")),
    ("forms", "form state and validation hooks", ("useForm", "validators", "masks")),
    ("money-format", "formatting of amounts for every locale", ("format", "parse", "rounding")),
    ("charts", "chart components over d3", ("LineChart", "BarChart", "scales", "tooltip")),
    ("auth-client", "OIDC login helpers for the browser", ("pkce", "tokens", "silentRenew")),
    ("icons", "generated SVG icon components", ("registry", "IconBase")),
    ("date-utils", "date arithmetic with time zones", ("ranges", "business_days", "format")),
    ("maps", "map widgets for delivery tracking", ("MapView", "markers", "geocode")),
    ("tracing-web", "browser tracing with OpenTelemetry", ("spans", "exporter", "webVitals")),
    ("payments-elements", "card entry fields backed by the payments API", ("CardField", "threeDS", "tokenize")),
    ("search-ui", "instant search box and result list", ("SearchBox", "highlight", "facets")),
    ("notifications-ui", "toast and inbox components", ("Inbox", "badge", "poll")),
    ("testing", "test helpers and fixtures for web packages", ("render", "mocks", "fixtures")),
    ("eslint-config", "shared lint rules", ("rules", "imports")),
    ("state", "small store built on React context", ("createStore", "selectors", "devtools")),
)


def _ts_module(rng: random.Random, pkg: str, purpose: str, module: str) -> str:
    is_component = module[:1].isupper()
    ident = module if is_component else lower_camel(module)
    if is_component:
        return dedent(f"""
            /**
             * {camel(module)} component of @acme/{pkg} ({purpose}).
             *
             * {sentence(rng)}
             */
            import * as React from "react";

            export interface {camel(module)}Props {{
              label?: string;
              disabled?: boolean;
              onChange?: (value: string) => void;
            }}

            export function {camel(module)}({{ label, disabled = false }}: {camel(module)}Props) {{
              return <div className="acme-{module.lower()}" aria-disabled={{disabled}}>{{label}}</div>;
            }}
            """)
    return dedent(f"""
        /**
         * {module.replace('_', ' ').capitalize()} for @acme/{pkg}: {purpose}.
         *
         * {sentence(rng)}
         */

        export interface {camel(module)}Options {{
          timeoutMs: number;
          strict: boolean;
        }}

        export const default{camel(module)}Options: {camel(module)}Options = {{
          timeoutMs: {rng.choice((500, 1000, 3000, 5000))},
          strict: {rng.choice(('true', 'false'))},
        }};

        export function {ident}(input: string, opts: {camel(module)}Options = default{camel(module)}Options): string {{
          if (opts.strict && input.trim() === "") {{
            throw new Error("{module}: empty input");
          }}
          return input.{rng.choice(('trim()', 'toLowerCase()', 'normalize("NFC")'))};
        }}
        """)


def _ts_test(pkg: str, module: str) -> str:
    return dedent(f"""
        import {{ describe, expect, it }} from "vitest";
        import * as mod from "./{module}";

        describe("@acme/{pkg} {module}", () => {{
          it("exports its public API", () => {{
            expect(Object.keys(mod).length).toBeGreaterThan(0);
          }});
        }});
        """)


def _package_json(name: str, extra: dict | None = None) -> str:
    data = {"name": name, "version": "0.0.0", "private": True, "type": "module",
            "scripts": {"build": "tsc -b", "test": "vitest run", "lint": "eslint src"}}
    data.update(extra or {})
    return json.dumps(data, indent=2)


_COMMON = ("types", "errors", "constants", "logger", "cache", "utils")


def gen_package(tree: Tree, rng: random.Random, pkg: str, purpose: str, modules: tuple[str, ...]) -> None:
    modules = modules + tuple(m for m in _COMMON if rng.random() < 0.55)
    base = f"packages/{pkg}"
    tree.add(f"{base}/package.json", _package_json(f"@acme/{pkg}", {"description": purpose}))
    tree.add(f"{base}/tsconfig.json", json.dumps({"extends": "../../tsconfig.base.json",
                                                  "include": ["src"]}, indent=2))
    tree.add(f"{base}/src/index.ts", f"/** Public API of @acme/{pkg}: {purpose}. */\n"
             + "".join(f'export * from "./{m}";\n' for m in modules))
    tree.add(f"{base}/src/config.ts", dedent(f"""
        /** Runtime configuration of @acme/{pkg}, overridable through window.__ACME_CONFIG__. */
        export interface {camel(pkg)}Config {{
          endpoint: string;
          debug: boolean;
        }}

        export const config: {camel(pkg)}Config = {{
          endpoint: "/api/{pkg}",
          debug: false,
        }};
        """))
    for m in modules:
        ext = "tsx" if m[:1].isupper() else "ts"
        tree.add(f"{base}/src/{m}.{ext}", _ts_module(rng, pkg, purpose, m))
        if rng.random() < 0.6:
            tree.add(f"{base}/src/{m}.test.{ext}", _ts_test(pkg, m))
    tree.add(f"{base}/README.md", f"# @acme/{pkg}\n\n{purpose[:1].upper() + purpose[1:]}.\n")


# The dashboard: feature folders with components, hooks and api modules.
_FEATURES = (
    ("billing", ("invoices", "plans", "usage")),
    ("orders", ("list", "detail", "returns")),
    ("catalog", ("products", "variants", "attributes")),
    ("customers", ("profiles", "segments")),
    ("settings", ("team", "api-keys", "webhooks")),
    ("reports", ("revenue", "cohorts")),
    ("inventory", ("stock", "transfers")),
    ("payments", ("payouts", "disputes", "methods")),
    ("shipping", ("labels", "carriers", "zones")),
    ("marketing", ("campaigns", "discounts", "gift-cards")),
    ("analytics", ("funnels", "retention", "dashboards")),
    ("support", ("tickets", "macros")),
)
_COMPONENTS = ("Table", "Filters", "DetailPanel", "EmptyState", "Toolbar")


def gen_dashboard(tree: Tree, rng: random.Random) -> None:
    base = "web/dashboard"
    tree.add(f"{base}/package.json", _package_json("@acme/dashboard", {
        "scripts": {"dev": "vite", "build": "vite build", "codegen": "graphql-codegen", "test": "vitest run"}}))
    tree.add(f"{base}/.gitignore", "# Build output of vite.\ndist/\n")
    tree.add(f"{base}/dist/main.js", "/* built bundle, ignored by web/dashboard/.gitignore */\nconsole.log(1);")
    tree.add(f"{base}/README.md", dedent("""
        # Merchant dashboard

        The React app merchants use to manage orders, billing and catalog. Data comes from the GraphQL
        API (`api/graphql/schema.graphql`); run `pnpm codegen` after changing a query to refresh
        `src/generated/graphql.ts`.
        """))
    for feature, subs in _FEATURES:
        for sub in subs:
            fdir = f"{base}/src/features/{feature}/{sub}"
            entity = camel(sub.rstrip("s").replace("-", "_"))
            for comp in pick_components(rng):
                tree.add(f"{fdir}/components/{comp}.tsx", dedent(f"""
                    /**
                     * {comp} for the {sub.replace('-', ' ')} screen of {feature}.
                     */
                    import * as React from "react";
                    import {{ use{camel(sub.replace('-', '_'))}Query }} from "../api";

                    export function {comp}() {{
                      const {{ data, loading }} = use{camel(sub.replace('-', '_'))}Query();
                      if (loading) return <Spinner />;
                      return <section data-feature="{feature}/{sub}">{{data?.items.length ?? 0}} {plural(entity)}</section>;
                    }}
                    """))
            tree.add(f"{fdir}/api.ts", dedent(f"""
                /** Data hooks of {feature}/{sub}, wrapping the generated GraphQL documents. */
                import {{ useQuery }} from "@apollo/client";
                import {{ {camel(sub.replace('-', '_'))}Document }} from "../../../generated/graphql";

                export function use{camel(sub.replace('-', '_'))}Query() {{
                  return useQuery({camel(sub.replace('-', '_'))}Document, {{ fetchPolicy: "cache-and-network" }});
                }}
                """))
            tree.add(f"{fdir}/index.tsx", f"/** Route entry of {feature}/{sub}. */\n"
                     f'export {{ Table as default }} from "./components/Table";\n')
            if rng.random() < 0.5:
                tree.add(f"{fdir}/{sub}.test.tsx", _ts_test("dashboard", sub))
            tree.add(f"{base}/src/graphql/queries/{feature}-{sub}.graphql", dedent(f"""
                # Query behind the {feature} {sub.replace('-', ' ')} screen.
                query {camel(sub.replace('-', '_'))}($first: Int = 50, $after: String) {{
                  {lower_camel(feature)}(first: $first, after: $after) {{
                    items {{ id createdAt }}
                    pageInfo {{ endCursor hasNextPage }}
                  }}
                }}
                """))
    tree.add(f"{base}/src/features/billing/invoices/components/table/cells/AmountCell.tsx", dedent("""
        /**
         * Amount cell of the invoices table: formats minor units in the invoice currency and
         * shows refunds in red.
         */
        import * as React from "react";
        import { formatMoney } from "@acme/money-format";

        export function AmountCell({ amount, currency }: { amount: number; currency: string }) {
          return <td className={amount < 0 ? "refund" : undefined}>{formatMoney(amount, currency)}</td>;
        }
        """))
    tree.add(f"{base}/src/api/client.ts", dedent("""
        /**
         * Apollo client of the dashboard: auth header, retry link and the persisted-query cache.
         * Moved from src/api.ts (see CHANGELOG.md).
         */
        import { ApolloClient, HttpLink, InMemoryCache } from "@apollo/client";

        export const client = new ApolloClient({
          link: new HttpLink({ uri: "/graphql", credentials: "include" }),
          cache: new InMemoryCache(),
        });
        """))
    tree.add(f"{base}/config.ts", dedent("""
        /** Build-time config of the dashboard (vite): API origin and feature switches. */
        export default {
          apiOrigin: process.env.DASHBOARD_API_ORIGIN ?? "http://localhost:4000",
          enableReports: true,
        };
        """))
    tree.add(f"{base}/config.json", json.dumps({"apiOrigin": "http://localhost:4000", "enableReports": True,
                                                "sentryDsn": ""}, indent=2))
    tree.add(f"{base}/codegen.yml", dedent("""
        # graphql-codegen: schema + documents -> src/generated/graphql.ts (never edit the output by hand).
        schema: ../../api/graphql/schema.graphql
        documents: src/graphql/**/*.graphql
        generates:
          src/generated/graphql.ts:
            plugins: [typescript, typescript-operations, typed-document-node]
        """))
    types = []
    for name, fields in GRAPHQL_TYPES:
        body = "".join(f"  {f}: {ts};\n" for f, _, ts in fields)
        types.append(f"export type {name} = {{\n  __typename?: '{name}';\n{body}}};\n")
    tree.add(f"{base}/src/generated/graphql.ts",
             "/* eslint-disable */\n// @generated by graphql-codegen from api/graphql/schema.graphql. DO NOT EDIT.\n"
             "// Generated TypeScript types of the GraphQL schema and the dashboard's operations.\n\n"
             "export type Maybe<T> = T | null;\nexport type Scalars = { ID: string; String: string; "
             "Int: number; Boolean: boolean; DateTime: string; Money: number };\n\n" + "\n".join(types))


def pick_components(rng: random.Random) -> list[str]:
    return [c for c in _COMPONENTS if c == "Table" or rng.random() < 0.5]


# Workspace roots: same relative paths, different apps (customer shop vs staff back office).
_ROOTS = (
    ("apps/storefront", "customer-facing shop", "customer", "the shopper's cart and checkout",
     ("pages/index.tsx", "pages/cart.tsx", "pages/checkout.tsx", "pages/product/[slug].tsx",
      "components/ProductCard.tsx", "components/CartDrawer.tsx", "hooks/useCart.ts", "lib/analytics.ts")),
    ("apps/backoffice", "internal staff back office", "staff member", "refund approvals and order edits",
     ("pages/index.tsx", "pages/refunds.tsx", "pages/customers/[id].tsx", "pages/audit-log.tsx",
      "components/RefundDialog.tsx", "components/StaffNav.tsx", "hooks/usePermissions.ts", "lib/sso.ts")),
)
_SHARED = ("components/Header.tsx", "components/Footer.tsx", "hooks/useOrders.ts", "lib/format.ts",
           "pages/settings.tsx", "lib/errors.ts")


def gen_workspace_roots(tree: Tree, rng: random.Random) -> None:
    for root, what, user, focus, own in _ROOTS:
        app = root.split("/")[1]
        tree.add(f"{root}/package.json", _package_json(f"@acme/{app}", {"description": what}))
        tree.add(f"{root}/tsconfig.json", json.dumps({"extends": "../../tsconfig.base.json",
                                                      "compilerOptions": {"jsx": "preserve"}}, indent=2))
        tree.add(f"{root}/README.md", dedent(f"""
            # {camel(app)}

            The {what}: a Next.js app for the {user}, focused on {focus}. It is one root of the
            multi-root workspace (see `.workspace-roots`); the other root has the same layout, so
            `src/config.ts` exists in both — check which app you mean.
            """))
        tree.add(f"{root}/src/config.ts", dedent(f"""
            /** Runtime config of the {app} app ({what}). */
            export const config = {{
              apiBase: process.env.NEXT_PUBLIC_{app.upper()}_API ?? "/api",
              sessionCookie: "{app[:2]}_session",
              {"guestCheckout: true," if app == "storefront" else "requireStaffSso: true,"}
            }};
            """))
        if app == "storefront":
            session = ("Shopper session: anonymous cart id cookie upgraded to a customer session at "
                       "login; refreshed silently every 15 minutes.")
            client = "Storefront API client: public catalog reads and cart mutations, with guest tokens."
            callback = ("Customer login callback page: exchanges the authorization code via the identity "
                        "service, then merges the guest cart.")
            orders = "Order history page for the signed-in customer, with reorder buttons."
        else:
            session = ("Staff session: SSO via the corporate IdP, 8-hour absolute lifetime, re-auth "
                       "before refunds above the approval limit.")
            client = "Back-office API client: admin endpoints with the staff bearer token and audit headers."
            callback = "Staff SSO callback page: validates the IdP response and loads the staff role."
            orders = "Order search for support staff: filters by email, status and payment reference."
        for rel, doc in (("src/lib/session.ts", session), ("src/api/client.ts", client)):
            tree.add(f"{root}/{rel}", dedent(f"""
                /**
                 * {doc}
                 */
                export async function {"refreshSession" if "session" in rel else "request"}(path = "/"): Promise<Response> {{
                  return fetch(`${{"{app}"}}${{path}}`, {{ credentials: "include" }});
                }}
                """))
        for rel, doc in (("src/pages/auth/callback.tsx", callback), ("src/pages/orders.tsx", orders)):
            tree.add(f"{root}/{rel}", dedent(f"""
                /**
                 * {doc}
                 */
                import * as React from "react";

                export default function Page() {{
                  return <main data-app="{app}" />;
                }}
                """))
        for rel in _SHARED + own:
            name = rel.rsplit("/", 1)[-1].split(".")[0].strip("[]")
            tree.add(f"{root}/src/{rel}", dedent(f"""
                /**
                 * {camel(name)} of the {app} app ({what}).
                 */
                export const {lower_camel(name.replace('-', '_'))}Meta = {{ app: "{app}", owner: "{rng.choice(('web-platform', 'growth', 'support-tools'))}" }};
                """))
            if rel.endswith(".ts") and rng.random() < 0.5:
                tree.add(f"{root}/src/{rel[:-3]}.test.ts", _ts_test(app, name))


_FLOWS = ("guest-checkout", "saved-card-checkout", "apply-discount-code", "login-with-google", "password-reset",
          "reorder", "cancel-order", "request-refund", "track-shipment", "update-address", "subscribe-plan",
          "cancel-subscription", "search-and-filter", "wishlist", "gift-card-redeem", "staff-refund-approval",
          "staff-order-edit", "staff-customer-lookup", "export-orders-csv", "invite-team-member")


def gen_e2e(tree: Tree, rng: random.Random) -> None:
    """Playwright end-to-end specs and k6 load scripts under tests/."""
    for flow in _FLOWS:
        app = "backoffice" if flow.startswith("staff") else "storefront"
        tree.add(f"tests/e2e/{flow}.spec.ts", dedent(f"""
            /**
             * End-to-end: {flow.replace('-', ' ')} in the {app} app.
             */
            import {{ expect, test }} from "@playwright/test";

            test("{flow.replace('-', ' ')}", async ({{ page }}) => {{
              await page.goto("/{app}");
              await expect(page.getByRole("main")).toBeVisible();
            }});
            """))
    for svc in ("checkout", "search", "catalog", "payments", "orders", "identity", "gateway", "pricing"):
        tree.add(f"tests/load/k6/{svc}.js", f"// k6 load test of the {svc} API: ramp to "
                 f"{rng.choice((200, 500, 1000))} virtual users, p95 under 300 ms.\nimport http from 'k6/http';\n\n"
                 f"export const options = {{ thresholds: {{ http_req_duration: ['p(95)<300'] }} }};\n\n"
                 f"export default function () {{ http.get(`${{__ENV.BASE_URL}}/v1/{svc}`); }}\n")
    tree.add("tests/e2e/playwright.config.ts", "/** Playwright settings for the e2e suite: both apps, three browsers. */\n"
             "export default { retries: 2, use: { baseURL: process.env.E2E_BASE_URL } };\n")


def packages(spec: FixtureSpec) -> list[tuple[str, str, tuple[str, ...]]]:
    return list(PACKAGES[:max(4, min(spec.ts_packages, len(PACKAGES)))])


def generate(tree: Tree, rng: random.Random, spec: FixtureSpec) -> None:
    tree.add("package.json", _package_json("acme-platform", {"workspaces": ["packages/*", "apps/*", "web/*",
                                                                            "sdk/typescript/*"]}))
    tree.add("pnpm-workspace.yaml", "packages:\n  - packages/*\n  - apps/*\n  - web/*\n  - sdk/typescript/*\n")
    tree.add("tsconfig.base.json", json.dumps({"compilerOptions": {"strict": True, "target": "ES2022",
                                                                   "module": "ESNext", "jsx": "react-jsx"}},
                                              indent=2))
    for pkg, purpose, modules in packages(spec):
        gen_package(tree, rng, pkg, purpose, modules)
    gen_dashboard(tree, rng)
    gen_workspace_roots(tree, rng)
    gen_e2e(tree, rng)
