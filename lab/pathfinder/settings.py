"""The schema of `configs/resolver/default.yaml` (resolver.kind=pathfinder): top_k, the lexical
shortlist, every lexical feature (on/off, weight) and the semantic rerank. Its peers' schemas are
in their own modules (`lab/pathfinder/peers/`). The defaults are the YAML's; none are repeated here.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator

from lab.settings import Settings
from lab.pathfinder.encoders import ENCODERS

PositiveInt = Annotated[int, Field(ge=1)]
Weight = float                                 # any finite number (NaN and inf are refused)
NonNegative = Annotated[float, Field(ge=0)]


class FeatureSettings(Settings):
    enabled: bool
    weight: Weight


class FieldWeights(Settings):
    """BM25 weight of each indexed text field (0 = the field is not searched)."""
    heading: NonNegative
    breadcrumb: NonNegative
    body: NonNegative
    symbols: NonNegative                       # names the file defines (functions, classes, ...)
    comments: NonNegative                      # comment lines and docstrings
    role: NonNegative                          # what a well-known file is (lab/pathfinder/roles.py)


class IntentTextSettings(FeatureSettings):
    intent_weight: Weight                      # its weight when an intent sentence comes with a query naming no file
    field_weights: FieldWeights


class FeaturesSettings(Settings):
    """One entry per lexical feature of lab/pathfinder/features.py (FEATURES), in that order."""
    stem_ext: FeatureSettings
    segment_overlap: FeatureSettings
    dir_ext_counts: FeatureSettings
    intent_text: IntentTextSettings
    moved_from: FeatureSettings
    vendor_generated: FeatureSettings
    test_affinity: FeatureSettings
    name_depth: FeatureSettings
    code_affinity: FeatureSettings


class SemanticSettings(Settings):
    enabled: bool
    encoder: str                              # lab/pathfinder/encoders.py ENCODERS
    weight: Weight                            # of the MaxSim score against normalized lexical
    intent_weight: Weight                     # ... when an intent sentence comes with a query naming no file
    name_query_weight: Weight                 # ... when the query is a bare file name that exists
    precompute_limit: Annotated[int, Field(ge=0)]
    cache_dir: str | None                     # None: $VOCAB_LAB_CACHE/embeddings
    max_tokens: PositiveInt

    @field_validator("encoder")
    @classmethod
    def _known_encoder(cls, name: str) -> str:
        if name not in ENCODERS:
            raise ValueError(f"unknown encoder '{name}' (known: {', '.join(sorted(ENCODERS))})")
        return name


class PathfinderSettings(Settings):
    kind: Literal["pathfinder"]
    top_k: PositiveInt
    lexical_top_n: PositiveInt                # lexical candidates the semantic rerank sees
    features: FeaturesSettings
    semantic: SemanticSettings


#: Resolver settings that change speed or storage, never a ranking: kept out of the fingerprint.
NON_RESULT_SETTINGS = ("cache_dir", "precompute_limit")
