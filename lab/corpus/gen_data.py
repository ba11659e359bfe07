"""Data definitions: SQL migrations and views, the GraphQL schema, protobuf APIs and their generated code."""

from __future__ import annotations

import json
import random

from lab.corpus.gen_common import DOMAIN, DOMAINS, Tree, camel, dedent, plural, snake
from lab.corpus.spec import FixtureSpec

# GraphQL object types: name -> [(field, GraphQL type, TypeScript type)].
GRAPHQL_TYPES: tuple[tuple[str, tuple[tuple[str, str, str], ...]], ...] = (
    ("Order", (("id", "ID!", "string"), ("number", "String!", "string"), ("status", "OrderStatus!", "OrderStatus"),
               ("total", "Money!", "number"), ("lineItems", "[LineItem!]!", "LineItem[]"),
               ("createdAt", "DateTime!", "string"))),
    ("LineItem", (("id", "ID!", "string"), ("sku", "String!", "string"), ("quantity", "Int!", "number"),
                  ("unitPrice", "Money!", "number"))),
    ("Invoice", (("id", "ID!", "string"), ("number", "String!", "string"), ("amountDue", "Money!", "number"),
                 ("dueAt", "DateTime", "Maybe<string>"), ("paid", "Boolean!", "boolean"))),
    ("Product", (("id", "ID!", "string"), ("title", "String!", "string"), ("variants", "[Variant!]!", "Variant[]"),
                 ("archived", "Boolean!", "boolean"))),
    ("Variant", (("id", "ID!", "string"), ("sku", "String!", "string"), ("price", "Money!", "number"),
                 ("stock", "Int!", "number"))),
    ("Customer", (("id", "ID!", "string"), ("email", "String!", "string"), ("orders", "[Order!]!", "Order[]"),
                  ("segment", "String", "Maybe<string>"))),
    ("Payment", (("id", "ID!", "string"), ("amount", "Money!", "number"), ("method", "String!", "string"),
                 ("capturedAt", "DateTime", "Maybe<string>"))),
    ("Refund", (("id", "ID!", "string"), ("payment", "Payment!", "Payment"), ("reason", "String", "Maybe<string>"),
                ("amount", "Money!", "number"))),
    ("Shipment", (("id", "ID!", "string"), ("carrier", "String!", "string"), ("trackingNumber", "String", "Maybe<string>"),
                  ("deliveredAt", "DateTime", "Maybe<string>"))),
    ("WebhookEndpoint", (("id", "ID!", "string"), ("url", "String!", "string"), ("events", "[String!]!", "string[]"),
                         ("enabled", "Boolean!", "boolean"))),
    ("ApiKey", (("id", "ID!", "string"), ("prefix", "String!", "string"), ("lastUsedAt", "DateTime", "Maybe<string>"))),
    ("RevenueReport", (("period", "String!", "string"), ("gross", "Money!", "number"), ("net", "Money!", "number"))),
)

PROTO_DOMAINS = ("payments", "orders", "identity", "catalog", "inventory", "shipping", "ledger",
                 "notifications", "search", "pricing", "fraud", "subscriptions", "audit")

_MIGRATION_VERBS = ("create", "add_column_to", "index", "backfill", "add_constraint_to", "partition",
                    "rename_column_in", "drop_default_on")


def gen_migrations(tree: Tree, rng: random.Random, n: int) -> None:
    for i in range(1, n + 1):
        d = DOMAINS[(i * 7) % len(DOMAINS)]
        table = f"{d[0]}.{plural(snake(rng.choice((d[1], d[2]))))}"
        verb = "create" if i <= len(DOMAINS) else rng.choice(_MIGRATION_VERBS)
        name = f"db/migrations/{i:04d}_{verb}_{table.split('.')[1]}"
        if verb == "create":
            up = (f"CREATE SCHEMA IF NOT EXISTS {d[0]};\nCREATE TABLE {table} (\n"
                  f"    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),\n    tenant_id uuid NOT NULL,\n"
                  f"    created_at timestamptz NOT NULL DEFAULT now(),\n    payload jsonb NOT NULL\n);")
            down = f"DROP TABLE {table};"
        elif verb == "index":
            col = rng.choice(("tenant_id, created_at", "status", "external_ref", "updated_at"))
            up = f"CREATE INDEX CONCURRENTLY IF NOT EXISTS {table.split('.')[1]}_{i}_idx ON {table} ({col});"
            down = f"DROP INDEX IF EXISTS {d[0]}.{table.split('.')[1]}_{i}_idx;"
        else:
            col = rng.choice(("status", "external_ref", "region", "currency", "archived_at", "version"))
            up = f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {col}_{i} text;"
            down = f"ALTER TABLE {table} DROP COLUMN IF EXISTS {col}_{i};"
        what = verb.replace("_", " ")
        ticket = f"{rng.choice(('PLAT', 'PAY', 'FUL', 'RISK', 'DATA', 'GROW'))}-{rng.randint(100, 4999)}"
        online = rng.choice(("Safe to run online: no table rewrite.",
                             "Takes a brief ACCESS EXCLUSIVE lock; run outside peak hours.",
                             "Run with lock_timeout = '2s' and retry on timeout.",
                             "Backwards compatible with the previous release of the service."))
        header = (f"-- Migration {i:04d}: {what} {table} ({d[3]}).\n-- Ticket: {ticket}. {online}\n"
                  f"-- Applied by tools/migrate; the matching .down.sql reverts it.\n\n"
                  "SET lock_timeout = '2s';\nSET statement_timeout = '15min';\n\n")
        tree.add(f"{name}.up.sql", header + up + "\n\nCOMMENT ON TABLE " + table
                 + f" IS 'Owned by the {d[0]} service; see docs/architecture/services/{d[0]}.md';")
        tree.add(f"{name}.down.sql", f"-- Revert migration {i:04d} ({what} {table}).\n-- Ticket: {ticket}.\n\n{down}")


def gen_db_extras(tree: Tree, rng: random.Random) -> None:
    for d, entity, entity2, purpose in DOMAINS[:16]:
        tree.add(f"db/views/{d}_daily.sql", dedent(f"""
            -- Daily rollup of {d} for the reporting warehouse: the {d} service {purpose}.
            CREATE OR REPLACE VIEW reporting.{d}_daily AS
            SELECT tenant_id, date_trunc('day', created_at) AS day, count(*) AS {snake(entity)}_count
            FROM {d}.{plural(snake(entity))}
            GROUP BY 1, 2;
            """))
        if rng.random() < 0.5:
            tree.add(f"db/seeds/{d}.sql", f"-- Seed rows for local development of {d}.\n"
                     f"INSERT INTO {d}.{plural(snake(entity))} (tenant_id, payload) VALUES "
                     f"('00000000-0000-0000-0000-000000000001', '{{}}');")
    tree.add("db/functions/set_updated_at.sql", dedent("""
        -- Trigger function keeping updated_at current on every UPDATE.
        CREATE OR REPLACE FUNCTION set_updated_at() RETURNS trigger AS $$
        BEGIN
            NEW.updated_at = now();
            RETURN NEW;
        END;
        $$ LANGUAGE plpgsql;
        """))
    tree.add("db/README.md", dedent("""
        # Database

        Migrations in `db/migrations` are applied in order by the migrate job (`NNNN_name.up.sql`, with a
        matching `.down.sql`). Views for reporting live in `db/views`, seed rows in `db/seeds`, and the views
        exposed over HTTP by PostgREST in `db/postgrest`.
        """))


def gen_graphql(tree: Tree) -> None:
    types = []
    for name, fields in GRAPHQL_TYPES:
        body = "".join(f"  {f}: {g}\n" for f, g, _ in fields)
        types.append(f'"""{name} as exposed to the merchant dashboard."""\ntype {name} {{\n{body}}}\n')
    tree.add("api/graphql/schema.graphql", dedent('''
        # The merchant GraphQL API schema: the source of truth for web/dashboard/src/generated/graphql.ts.
        scalar DateTime
        scalar Money

        enum OrderStatus { PENDING PAID FULFILLED CANCELLED REFUNDED }

        type Query {
          order(id: ID!): Order
          orders(first: Int, after: String): OrderConnection!
          invoices(first: Int, after: String): InvoiceConnection!
          products(first: Int, after: String, query: String): ProductConnection!
          customer(id: ID!): Customer
          revenue(period: String!): RevenueReport!
        }

        type Mutation {
          refundPayment(paymentId: ID!, amount: Money!, reason: String): Refund!
          archiveProduct(id: ID!): Product!
          createWebhookEndpoint(url: String!, events: [String!]!): WebhookEndpoint!
          rotateApiKey(id: ID!): ApiKey!
        }

        type PageInfo { endCursor: String hasNextPage: Boolean! }
        type OrderConnection { items: [Order!]! pageInfo: PageInfo! }
        type InvoiceConnection { items: [Invoice!]! pageInfo: PageInfo! }
        type ProductConnection { items: [Product!]! pageInfo: PageInfo! }

        ''') + "\n".join(types))
    for d in ("orders", "billing", "catalog", "payments", "shipping", "webhooks"):
        tree.add(f"api/graphql/resolvers/{d}.graphql", f"# Directives and federation keys for the {d} subgraph.\n"
                 f"extend schema @link(url: \"https://specs.apollo.dev/federation/v2.3\", import: [\"@key\"])\n")


def gen_proto(tree: Tree, rng: random.Random) -> None:
    tree.add("buf.yaml", "version: v2\nmodules:\n  - path: proto\nlint:\n  use: [STANDARD]\nbreaking:\n  use: [FILE]\n")
    tree.add("buf.gen.yaml", dedent("""
        # Code generation for proto/ -> gen/{go,python,ts}; run `buf generate`, never edit gen/ by hand.
        version: v2
        plugins:
          - remote: buf.build/protocolbuffers/go
            out: gen/go
          - remote: buf.build/grpc/go
            out: gen/go
          - remote: buf.build/protocolbuffers/python
            out: gen/python
          - remote: buf.build/bufbuild/es
            out: gen/ts
        """))
    for d in PROTO_DOMAINS:
        _, entity, entity2, purpose = DOMAIN[d]
        E, E2 = camel(entity), camel(entity2)
        svc = f"{camel(d)}Service"
        rpcs = (f"Create{E}", f"Get{E}", f"List{plural(E)}", f"Update{E2}")
        if d == "payments":
            rpcs = ("CreatePayment", "CapturePayment", "RefundPayment", "GetPayment", "ListCharges")
        rpc_text = "".join(f"  rpc {r}({r}Request) returns ({r}Response);\n" for r in rpcs)
        msgs = "".join(f"message {r}Request {{\n  string tenant_id = 1;\n  string id = 2;\n}}\n\n"
                       f"message {r}Response {{\n  {E} {snake(entity)} = 1;\n}}\n\n" for r in rpcs)
        tree.add(f"proto/{d}/v1/{d}.proto", f"// The {d} API: the service {purpose}.\n"
                 f'syntax = "proto3";\n\npackage acme.{d}.v1;\n\n'
                 f'option go_package = "github.com/acme/platform/gen/go/{d}/v1;{d}v1";\n\n'
                 f"service {svc} {{\n{rpc_text}}}\n\nmessage {E} {{\n  string id = 1;\n"
                 f"  string tenant_id = 2;\n  int64 created_at_unix = 3;\n}}\n\n{msgs}")
        gobody = "".join(f"type {r}Request struct {{\n\tstate         protoimpl.MessageState\n"
                         f"\tTenantId string `protobuf:\"bytes,1,opt,name=tenant_id\"`\n\tId string\n}}\n\n"
                         for r in rpcs)
        tree.add(f"gen/go/{d}/v1/{d}.pb.go", f"// Code generated by protoc-gen-go. DO NOT EDIT.\n"
                 f"// versions:\n// \tprotoc-gen-go v1.33.0\n// source: {d}/v1/{d}.proto\n\n"
                 f"package {d}v1\n\nimport protoimpl \"google.golang.org/protobuf/runtime/protoimpl\"\n\n"
                 f"type {E} struct {{\n\tstate protoimpl.MessageState\n\tId string\n\tTenantId string\n}}\n\n"
                 + gobody)
        client = "".join(f"\t{r}(ctx context.Context, in *{r}Request, opts ...grpc.CallOption) (*{r}Response, error)\n"
                         for r in rpcs)
        tree.add(f"gen/go/{d}/v1/{d}_grpc.pb.go", f"// Code generated by protoc-gen-go-grpc. DO NOT EDIT.\n"
                 f"// source: {d}/v1/{d}.proto\n\npackage {d}v1\n\nimport (\n\t\"context\"\n\n"
                 f"\t\"google.golang.org/grpc\"\n)\n\n// {svc}Client is the client API for {svc} service.\n"
                 f"type {svc}Client interface {{\n{client}}}\n\n"
                 f"// {svc}Server is the server API for {svc} service.\ntype {svc}Server interface {{\n"
                 + client.replace(", opts ...grpc.CallOption", "") + "}\n")
        tree.add(f"gen/python/{d}/v1/{d}_pb2.py", f"# -*- coding: utf-8 -*-\n# Generated by the protocol buffer "
                 f"compiler.  DO NOT EDIT!\n# source: {d}/v1/{d}.proto\n\"\"\"Generated protocol buffer code.\"\"\"\n"
                 f"from google.protobuf import descriptor_pool as _descriptor_pool\n"
                 f"from google.protobuf.internal import builder as _builder\n\n"
                 f"DESCRIPTOR = _descriptor_pool.Default().AddSerializedFile(b'\\n\\x0f{d}/v1/{d}.proto"
                 f"\\x12\\x0cacme.{d}.v1')\n_globals = globals()\n"
                 f"_builder.BuildMessageAndEnumDescriptors(DESCRIPTOR, _globals)\n"
                 f"_builder.BuildTopDescriptorsAndMessages(DESCRIPTOR, '{d}.v1.{d}_pb2', _globals)\n")
        stubs = "".join(f"        self.{r} = channel.unary_unary('/acme.{d}.v1.{svc}/{r}')\n" for r in rpcs)
        tree.add(f"gen/python/{d}/v1/{d}_pb2_grpc.py", f"# Generated by the gRPC Python protocol compiler plugin. "
                 f"DO NOT EDIT!\n\"\"\"Client and server classes corresponding to protobuf-defined services.\"\"\"\n"
                 f"import grpc\n\n\nclass {svc}Stub(object):\n    def __init__(self, channel):\n{stubs}")
        tree.add(f"gen/ts/{d}/v1/{d}_pb.ts", f"// @generated by protoc-gen-es v1.7.2 with parameter \"target=ts\"\n"
                 f"// @generated from file {d}/v1/{d}.proto (package acme.{d}.v1, syntax proto3)\n"
                 f"/* eslint-disable */\n\nexport class {E} {{\n  id = \"\";\n  tenantId = \"\";\n}}\n")
        for part, what, msgs in (("events", f"Domain events of {d}, published to Kafka", ("Created", "Updated", "Deleted")),
                                 ("types", f"Shared value types of the {d} API", ("Money", "Page", "Filter"))):
            names = [f"{E}{m}" if part == "events" else f"{camel(d)}{m}" for m in msgs]
            fields = "".join(f"message {n} {{\n  string id = 1;\n  int64 at_unix = {i + 2};\n}}\n\n"
                             for i, n in enumerate(names))
            tree.add(f"proto/{d}/v1/{part}.proto", f"// {what}.\nsyntax = \"proto3\";\n\npackage acme.{d}.v1;\n\n"
                     + fields)
            tree.add(f"gen/go/{d}/v1/{part}.pb.go", f"// Code generated by protoc-gen-go. DO NOT EDIT.\n"
                     f"// source: {d}/v1/{part}.proto\n\npackage {d}v1\n\n"
                     + "".join(f"type {n} struct {{\n\tId string\n\tAtUnix int64\n}}\n\n" for n in names))
            tree.add(f"gen/python/{d}/v1/{part}_pb2.py", f"# -*- coding: utf-8 -*-\n# Generated by the protocol "
                     f"buffer compiler.  DO NOT EDIT!\n# source: {d}/v1/{part}.proto\n"
                     f"\"\"\"Generated protocol buffer code.\"\"\"\nfrom google.protobuf import descriptor_pool\n")
            tree.add(f"gen/ts/{d}/v1/{part}_pb.ts", f"// @generated by protoc-gen-es v1.7.2\n"
                     f"// @generated from file {d}/v1/{part}.proto\n/* eslint-disable */\n\n"
                     + "".join(f"export class {n} {{\n  id = \"\";\n}}\n" for n in names))
        tree.add(f"proto/{d}/v1/README.md", f"# acme.{d}.v1\n\nProtobuf API of the {d} service. Generated code "
                 f"lives in `gen/`; `buf breaking` guards wire compatibility.\n")


def gen_event_schemas(tree: Tree, rng: random.Random) -> None:
    """JSON Schemas of the Kafka event payloads, one per domain event (checked by schema-registry)."""
    for d, entity, _, purpose in DOMAINS:
        for verb in ("created", "updated", "deleted"):
            if verb == "deleted" and rng.random() < 0.4:
                continue
            name = f"{snake(entity)}.{verb}"
            tree.add(f"schemas/events/{d}/{name}.json", json.dumps({
                "$schema": "https://json-schema.org/draft/2020-12/schema",
                "$id": f"https://schemas.acme.internal/events/{d}/{name}.json",
                "title": f"{camel(entity)} {verb}",
                "description": f"Emitted by the {d} service, which {purpose}, when a {entity.replace('_', ' ')} is {verb}.",
                "type": "object",
                "required": ["id", "tenant_id", "occurred_at"],
                "properties": {"id": {"type": "string"}, "tenant_id": {"type": "string"},
                               "occurred_at": {"type": "string", "format": "date-time"}},
            }, indent=2))


def generate(tree: Tree, rng: random.Random, spec: FixtureSpec) -> None:
    gen_event_schemas(tree, rng)
    gen_migrations(tree, rng, spec.migrations)
    gen_db_extras(tree, rng)
    gen_graphql(tree)
    gen_proto(tree, rng)

