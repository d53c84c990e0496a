"""The opt-in `import paddle` for a whole environment: install, use, refuse beside real paddlepaddle, uninstall.

Each test builds a throwaway virtual environment under the temporary directory (never the project's .venv) that
sees the base interpreter's packages (numpy) and this checkout (a .pth, as an installed purepaddle would be).
"""
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.checkout import ROOT


@pytest.fixture
def venv(tmp_path):
    base = getattr(sys, "_base_executable", sys.executable)
    probe = subprocess.run([base, "-c", "import numpy"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip("the base interpreter has no numpy for a --system-site-packages venv")
    where = tmp_path / "venv"
    subprocess.run([base, "-m", "venv", "--system-site-packages", "--without-pip", str(where)], check=True)
    python = where / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    Path(site, "purepaddle_checkout.pth").write_text(str(ROOT) + "\n")
    return python, Path(site)


def run(python, *args, cwd):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run([str(python), *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=300)


def test_install_use_uninstall(venv, tmp_path):
    python, site = venv
    before = run(python, "-c", "import paddle", cwd=tmp_path)
    assert before.returncode != 0 and "No module named 'paddle'" in before.stderr
    done = run(python, "-m", "purepaddle", "--install-alias", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (site / "paddle" / "__init__.py").is_file()
    used = run(python, "-c", "import paddle, purepaddle\nimport paddle.nn.functional as F\n"
                             "from paddle.static import Program\n"
                             "print(paddle is purepaddle, F is purepaddle.nn.functional, paddle.__version__,\n"
                             "      float(F.relu(paddle.to_tensor([-1.0, 2.0])).sum()))", cwd=tmp_path)
    assert used.returncode == 0, used.stderr
    assert used.stdout.split() == ["True", "True", "3.3.1", "2.0"]
    gone = run(python, "-m", "purepaddle", "--uninstall-alias", cwd=tmp_path)
    assert gone.returncode == 0 and "removed" in gone.stdout
    assert not (site / "paddle").exists()
    assert run(python, "-c", "import paddle", cwd=tmp_path).returncode != 0


def test_refuses_beside_real_paddlepaddle(venv, tmp_path):
    python, site = venv
    (site / "paddle").mkdir()
    (site / "paddle" / "__init__.py").write_text("# stands in for real paddlepaddle\n")
    dist = site / "paddlepaddle-3.3.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: paddlepaddle\nVersion: 3.3.1\n")
    refused = run(python, "-m", "purepaddle", "--install-alias", cwd=tmp_path)
    assert refused.returncode == 1 and "real paddlepaddle is installed" in refused.stderr
    assert (site / "paddle" / "__init__.py").read_text() == "# stands in for real paddlepaddle\n"
    kept = run(python, "-m", "purepaddle", "--uninstall-alias", cwd=tmp_path)  # never removes a real paddle
    assert kept.returncode == 0 and (site / "paddle" / "__init__.py").exists()


def test_refuses_when_only_the_distribution_is_there(tmp_path, monkeypatch):
    """A paddlepaddle distribution found by importlib.metadata is enough to refuse."""
    from purepaddle import _alias
    dist = tmp_path / "paddlepaddle_gpu-3.3.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: paddlepaddle-gpu\nVersion: 3.3.1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import importlib
    importlib.invalidate_caches()
    with pytest.raises(RuntimeError, match="paddlepaddle-gpu 3.3.1"):
        _alias.install_alias(str(tmp_path))
    assert not (tmp_path / "paddle").exists()
    assert sysconfig.get_paths()["purelib"] == _alias.site_packages()
