"""The Go vendor/ tree: look-alikes of our own code (a backoff package, an oauth2 package, config.go)
that the resolver should down-weight. Content is a plausible stub of each upstream file."""

from __future__ import annotations

import random

from lab.corpus.gen_common import Tree, camel, dedent

#: (module path, package name, [(file, upstream doc comment)]).
VENDOR_MODULES = (
    ("github.com/cenkalti/backoff/v4", "backoff", (
        ("backoff.go", "Package backoff implements backoff algorithms for retrying operations."),
        ("exponential.go", "ExponentialBackOff is a backoff implementation that increases the backoff period"),
        ("retry.go", "Retry the operation o until it does not return error or BackOff stops."),
        ("ticker.go", "Ticker holds a channel that delivers ticks of a clock at times reported by a BackOff."),
        ("context.go", "BackOffContext is a backoff policy that stops retrying after the context is canceled."),
        ("timer.go", "Timer abstracts time.Timer so tests can substitute a fake."),
        ("tries.go", "WithMaxRetries creates a wrapper around another BackOff, which will return Stop"))),
    ("golang.org/x/oauth2", "oauth2", (
        ("oauth2.go", "Package oauth2 provides support for making OAuth2 authorized and authenticated HTTP requests."),
        ("token.go", "Token represents the credentials used to authorize the requests to access protected resources."),
        ("transport.go", "Transport is an http.RoundTripper that makes OAuth 2.0 HTTP requests."),
        ("pkce.go", "GenerateVerifier generates a PKCE code verifier with 32 octets of randomness."),
        ("deviceauth.go", "DeviceAuthResponse describes a successful RFC 8628 Device Authorization Response."))),
    ("github.com/jackc/pgx/v5", "pgx", (
        ("conn.go", "Package pgx is a PostgreSQL database driver."),
        ("rows.go", "Rows is the result set returned from *Conn.Query."),
        ("batch.go", "Batch queries are a way of bundling multiple queries together to avoid unnecessary network round trips."),
        ("tx.go", "TxIsoLevel is the transaction isolation level (serializable, repeatable read, read committed or read uncommitted)"),
        ("copy_from.go", "CopyFrom uses the PostgreSQL copy protocol to perform bulk data insertion."))),
    ("github.com/spf13/cobra", "cobra", (
        ("command.go", "Package cobra is a commander providing a simple interface to create powerful modern CLI interfaces."),
        ("args.go", "PositionalArgs validates the positional arguments of a command."),
        ("completions.go", "ShellCompDirective is a bit map representing the different behaviors the shell can be instructed"),
        ("flag_groups.go", "MarkFlagsRequiredTogether marks the given flags with annotations so that Cobra errors"))),
    ("github.com/stretchr/testify", "assert", (
        ("assert/assertions.go", "Package assert provides a set of comprehensive testing tools for use with the normal Go testing system."),
        ("assert/doc.go", "Example usage of the assert package."),
        ("require/require.go", "Package require implements the same assertions as the assert package but stops test execution"),
        ("mock/mock.go", "Package mock provides a system by which it is possible to mock your objects"))),
    ("go.uber.org/zap", "zap", (
        ("logger.go", "A Logger provides fast, leveled, structured logging."),
        ("field.go", "Field is an alias for Field. Aliasing this type dramatically improves the navigability"),
        ("sugar.go", "A SugaredLogger wraps the base Logger functionality in a slower, but less verbose, API."),
        ("config.go", "Config offers a declarative way to construct a logger."))),
    ("github.com/prometheus/client_golang", "prometheus", (
        ("prometheus/counter.go", "Counter is a Metric that represents a single numerical value that only ever goes up."),
        ("prometheus/histogram.go", "A Histogram counts individual observations from an event or sample stream"),
        ("prometheus/registry.go", "Registry registers Prometheus collectors, collects their metrics, and gathers them"),
        ("prometheus/promhttp/http.go", "Package promhttp provides tooling around HTTP servers and clients."))),
    ("google.golang.org/grpc", "grpc", (
        ("server.go", "Server is a gRPC server to serve RPC requests."),
        ("clientconn.go", "ClientConn represents a virtual connection to a conceptual endpoint, to perform RPCs."),
        ("codes/codes.go", "Package codes defines the canonical error codes used by gRPC."),
        ("status/status.go", "Package status implements errors returned by gRPC."),
        ("metadata/metadata.go", "Package metadata define the structure of the metadata supported by gRPC library."),
        ("backoff/backoff.go", "Package backoff provides configuration options for backoff."),
        ("credentials/credentials.go", "Package credentials implements various credentials supported by gRPC library"))),
    ("github.com/redis/go-redis/v9", "redis", (
        ("redis.go", "Client is a Redis client representing a pool of zero or more underlying connections."),
        ("options.go", "Options keeps the settings to set up redis connection."),
        ("pipeline.go", "Pipeline implements pipelining as described in the Redis docs."),
        ("config.go", "Config of the cluster client: addresses, pool sizes, read-only routing."))),
    ("github.com/google/uuid", "uuid", (
        ("uuid.go", "A UUID is a 128 bit (16 byte) Universal Unique IDentifier as defined in RFC 4122."),
        ("version7.go", "NewV7 returns a Version 7 UUID based on the current time."))),
    ("github.com/golang-jwt/jwt/v5", "jwt", (
        ("token.go", "Token represents a JWT Token."),
        ("parser.go", "Parser parses and validates a JWT."),
        ("claims.go", "Claims represent any form of a JWT Claims Set according to RFC 7519."))),
    ("github.com/BurntSushi/toml", "toml", (
        ("decode.go", "Decode the TOML data in to the pointer v."),
        ("encode.go", "Encoder encodes a Go value to a TOML document."))),
    ("go.opentelemetry.io/otel", "otel", (
        ("trace.go", "Tracer returns a Tracer from the global TracerProvider."),
        ("propagation.go", "GetTextMapPropagator returns the global TextMapPropagator."))),
    ("github.com/segmentio/kafka-go", "kafka", (
        ("reader.go", "Reader provides a high-level API for consuming messages from kafka."),
        ("writer.go", "The Writer type provides the implementation of a producer of kafka messages."),
        ("balancer.go", "The Balancer interface provides an abstraction of the message distribution logic"),
        ("conn.go", "Conn represents a connection to a kafka broker."))),
)


# Extra vendored files every module has some of: (file, doc template). {p} = package name.
_VENDOR_EXTRA = (
    ("doc.go", "Package {p} documentation and examples."),
    ("options.go", "Option configures {p} behaviour; options are applied in order."),
    ("errors.go", "Sentinel errors returned by {p}."),
    ("internal/bufpool/pool.go", "Package bufpool recycles byte buffers for {p}."),
    ("internal/syncx/once.go", "Package syncx has small synchronisation helpers used inside {p}."),
    ("internal/bytesconv/bytesconv.go", "Package bytesconv converts between strings and bytes without copying."),
    ("version.go", "Version of {p} as vendored."),
    ("compat.go", "Compatibility shims for older Go releases."),
    ("iter.go", "Iterator helpers over {p} results."),
    ("hooks.go", "Hook points that let callers observe {p} operations."),
    ("stats.go", "Counters describing {p} internals, for debugging."),
    ("util.go", "Unexported helpers of {p}."),
    ("encoding.go", "Wire encoding helpers of {p}."),
    ("internal/race/norace.go", "Package race reports whether the race detector is enabled."),
)


def gen_vendor(tree: Tree, rng: random.Random) -> None:
    mods = []
    for mod, pkg, own_files in VENDOR_MODULES:
        names = {f for f, _ in own_files}
        extra = tuple((f, d.format(p=pkg)) for f, d in _VENDOR_EXTRA if f not in names and rng.random() < 0.8)
        files = own_files + extra
        version = f"v{rng.randint(1, 5)}.{rng.randint(0, 20)}.{rng.randint(0, 9)}"
        mods.append(f"# {mod} {version}\n## explicit; go 1.20\n{mod}\n")
        tree.add(f"vendor/{mod}/LICENSE", "Permission is hereby granted, free of charge, to any person "
                 "obtaining a copy of this software (MIT-style license text, abridged for the fixture).")
        for fname, doc in files:
            sub = fname.rsplit("/", 1)[0] if "/" in fname else ""
            package = sub.rsplit("/", 1)[-1] if sub else pkg.replace("-", "")
            ident = camel(fname.rsplit("/", 1)[-1][:-3])
            tree.add(f"vendor/{mod}/{fname}", dedent(f"""
                // Copyright {rng.randint(2014, 2023)} The {pkg} Authors. All rights reserved. Use of this source code is governed by the LICENSE file.

                // {doc}
                package {package}

                // {ident} is vendored code; do not edit, run `go mod vendor` instead.
                type {ident} struct {{
                	initialized bool
                }}
                """))
    tree.add("vendor/modules.txt", "".join(mods))
