"""The fixture monorepo's spec: everything that determines its bytes.

`spec_hash()` covers the spec's fields and `GENERATOR_VERSION`; bump the version whenever a
generator's output changes, so cached materializations (keyed by the hash) are not reused stale.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass

#: Bump on any change to generated content (paths or bytes).
GENERATOR_VERSION = "2"


@dataclass(frozen=True)
class FixtureSpec:
    seed: int = 273
    #: Go services under services/ (each ~35 files), taken in order from gen_common.DOMAINS.
    go_services: int = 32
    #: Rust crates under crates/.
    rust_crates: int = 22
    #: Python packages under python/.
    python_packages: int = 20
    #: TypeScript packages under packages/.
    ts_packages: int = 20
    #: Kubernetes apps under deploy/k8s/apps/ (base + dev/staging/prod overlays).
    k8s_apps: int = 30
    #: SQL migrations under db/migrations/.
    migrations: int = 420
    #: Exact number of (non-ignored) files whose stem is `config` — the source log's `alike: 273`.
    config_stems: int = 273

    def to_dict(self) -> dict:
        return asdict(self)

    def spec_hash(self) -> str:
        payload = json.dumps({"spec": self.to_dict(), "generator": GENERATOR_VERSION},
                             sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(payload.encode()).hexdigest()[:16]


DEFAULT_SPEC = FixtureSpec()
