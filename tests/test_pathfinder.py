"""pathfinder: lexical features one by one, MaxSim, the semantic rerank, Resolution facts."""

from __future__ import annotations

import numpy as np
import pytest

from lab.corpus.loader import load_corpus
from lab.pathfinder.index import build_index
from lab.pathfinder.maxsim import maxsim, maxsim_many
from lab.pathfinder.query import analyze, expand
from lab.pathfinder.resolver import Resolver
from lab.pathfinder.settings import PathfinderSettings


def settings(cfg, *, features=None, **semantic) -> PathfinderSettings:
    """The YAML's settings (configs/resolver/default.yaml), with these features / semantic keys."""
    return PathfinderSettings.model_validate({**cfg, "features": features or cfg["features"],
                                              "semantic": {**cfg["semantic"], **semantic}})


def lexical(index, cfg, **switches) -> Resolver:
    features = {k: dict(v) for k, v in cfg["features"].items()}
    for name, on in switches.items():
        features[name]["enabled"] = on
    return Resolver(index, settings(cfg, features=features, enabled=False))


def top(res) -> str:
    return res.candidates[0].path


def why(res, path) -> tuple[str, ...]:
    return next(c.why for c in res.candidates if c.path == path)


def test_stem_ext_exact_name_beats_same_stem(mini_index, resolver_cfg):
    res = lexical(mini_index, resolver_cfg).resolve("config.go")
    assert top(res) == "services/billing/config.go"
    assert "name" in why(res, "services/billing/config.go")
    assert "stem" in why(res, "services/billing/config.rs")
    # the same-stem facts vocabularies need
    assert res.best_stem == "config"
    assert res.sibling_exts == ("go", "rs")
    assert res.same_stem_exts[:2] == ("go", "rs")
    assert res.same_stem_count == 2


def test_stem_ext_fuzzy_finds_misspelled_and_abbreviated_names(mini_index, resolver_cfg):
    r = lexical(mini_index, resolver_cfg)
    assert top(r.resolve("invoce.go")) == "services/billing/invoice.go"
    assert "stem~" in why(r.resolve("invoce.go"), "services/billing/invoice.go")
    assert any(e.word == "config" for e in expand(mini_index, "cfg"))


def test_segment_overlap_uses_folder_names(mini_index, resolver_cfg):
    on = lexical(mini_index, resolver_cfg).resolve("payments retry")
    assert top(on).startswith("services/payments/client/")
    assert "segment_overlap" in why(on, top(on))
    off = lexical(mini_index, resolver_cfg, segment_overlap=False).resolve("payments retry")
    assert all("segment_overlap" not in c.why for c in off.candidates)


def test_directory_qualified_query_prefers_that_folder(mini_index, resolver_cfg):
    res = lexical(mini_index, resolver_cfg).resolve("modules/ecs/main.tf")
    assert top(res) == "infra/terraform/modules/ecs/main.tf"


def test_dir_ext_counts_is_a_language_prior(mini_index, resolver_cfg):
    on = lexical(mini_index, resolver_cfg).resolve("payments client retry rust")
    assert top(on) == "services/payments/client/rust/retry.rs"
    assert "dir_ext_counts" in why(on, top(on))
    q = analyze(mini_index, "billing config golang")
    assert q.lang_exts == {"go"}


def test_intent_text_matches_heading_and_body(mini_index, resolver_cfg):
    res = lexical(mini_index, resolver_cfg).resolve("fargate cluster")
    assert top(res) == "infra/terraform/modules/ecs/main.tf"
    assert "text:heading" in why(res, top(res))
    off = lexical(mini_index, resolver_cfg, intent_text=False).resolve("fargate cluster")
    assert off.candidates == ()  # no path word matches: only the text knew
    # an intent steers a path-less query
    res = lexical(mini_index, resolver_cfg).resolve("database", intent="start Postgres locally")
    assert top(res) == "docs/onboarding.md"


def test_vendor_and_generated_code_are_down_weighted_unless_asked(mini_index, resolver_cfg):
    res = lexical(mini_index, resolver_cfg).resolve("retry.go")
    assert top(res) == "services/payments/client/go/retry.go"
    assert "vendor-penalty" in why(res, "vendor/github.com/acme/retry/retry.go")
    asked = lexical(mini_index, resolver_cfg).resolve("vendored retry.go")
    assert top(asked) == "vendor/github.com/acme/retry/retry.go"
    gen = lexical(mini_index, resolver_cfg).resolve("payments generated pb")
    assert top(gen) == "services/payments/generated/payments.pb.go"
    off = lexical(mini_index, resolver_cfg, vendor_generated=False).resolve("retry.go")
    assert all("vendor-penalty" not in c.why for c in off.candidates)


def test_test_affinity(mini_index, resolver_cfg):
    r = lexical(mini_index, resolver_cfg)
    assert top(r.resolve("billing invoice")) == "services/billing/invoice.go"
    assert top(r.resolve("billing invoice tests")) == "services/billing/invoice_test.go"


def test_unknown_feature_is_a_config_error(mini_index, resolver_cfg):
    from lab.errors import InputError
    from lab.pathfinder.resolver import check_resolver

    with pytest.raises(InputError, match="resolver.features.segment_overlp"):
        check_resolver({**resolver_cfg, "features": {**resolver_cfg["features"],
                                                     "segment_overlp": {"enabled": True}}})


def test_maxsim_hand_computed():
    q = np.array([[1.0, 0.0], [0.0, 1.0]])
    d = np.array([[1.0, 0.0], [0.6, 0.8]])
    # query token 1: best cosine 1.0 (d0); query token 2: best 0.8 (d1); mean 0.9
    assert maxsim(q, d) == pytest.approx(0.9)
    d2 = np.array([[0.0, 1.0]])
    assert list(maxsim_many(q, [d, d2])) == pytest.approx([0.9, 0.5])


def test_semantic_rerank_changes_an_intent_only_ranking(tmp_path, resolver_cfg):
    shop = tmp_path / "shop"
    shop.mkdir()
    (shop / "refunds.go").write_text("// Package shop sends the customer's money back to their card after a return.\npackage shop\n")
    (shop / "ledger.go").write_text("// Package shop records every card transaction of the customer in the ledger.\npackage shop\n")
    (shop / "loyalty.go").write_text("// Package shop awards loyalty points to the customer for each card purchase.\npackage shop\n")
    index = build_index(load_corpus(tmp_path))
    query = "customer wants a reimbursement to the card"
    off = Resolver(index, settings(resolver_cfg, enabled=False)).resolve(query)
    on_r = Resolver(index, settings(resolver_cfg))
    on_r.warmup()
    on = on_r.resolve(query)
    assert top(off) != "shop/refunds.go"
    assert top(on) == "shop/refunds.go"
    assert "maxsim" in on.candidates[0].why and on.candidates[0].semantic is not None


def test_embedding_cache_is_reused(tmp_path, mini_index, resolver_cfg):
    sem = settings(resolver_cfg, cache_dir=str(tmp_path / "emb"))
    r1 = Resolver(mini_index, sem)
    r1.warmup()
    first = r1.resolve("payments retry backoff")
    r2 = Resolver(mini_index, sem, encoder=r1.encoder)
    calls = []
    orig = r2.encoder.encode
    r2.encoder.encode = lambda texts, **kw: (calls.append(len(texts)), orig(texts, **kw))[1]
    try:
        r2.warmup()
        again = r2.resolve("payments retry backoff")
    finally:
        r2.encoder.encode = orig
    assert calls == [1, 1]  # the warmup probe and the query: no candidate was encoded again
    assert again == first


def test_moved_from_finds_a_file_by_its_old_path(tmp_path, resolver_cfg):
    (tmp_path / "libs" / "retry").mkdir(parents=True)
    (tmp_path / "libs" / "retry" / "backoff.go").write_text("// Package retry: exponential backoff.\npackage retry\n")
    (tmp_path / "libs" / "retry" / "jitter.go").write_text("// Package retry: jitter.\npackage retry\n")
    (tmp_path / "CHANGELOG.md").write_text("# Changelog\n\n## Moved\n\n- Moved `pkg/backoff/backoff.go` → `libs/retry/jitter.go`\n"
                                           "- Moved `gone/a.go` -> `nowhere/b.go`\n")
    index = build_index(load_corpus(tmp_path))
    assert index.moved_from == {index.by_path["libs/retry/jitter.go"]: ("pkg/backoff/backoff.go",)}
    r = lexical(index, resolver_cfg)
    res = r.resolve("pkg/backoff/backoff.go")
    # the live backoff.go matches the old file name; the moved file matches the old folders too
    assert top(res) == "libs/retry/jitter.go"
    assert "moved-from" in why(res, "libs/retry/jitter.go")
    off = lexical(index, resolver_cfg, moved_from=False).resolve("pkg/backoff/backoff.go")
    assert top(off) == "libs/retry/backoff.go"


def test_known_words_also_expand_to_longer_words(tmp_path):
    for d in ("postgres", "postgresql"):
        (tmp_path / d).mkdir()
        (tmp_path / d / "x.conf").write_text("x\n")
    index = build_index(load_corpus(tmp_path))
    assert {e.word: e.weight for e in expand(index, "postgres")} == {"postgres": 1.0, "postgresql": 0.75}
    assert {e.word: e.weight for e in expand(index, "postgresql")} == {"postgresql": 1.0}
