"""Infrastructure: Terraform modules and environments, kustomize apps, Postgres/PostgREST, CI files."""

from __future__ import annotations

import random

from lab.corpus.gen_common import DOMAIN, ENVS, TEAMS, Tree, dedent
from lab.corpus.spec import FixtureSpec

# Terraform module -> (what it creates, [(resource type, name)]). vpc and ecs get hand-written main.tf.
TF_MODULES: tuple[tuple[str, str, tuple[tuple[str, str], ...]], ...] = (
    ("vpc", "", ()),
    ("ecs", "", ()),
    ("rds-postgres", "an RDS Postgres instance with parameter group and subnet group",
     (("aws_db_instance", "this"), ("aws_db_parameter_group", "this"), ("aws_db_subnet_group", "this"))),
    ("s3-bucket", "a private S3 bucket with versioning and lifecycle rules",
     (("aws_s3_bucket", "this"), ("aws_s3_bucket_versioning", "this"), ("aws_s3_bucket_lifecycle_configuration", "this"))),
    ("iam-role", "an IAM role with an assume-role policy and attached managed policies",
     (("aws_iam_role", "this"), ("aws_iam_role_policy_attachment", "managed"))),
    ("alb", "an application load balancer with HTTPS listener and target groups",
     (("aws_lb", "this"), ("aws_lb_listener", "https"), ("aws_lb_target_group", "service"))),
    ("cdn", "a CloudFront distribution in front of the storefront and media buckets",
     (("aws_cloudfront_distribution", "this"), ("aws_cloudfront_origin_access_control", "s3"))),
    ("elasticache", "a Redis replication group for caches and rate limits",
     (("aws_elasticache_replication_group", "this"), ("aws_elasticache_subnet_group", "this"))),
    ("sqs", "SQS queues with dead-letter queues and redrive policies",
     (("aws_sqs_queue", "this"), ("aws_sqs_queue", "dlq"))),
    ("sns", "SNS topics and their subscriptions", (("aws_sns_topic", "this"), ("aws_sns_topic_subscription", "this"))),
    ("route53", "public and private hosted zones and records", (("aws_route53_zone", "this"), ("aws_route53_record", "this"))),
    ("kms", "customer-managed KMS keys with rotation", (("aws_kms_key", "this"), ("aws_kms_alias", "this"))),
    ("lambda", "a Lambda function with its log group and IAM role",
     (("aws_lambda_function", "this"), ("aws_cloudwatch_log_group", "this"))),
    ("cloudwatch-alarms", "CloudWatch alarms wired to the on-call SNS topic",
     (("aws_cloudwatch_metric_alarm", "error_rate"), ("aws_cloudwatch_metric_alarm", "latency_p99"))),
    ("waf", "a WAF web ACL with managed rule groups and rate rules", (("aws_wafv2_web_acl", "this"),)),
    ("msk", "a managed Kafka cluster for domain events", (("aws_msk_cluster", "this"), ("aws_msk_configuration", "this"))),
)

_VPC_MAIN = '''
# VPC module: the network every environment runs in — a VPC, public and private subnets across
# three availability zones, route tables, and the internet gateway. NAT gateways live in nat.tf.
resource "aws_vpc" "this" {
  cidr_block           = var.cidr_block
  enable_dns_hostnames = true
  tags                 = merge(var.tags, { Name = var.name })
}

resource "aws_subnet" "private" {
  count             = length(var.azs)
  vpc_id            = aws_vpc.this.id
  cidr_block        = cidrsubnet(var.cidr_block, 4, count.index)
  availability_zone = var.azs[count.index]
  tags              = merge(var.tags, { Tier = "private" })
}

resource "aws_subnet" "public" {
  count                   = length(var.azs)
  vpc_id                  = aws_vpc.this.id
  cidr_block              = cidrsubnet(var.cidr_block, 4, count.index + 8)
  map_public_ip_on_launch = true
  tags                    = merge(var.tags, { Tier = "public" })
}

resource "aws_internet_gateway" "this" {
  vpc_id = aws_vpc.this.id
}

resource "aws_flow_log" "this" {
  vpc_id          = aws_vpc.this.id
  traffic_type    = "REJECT"
  log_destination = var.flow_log_bucket_arn
}
'''

_ECS_MAIN = '''
# ECS module: a Fargate cluster and one service per container, behind the shared ALB, with
# autoscaling on CPU. Networking (subnets, security groups) is passed in from the vpc module.
resource "aws_ecs_cluster" "this" {
  name = var.cluster_name
  setting {
    name  = "containerInsights"
    value = "enabled"
  }
}

resource "aws_ecs_task_definition" "this" {
  family                   = var.service_name
  requires_compatibilities = ["FARGATE"]
  network_mode             = "awsvpc"
  cpu                      = var.cpu
  memory                   = var.memory
  execution_role_arn       = var.execution_role_arn
  container_definitions    = jsonencode(var.containers)
}

resource "aws_ecs_service" "this" {
  name            = var.service_name
  cluster         = aws_ecs_cluster.this.id
  task_definition = aws_ecs_task_definition.this.arn
  desired_count   = var.desired_count
  launch_type     = "FARGATE"
  network_configuration {
    subnets         = var.private_subnet_ids
    security_groups = var.security_group_ids
  }
}

resource "aws_appautoscaling_target" "this" {
  service_namespace  = "ecs"
  resource_id        = "service/${aws_ecs_cluster.this.name}/${aws_ecs_service.this.name}"
  scalable_dimension = "ecs:service:DesiredCount"
  min_capacity       = var.min_count
  max_capacity       = var.max_count
}
'''


def gen_terraform(tree: Tree, rng: random.Random) -> None:
    for mod, what, resources in TF_MODULES:
        base = f"infra/terraform/modules/{mod}"
        if mod == "vpc":
            main, what = _VPC_MAIN, "the VPC, subnets, routing and NAT"
            tree.add(f"{base}/nat.tf", dedent('''
                # NAT gateways of the VPC module, one per AZ in prod and a single shared one elsewhere.
                # Moved here from modules/network/nat.tf (see CHANGELOG.md).
                resource "aws_eip" "nat" {
                  count  = var.single_nat_gateway ? 1 : length(var.azs)
                  domain = "vpc"
                }

                resource "aws_nat_gateway" "this" {
                  count         = var.single_nat_gateway ? 1 : length(var.azs)
                  allocation_id = aws_eip.nat[count.index].id
                  subnet_id     = aws_subnet.public[count.index].id
                }
                '''))
        elif mod == "ecs":
            main, what = _ECS_MAIN, "an ECS Fargate cluster and services"
        else:
            main = f"# {mod} module: {what}.\n" + "".join(
                f'\nresource "{t}" "{n}" {{\n  name = var.name\n  tags = var.tags\n}}\n' for t, n in resources)
        tree.add(f"{base}/main.tf", main.lstrip("\n"))
        tree.add(f"{base}/variables.tf", f"# Inputs of the {mod} module.\n"
                 f'variable "name" {{\n  type        = string\n  description = "Name prefix for {mod} resources"\n}}\n\n'
                 f'variable "tags" {{\n  type    = map(string)\n  default = {{}}\n}}\n')
        tree.add(f"{base}/outputs.tf", f"# Outputs of the {mod} module.\n"
                 f'output "id" {{\n  value = {"aws_vpc.this.id" if mod == "vpc" else "null"}\n}}\n')
        tree.add(f"{base}/versions.tf", 'terraform {\n  required_version = ">= 1.6"\n  required_providers {\n'
                 f'    aws = {{ source = "hashicorp/aws", version = "~> 5.{rng.randint(20, 40)}" }}\n  }}\n}}\n')
        tree.add(f"{base}/examples/basic/main.tf", f"# Minimal example of the {mod} module, used by terratest.\n"
                 f'module "example" {{\n  source = "../.."\n  name   = "example-{mod}"\n}}\n')
        tree.add(f"{base}/tests/{mod.replace('-', '_')}_test.go", f"// Terratest of the {mod} module: apply the basic "
                 f"example, check outputs, destroy.\npackage test\n\nimport \"testing\"\n\n"
                 f"func Test{mod.replace('-', '').capitalize()}Basic(t *testing.T) {{ t.Parallel() }}\n")
        tree.add(f"{base}/README.md", f"# Terraform module: {mod}\n\nCreates {what}. Used by "
                 f"`infra/terraform/envs/*/main.tf`.\n")
    for env in ENVS:
        base = f"infra/terraform/envs/{env}"
        calls = "".join(f'\nmodule "{m.replace("-", "_")}" {{\n  source = "../../modules/{m}"\n  name   = "{env}-{m}"\n}}\n'
                        for m, _, _ in TF_MODULES)
        tree.add(f"{base}/main.tf", f"# The {env} environment: every module wired together.\n" + calls)
        tree.add(f"{base}/backend.tf", f'# Remote state of {env}.\nterraform {{\n  backend "s3" {{\n'
                 f'    bucket = "acme-tfstate-{env}"\n    key    = "{env}/terraform.tfstate"\n'
                 f'    region = "eu-west-1"\n  }}\n}}\n')
        tree.add(f"{base}/variables.tf", f'# Variables of the {env} environment.\nvariable "region" {{\n'
                 f'  default = "eu-west-1"\n}}\n')
        tree.add(f"{base}/terraform.tfvars", f'# Values for {env}.\nregion = "eu-west-1"\n'
                 f'single_nat_gateway = {"false" if env == "prod" else "true"}\n'
                 f'desired_count = {6 if env == "prod" else 1}\n')
    for env in ("dev", "prod"):
        for region in ("eu-west-1", "us-east-1"):
            for svc in ("checkout", "payments", "search", "identity"):
                base = f"infra/terraform/live/{env}/{region}/services/{svc}"
                tree.add(f"{base}/main.tf", f"# {svc} on ECS in {env} ({region}).\n"
                         f'module "service" {{\n  source        = "../../../../../modules/ecs"\n'
                         f'  service_name  = "{svc}"\n  desired_count = {rng.choice((4, 6, 8)) if env == "prod" else 1}\n}}\n')
                tree.add(f"{base}/task_role.tf", f"# IAM task role of {svc} in {env} {region}: only its own "
                         f"queues, buckets and secrets.\n"
                         f'module "task_role" {{\n  source = "../../../../../modules/iam-role"\n'
                         f'  name   = "{env}-{svc}-task"\n}}\n')


def _k8s_app(tree: Tree, rng: random.Random, app: str) -> None:
    _, entity, _, purpose = DOMAIN[app]
    base = f"deploy/k8s/apps/{app}"
    port = 8080
    tree.add(f"{base}/base/kustomization.yaml", dedent(f"""
        # Kustomize base of {app}: shared by every overlay; environment specifics go in overlays/.
        apiVersion: kustomize.config.k8s.io/v1beta1
        kind: Kustomization
        resources:
          - deployment.yaml
          - service.yaml
        configMapGenerator:
          - name: {app}-config
            files:
              - config.yaml
        commonLabels:
          app.kubernetes.io/name: {app}
          team: {rng.choice(TEAMS)}
        """))
    tree.add(f"{base}/base/deployment.yaml", dedent(f"""
        # Deployment of the {app} service ({purpose}).
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: {app}
        spec:
          replicas: 2
          selector:
            matchLabels: {{app: {app}}}
          template:
            metadata:
              labels: {{app: {app}}}
            spec:
              containers:
                - name: {app}
                  image: registry.acme.internal/{app}:latest
                  ports: [{{containerPort: {port}}}]
                  readinessProbe:
                    httpGet: {{path: /readyz, port: {port}}}
                  resources:
                    requests: {{cpu: {rng.choice(("100m", "250m", "500m"))}, memory: {rng.choice(("128Mi", "256Mi", "512Mi"))}}}
        """))
    tree.add(f"{base}/base/service.yaml", f"# ClusterIP service of {app}.\napiVersion: v1\nkind: Service\n"
             f"metadata:\n  name: {app}\nspec:\n  selector: {{app: {app}}}\n  ports: [{{port: 80, targetPort: {port}}}]\n")
    tree.add(f"{base}/base/serviceaccount.yaml", f"# Service account of {app}, bound to its IAM role via IRSA.\n"
             f"apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: {app}\n")
    tree.add(f"{base}/base/networkpolicy.yaml", f"# Only the gateway and {app}'s own jobs may reach {app}.\n"
             f"apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata:\n  name: {app}\n")
    tree.add(f"{base}/base/config.yaml", f"# {app} settings shared by all environments (mounted as config.yaml).\n"
             f"log:\n  format: json\nfeatures:\n  {entity}_v2: false\n")
    for env in ENVS:
        o = f"{base}/overlays/{env}"
        replicas = {"dev": 1, "staging": 2, "prod": rng.choice((4, 6, 8))}[env]
        extra = "  - pdb.yaml\n  - hpa.yaml\n" if env == "prod" else ""
        note = {"dev": "one replica, debug logging, the shared dev database",
                "staging": "two replicas, production-like settings, synthetic data",
                "prod": "autoscaled replicas, a PodDisruptionBudget, and production secrets"}[env]
        tree.add(f"{o}/kustomization.yaml", dedent(f"""
            # {app} {env} overlay: {note}.
            apiVersion: kustomize.config.k8s.io/v1beta1
            kind: Kustomization
            namespace: {app}-{env}
            resources:
              - ../../base
            """) + extra + dedent(f"""
            patches:
              - path: replicas-patch.yaml
            configMapGenerator:
              - name: {app}-config
                behavior: merge
                files:
                  - config.yaml
            images:
              - name: registry.acme.internal/{app}
                newTag: {"main" if env == "dev" else f"v1.{rng.randint(10, 90)}.{rng.randint(0, 9)}"}
            """))
        tree.add(f"{o}/resources-patch.yaml", f"# CPU and memory of {app} in {env}.\napiVersion: apps/v1\n"
                 f"kind: Deployment\nmetadata:\n  name: {app}\nspec:\n  template:\n    spec:\n      containers:\n"
                 f"        - name: {app}\n          resources:\n            limits: {{memory: "
                 f"{ {'dev': '256Mi', 'staging': '512Mi', 'prod': '1Gi'}[env] }}}\n")
        tree.add(f"{o}/replicas-patch.yaml", f"# Replica count of {app} in {env}.\napiVersion: apps/v1\n"
                 f"kind: Deployment\nmetadata:\n  name: {app}\nspec:\n  replicas: {replicas}\n")
        tree.add(f"{o}/config.yaml", f"# {app} settings for {env}.\nlog:\n  level: "
                 f"{'debug' if env == 'dev' else 'info'}\ndatabase:\n  host: {app}-db.{env}.acme.internal\n")
        if env == "prod":
            tree.add(f"{o}/pdb.yaml", f"# Keep at least half of {app} up during node drains.\napiVersion: policy/v1\n"
                     f"kind: PodDisruptionBudget\nmetadata:\n  name: {app}\nspec:\n  minAvailable: 50%\n")
            tree.add(f"{o}/hpa.yaml", f"# CPU autoscaling of {app} in prod.\napiVersion: autoscaling/v2\n"
                     f"kind: HorizontalPodAutoscaler\nmetadata:\n  name: {app}\nspec:\n"
                     f"  minReplicas: {replicas}\n  maxReplicas: {replicas * 3}\n")


def gen_postgres(tree: Tree) -> None:
    tree.add("deploy/postgres/postgresql.conf", dedent("""
        # Postgres server configuration for the shared OLTP cluster (Postgres 16).
        listen_addresses = '*'
        max_connections = 400
        shared_buffers = 8GB
        effective_cache_size = 24GB
        wal_level = logical            # needed by crates/cdc-reader
        max_replication_slots = 10
        statement_timeout = '30s'
        idle_in_transaction_session_timeout = '60s'
        log_min_duration_statement = 500
        """))
    tree.add("deploy/postgres/pg_hba.conf", "# Client authentication of the Postgres cluster: scram only.\n"
             "hostssl all all 10.0.0.0/8 scram-sha-256\n")
    tree.add("deploy/postgres/initdb/01-roles.sql", dedent("""
        -- Postgres roles created when the cluster is initialised: one owner per service schema,
        -- plus the authenticator and anonymous roles that PostgREST switches between.
        CREATE ROLE migrator LOGIN;
        CREATE ROLE authenticator LOGIN NOINHERIT;
        CREATE ROLE web_anon NOLOGIN;
        GRANT web_anon TO authenticator;
        """))
    tree.add("deploy/postgres/initdb/02-extensions.sql", "-- Extensions every database gets.\n"
             "CREATE EXTENSION IF NOT EXISTS pgcrypto;\nCREATE EXTENSION IF NOT EXISTS pg_stat_statements;\n")
    tree.add("deploy/postgres/README.md", "# Postgres\n\nThe database cluster itself: server settings "
             "(`postgresql.conf`), client auth, and init scripts. For the REST layer on top of it see "
             "`deploy/postgrest`.\n")
    tree.add("deploy/postgrest/postgrest.conf", dedent("""
        # PostgREST: serves the views in db/postgrest as a read-only REST API for partners.
        db-uri = "postgres://authenticator@postgres.data.svc:5432/acme"
        db-schemas = "api"
        db-anon-role = "web_anon"
        db-pool = 10
        db-pool-acquisition-timeout = 10
        db-pool-max-lifetime = 1800
        server-port = 3000
        jwt-secret = "@/etc/postgrest/jwt-secret"
        openapi-mode = "ignore-privileges"
        """))
    tree.add("deploy/postgrest/Dockerfile", "# PostgREST image with our config baked in.\n"
             "FROM postgrest/postgrest:v12.0.2\nCOPY postgrest.conf /etc/postgrest.conf\n")
    tree.add("deploy/postgrest/README.md", "# PostgREST\n\nThe partner REST API, generated by PostgREST from "
             "the `api` schema (see `db/postgrest/api_views.sql`). Connection and JWT settings: "
             "`postgrest.conf`.\n")
    tree.add("db/postgrest/api_views.sql", dedent("""
        -- Views exposed by PostgREST as /orders and /shipments endpoints (schema `api`).
        CREATE SCHEMA IF NOT EXISTS api;
        CREATE VIEW api.orders AS
            SELECT id, tenant_id, status, created_at FROM orders.orders;
        CREATE VIEW api.shipments AS
            SELECT id, tenant_id, carrier, tracking_number FROM shipping.shipments;
        GRANT SELECT ON api.orders, api.shipments TO web_anon;
        """))
    tree.add("db/postgrest/roles.sql", "-- Row-level security for partner access through PostgREST.\n"
             "ALTER TABLE orders.orders ENABLE ROW LEVEL SECURITY;\n")
    for name, kind in (("postgres", "StatefulSet"), ("postgrest", "Deployment")):
        base = f"deploy/k8s/data/{name}"
        fname = "statefulset.yaml" if kind == "StatefulSet" else "deployment.yaml"
        tree.add(f"{base}/{fname}", f"# {kind} of {name} in the data namespace.\napiVersion: apps/v1\n"
                 f"kind: {kind}\nmetadata:\n  name: {name}\n  namespace: data\nspec:\n  replicas: "
                 f"{1 if name == 'postgres' else 2}\n")
        tree.add(f"{base}/service.yaml", f"# Service of {name}.\napiVersion: v1\nkind: Service\nmetadata:\n"
                 f"  name: {name}\n  namespace: data\n")
        tree.add(f"{base}/kustomization.yaml", f"# {name} in the data namespace.\nresources:\n  - {fname}\n"
                 f"  - service.yaml\n")


_WORKFLOWS = (
    ("ci.yml", "CI: lint and test every language on pull requests", "make lint test"),
    ("go.yml", "Go: vet, golangci-lint and go test ./... with the race detector", "go test -race ./..."),
    ("rust.yml", "Rust: clippy and cargo test for the workspace", "cargo test --workspace"),
    ("python.yml", "Python: ruff and pytest for every package under python/", "pytest python"),
    ("web.yml", "Web: typecheck, vitest and build for packages, apps and the dashboard", "pnpm -r test"),
    ("terraform.yml", "Terraform: fmt, validate and plan for each environment", "terraform plan"),
    ("proto.yml", "Protobuf: buf lint and buf breaking against main", "buf breaking --against .git#branch=main"),
    ("deploy-dev.yml", "Deploy to dev: kustomize build overlays/dev and apply on every merge", "kubectl apply -k"),
    ("deploy-prod.yml", "Deploy to prod: manual approval, then kustomize overlays/prod", "kubectl apply -k"),
    ("codeql.yml", "CodeQL security scanning", "codeql analyze"),
    ("nightly.yml", "Nightly: slow integration tests and dependency audit", "make integration"),
)


def gen_ci(tree: Tree, rng: random.Random) -> None:
    for name, what, run in _WORKFLOWS:
        tree.add(f".github/workflows/{name}", dedent(f"""
            # {what}.
            name: {name[:-4]}
            on:
              {"workflow_dispatch: {}" if "prod" in name else "pull_request: {}"}
            jobs:
              main:
                runs-on: ubuntu-latest
                timeout-minutes: {rng.choice((15, 20, 30, 45))}
                steps:
                  - uses: actions/checkout@v4
                  - run: {run}
            """))
    tree.add(".github/workflows/release-train.yml", dedent("""
        # Release train: every Tuesday cut release/<date>, tag the services that changed, open the prod deploy.
        name: release-train
        on:
          schedule:
            - cron: "0 7 * * 2"
        jobs:
          cut:
            runs-on: ubuntu-latest
            steps:
              - uses: actions/checkout@v4
              - run: ci/scripts/cut-release.sh
        """))
    tree.add(".github/CODEOWNERS", "# Owners of each area.\n" + "".join(
        f"/services/{d}/ @acme/{TEAMS[i % len(TEAMS)]}\n" for i, d in enumerate(("payments", "ledger", "identity",
                                                                                  "search", "checkout")))
             + "/infra/ @acme/platform\n/docs/ @acme/developer-experience\n")
    tree.add(".github/dependabot.yml", "# Weekly dependency updates per ecosystem.\nversion: 2\nupdates:\n"
             "  - package-ecosystem: gomod\n    directory: /\n    schedule: {interval: weekly}\n")
    tree.add(".github/pull_request_template.md", "## What\n\n## Why\n\n## How was it tested\n")
    tree.add(".golangci.yml", "# golangci-lint settings for the whole Go module.\nlinters:\n  enable: [errcheck, "
             "govet, staticcheck, revive]\nrun:\n  skip-dirs: [vendor, gen]\n")
    tree.add(".pre-commit-config.yaml", "# pre-commit hooks run locally and in CI.\nrepos:\n"
             "  - repo: https://github.com/astral-sh/ruff-pre-commit\n    rev: v0.4.4\n    hooks: [{id: ruff}]\n")
    tree.add(".editorconfig", "root = true\n\n[*]\nindent_style = space\nindent_size = 2\n\n[*.go]\nindent_style = tab\n")
    tree.add("docker-compose.yml", dedent("""
        # Local development stack: Postgres, PostgREST, Redis and Kafka.
        services:
          postgres:
            image: postgres:16
            ports: ["5432:5432"]
          postgrest:
            image: postgrest/postgrest:v12.0.2
            depends_on: [postgres]
          redis:
            image: redis:7
          kafka:
            image: bitnami/kafka:3.7
        """))
    tree.add("Makefile", "# Entry points for local development and CI.\n.PHONY: lint test run\n\n"
             "lint:\n\tgolangci-lint run ./...\n\ntest:\n\tgo test ./... && cargo test --workspace\n\n"
             "run:\n\tgo run ./services/$(SERVICE)/cmd/$(SERVICE)\n")
    for script, what in (("cut-release.sh", "Cut a release branch and tag changed services"),
                         ("changed-services.sh", "List services touched since the last release tag"),
                         ("kustomize-diff.sh", "Diff rendered overlays between two commits"),
                         ("tf-plan-all.sh", "terraform plan for every environment"),
                         ("check-generated.sh", "Fail when gen/ or generated/ is out of date"),
                         ("wait-for-postgres.sh", "Block until Postgres accepts connections")):
        tree.add(f"ci/scripts/{script}", f"#!/usr/bin/env bash\n# {what}.\nset -euo pipefail\n\n"
                 f"echo \"{script}: $*\"\n")


_SCRIPTS = (
    ("scripts/db/dump-tenant.py", "Dump one tenant's rows from every service schema for a support case."),
    ("scripts/db/anonymize.py", "Anonymise a production dump before it is loaded into staging."),
    ("scripts/db/vacuum-report.sh", "Report tables whose dead tuples exceed 20%."),
    ("scripts/kafka/replay-dlq.py", "Replay messages from a dead-letter topic after a fix."),
    ("scripts/kafka/lag-report.sh", "Print consumer lag per group and partition."),
    ("scripts/release/changelog.py", "Assemble CHANGELOG.md entries from merged pull requests."),
    ("scripts/release/bump-sdk-versions.py", "Bump the SDK versions in Go, Rust, TypeScript and Python together."),
    ("scripts/dev/bootstrap.sh", "Install toolchains and pre-commit hooks on a new laptop."),
    ("scripts/dev/seed-local.sh", "Load db/seeds into the local Postgres."),
    ("scripts/dev/gen-all.sh", "Run buf generate, graphql-codegen and sqlc in one go."),
    ("scripts/oncall/drain-node.sh", "Cordon and drain a Kubernetes node before maintenance."),
    ("scripts/oncall/rotate-jwt-keys.py", "Rotate the identity service's signing keys with overlap."),
    ("scripts/finance/export-ledger.py", "Export ledger entries for the auditors, by month."),
    ("scripts/search/reindex.py", "Rebuild the catalog search index with zero downtime."),
    ("tools/lint/forbid-vendor-edits.go", "Linter: fail when a commit edits files under vendor/ by hand."),
    ("tools/lint/no-float-money.go", "Linter: forbid float64 fields named amount or price."),
    ("tools/codegen/sqlc.yaml", "sqlc code generation settings for every service's queries/ folder."),
    ("tools/codegen/main.go", "Command codegen runs every code generator in the repository in order."),
    ("tools/depgraph/main.go", "Command depgraph prints which services import which libs/go packages."),
    ("tools/migrate/main.go", "Command migrate applies db/migrations against a database URL."),
)


def gen_scripts(tree: Tree) -> None:
    for path, what in _SCRIPTS:
        ext = path.rsplit(".", 1)[-1]
        if ext == "py":
            text = f'#!/usr/bin/env python3\n"""{what}"""\n\nimport argparse\n\n\ndef main() -> None:\n' \
                   f'    argparse.ArgumentParser(description={what!r}).parse_args()\n\n\nif __name__ == "__main__":\n    main()\n'
        elif ext == "sh":
            text = f"#!/usr/bin/env bash\n# {what}\nset -euo pipefail\n"
        elif ext == "go":
            pkg = "main" if path.endswith("main.go") else path.split("/")[-2]
            text = f"// {what}\npackage {pkg}\n"
        else:
            text = f"# {what}\nversion: \"2\"\nsql: []\n"
        tree.add(path, text)


def k8s_apps(spec: FixtureSpec, services: list[str]) -> list[str]:
    apps = [s for s in services if s == "checkout"] + [s for s in services if s != "checkout"]
    return sorted(apps[:max(1, spec.k8s_apps)])


def generate(tree: Tree, rng: random.Random, spec: FixtureSpec, services: list[str]) -> None:
    gen_terraform(tree, rng)
    for app in k8s_apps(spec, services):
        _k8s_app(tree, rng, app)
    tree.add("deploy/k8s/README.md", "# Kubernetes manifests\n\nOne kustomize base per app under "
             "`apps/<app>/base`, with `overlays/dev`, `overlays/staging` and `overlays/prod`. Data stores "
             "(Postgres, PostgREST) are under `data/`.\n")
    gen_postgres(tree)
    gen_ci(tree, rng)
    gen_scripts(tree)
