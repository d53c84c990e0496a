"""The wheel's metadata (pyproject.toml): protobuf a default dependency, README as the long description,
classifiers and URLs, and console commands that name real callables."""
import importlib
import tomllib

from tests.checkout import ROOT


def test_project_metadata():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert {"numpy", "protobuf"} <= set(project["dependencies"])
    assert project["readme"] == "README.md" and (ROOT / "README.md").is_file()
    assert any(c.startswith("Programming Language :: Python :: 3") for c in project["classifiers"])
    assert project["urls"]
    for command, target in project["scripts"].items():
        module, _, attr = target.partition(":")
        assert callable(getattr(importlib.import_module(module), attr)), command
    assert project["scripts"]["purepaddle-install-alias"] == "purepaddle._alias:install_alias_main"


def test_readme_explains_the_two_versions():
    text = (ROOT / "README.md").read_text()
    assert "paddle.__version__" in text and "purepaddle-install-alias" in text


def test_wheel_metadata_carries_readme_license_urls_and_classifiers(tmp_path):
    """Write the package metadata with setuptools' own egg_info command (the same core metadata bdist_wheel copies
    into the wheel's METADATA; no `build` or `wheel` package needed), on a copy of the project files and an empty
    package, and read back what an index would show."""
    import email
    import shutil
    import subprocess
    import sys

    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, tmp_path / name)
    (tmp_path / "purepaddle").mkdir()
    (tmp_path / "purepaddle" / "__init__.py").write_text("")
    out = tmp_path / "meta"
    out.mkdir()
    done = subprocess.run([sys.executable, "-c", "import setuptools; setuptools.setup()", "-q", "egg_info",
                           "--egg-base", str(out)], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]
    meta = email.message_from_string((out / "purepaddle.egg-info" / "PKG-INFO").read_text())
    assert meta["Name"] == "purepaddle" and meta["License"] == "Apache-2.0"
    assert "License :: OSI Approved :: Apache Software License" in meta.get_all("Classifier")
    assert meta["Description-Content-Type"] == "text/markdown"
    assert "paddle.__version__" in meta.get_payload()  # the README is the long description
    assert "paddlepaddle" in meta["Keywords"]
    assert meta.get_all("Project-URL")
    assert "LICENSE" in (meta.get_all("License-File") or [])
    assert "Apache License" in (ROOT / "LICENSE").read_text() and "the purepaddle authors" in (ROOT / "LICENSE").read_text()
