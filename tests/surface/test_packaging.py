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
