"""Rust: a cargo workspace of crates under crates/ (lib, config, modules, integration tests)."""

from __future__ import annotations

import random

from lab.corpus.gen_common import Tree, camel, dedent, sentence
from lab.corpus.spec import FixtureSpec

# crate -> (purpose, modules). Landmark crates (throttle, money, ...) come first so any size keeps them.
CRATES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("throttle", "rate limiting primitives shared by the gateway and edge proxy",
     ("window", "quota", "clock", "headers")),
    ("money", "fixed-point money arithmetic and currency tables",
     ("amount", "currency", "exchange", "allocation")),
    ("warehouse-routing", "routing of pickers through warehouse aisles",
     ("graph", "aisle", "batching", "heuristics")),
    ("event-dedup", "exactly-once delivery on top of at-least-once event streams",
     ("window", "store", "keys", "metrics")),
    ("query-engine", "the SQL-ish query engine behind the analytics API",
     ("parser", "lexer", "executor", "catalog", "optimizer")),
    ("ingest-pipeline", "streaming ingestion of product events into Parquet",
     ("source", "sink", "batcher", "schema", "checkpoint")),
    ("feature-store", "low-latency feature lookups for the recommendations model",
     ("registry", "online", "offline", "ttl")),
    ("geo-index", "geospatial indexing of warehouses and delivery zones",
     ("h3", "polygon", "nearest", "zone")),
    ("pdf-render", "PDF rendering of invoices and shipping labels",
     ("layout", "fonts", "barcode", "page")),
    ("search-tokenizer", "tokenizers and analyzers for catalog search",
     ("analyzer", "stemmer", "synonyms", "normalize", "ngrams")),
    ("wal", "a write-ahead log used by the ledger projector",
     ("segment", "reader", "writer", "compaction")),
    ("metrics-agent", "a sidecar that scrapes and forwards service metrics",
     ("scrape", "forward", "relabel", "buffer")),
    ("edge-cache", "the HTTP cache of the edge proxy",
     ("policy", "store", "vary", "purge")),
    ("cdc-reader", "change-data-capture from Postgres logical replication",
     ("slot", "decoder", "snapshot", "lsn")),
    ("schema-registry", "compatibility checks for event schemas",
     ("compat", "avro", "subjects", "versions")),
    ("blob-store", "content-addressed blob storage on S3",
     ("chunker", "manifest", "upload", "gc")),
    ("cron-parser", "cron expression parsing for the scheduler",
     ("fields", "next", "timezone")),
    ("id-gen", "sortable unique ids (ULID-style) for every service",
     ("ulid", "encoding", "monotonic")),
    ("sandbox", "WASM sandbox for merchant-provided pricing rules",
     ("host", "limits", "abi", "loader")),
    ("secrets", "envelope encryption of secrets with KMS data keys",
     ("envelope", "kms", "rotation")),
    ("bloom", "bloom and cuckoo filters",
     ("cuckoo", "hashing", "sizing")),
    ("csv-fast", "a fast CSV writer used by exports",
     ("writer", "escape", "buffer")),
    ("trace-sampler", "tail-based trace sampling",
     ("decision", "policy", "buffer")),
    ("image-resize", "image resizing for media renditions",
     ("filters", "decode", "encode", "crop")),
)

_FNS = ("new", "with_capacity", "apply", "reset", "snapshot", "merge", "validate", "encode", "decode",
        "flush", "len", "is_empty", "iter", "try_from_str")


def _module(rng: random.Random, crate: str, purpose: str, module: str) -> str:
    typ = camel(module)
    fns = sorted(rng.sample(_FNS, rng.randint(2, 4)), key=_FNS.index)
    bodies = "\n".join(
        f"    /// `{f}` of the {module.replace('_', ' ')} state.\n"
        f"    pub fn {f}(&mut self) -> Result<(), Error> {{\n"
        f"        {rng.choice(('self.count += 1;', 'self.items.clear();', 'self.dirty = true;', 'let _ = self.items.len();'))}\n"
        f"        Ok(())\n    }}\n" for f in fns)
    return dedent(f"""
        //! {module.replace('_', ' ').capitalize()} support for {crate}: {purpose}.
        //!
        //! {sentence(rng)}

        use crate::error::Error;

        /// {typ} state kept by the {crate} crate.
        #[derive(Debug, Default, Clone)]
        pub struct {typ} {{
            items: Vec<u64>,
            count: u64,
            dirty: bool,
        }}

        impl {typ} {{
        """) + bodies + dedent(f"""
        }}

        #[cfg(test)]
        mod tests {{
            use super::*;

            #[test]
            fn {module}_starts_empty() {{
                let s = {typ}::default();
                assert_eq!(s.count, 0);
            }}
        }}
        """)


_COMMON = ("types", "metrics", "codec", "util", "builder")


def gen_crate(tree: Tree, rng: random.Random, crate: str, purpose: str, modules: tuple[str, ...]) -> None:
    modules = modules + tuple(m for m in _COMMON if rng.random() < 0.55)
    base = f"crates/{crate}"
    lib = crate.replace("-", "_")
    tree.add(f"{base}/Cargo.toml", dedent(f"""
        [package]
        name = "{crate}"
        version = "0.{rng.randint(1, 9)}.{rng.randint(0, 20)}"
        edition = "2021"
        description = "{purpose[:1].upper() + purpose[1:]}"
        publish = false

        [dependencies]
        thiserror = "1"
        serde = {{ version = "1", features = ["derive"] }}
        {rng.choice(('tokio = { version = "1", features = ["rt", "time"] }', 'bytes = "1"', 'tracing = "0.1"'))}

        [dev-dependencies]
        proptest = "1"
        """))
    mods = "".join(f"pub mod {m};\n" for m in ("config", "error", *modules))
    tree.add(f"{base}/src/lib.rs", dedent(f"""
        //! {crate}: {purpose}.
        //!
        //! {sentence(rng, 2)}

        """) + mods + "\npub use error::Error;\n")
    tree.add(f"{base}/src/config.rs", dedent(f"""
        //! Configuration of {crate}, read from `config.toml` or `{lib.upper()}_*` environment variables.

        use serde::Deserialize;

        /// Tunables for {purpose}.
        #[derive(Debug, Clone, Deserialize)]
        pub struct Config {{
            pub capacity: usize,
            pub flush_interval_ms: u64,
            pub strict: bool,
        }}

        impl Default for Config {{
            fn default() -> Self {{
                Self {{ capacity: {rng.choice((64, 256, 1024, 4096))}, flush_interval_ms: {rng.choice((50, 250, 1000))}, strict: {rng.choice(('true', 'false'))} }}
            }}
        }}
        """))
    tree.add(f"{base}/src/error.rs", dedent(f"""
        //! Error type of {crate}.

        /// Everything that can go wrong in {crate}.
        #[derive(Debug, thiserror::Error)]
        pub enum Error {{
            #[error("invalid input: {{0}}")]
            Invalid(String),
            #[error("capacity exceeded")]
            Full,
            #[error(transparent)]
            Io(#[from] std::io::Error),
        }}
        """))
    for m in modules:
        tree.add(f"{base}/src/{m}.rs", _module(rng, crate, purpose, m))
    test = rng.choice(modules)
    tree.add(f"{base}/tests/{test}_roundtrip.rs", dedent(f"""
        //! Integration tests of {crate}::{test} through the public API only.

        use {lib}::config::Config;

        #[test]
        fn default_config_is_sane() {{
            let c = Config::default();
            assert!(c.capacity > 0);
        }}
        """))
    if rng.random() < 0.5:
        tree.add(f"{base}/benches/{modules[0]}.rs", dedent(f"""
            //! Criterion benchmark of {crate}::{modules[0]}.

            use criterion::{{criterion_group, criterion_main, Criterion}};

            fn bench(c: &mut Criterion) {{
                c.bench_function("{modules[0]}", |b| b.iter(|| 1 + 1));
            }}

            criterion_group!(benches, bench);
            criterion_main!(benches);
            """))
    if rng.random() < 0.4:
        tree.add(f"{base}/config.toml", dedent(f"""
            # Local defaults for {crate}; production values come from the deployment.
            capacity = {rng.choice((128, 512, 2048))}
            flush_interval_ms = {rng.choice((100, 500))}
            strict = true
            """))
    tree.add(f"{base}/README.md", dedent(f"""
        # {crate}

        {purpose[:1].upper() + purpose[1:]}.

        Modules: {", ".join(f"`{m}`" for m in modules)}. Run `cargo test -p {crate}`.
        """))


def crates(spec: FixtureSpec) -> list[tuple[str, str, tuple[str, ...]]]:
    return list(CRATES[:max(5, min(spec.rust_crates, len(CRATES)))])


def generate(tree: Tree, rng: random.Random, spec: FixtureSpec) -> None:
    chosen = crates(spec)
    members = "".join(f'  "crates/{c}",\n' for c, _, _ in chosen)
    tree.add("Cargo.toml", "[workspace]\nresolver = \"2\"\nmembers = [\n" + members
             + '  "sdk/rust/payments",\n  "services/billing",\n  "services/edge-proxy",\n]\n')
    for crate, purpose, modules in chosen:
        gen_crate(tree, rng, crate, purpose, modules)
