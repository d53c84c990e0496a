"""`python -m purepaddle` and install_as_paddle(): Paddle code runs unchanged, on the same module objects."""
import subprocess
import sys
import textwrap

import pytest

from tests.checkout import ROOT, child_env


def run(args, cwd, python=sys.executable, timeout=60):
    """Run `python -m purepaddle *args` in cwd; returns the CompletedProcess."""
    return subprocess.run([str(python), "-m", "purepaddle", *args], cwd=cwd, env=child_env(), capture_output=True,
                          text=True, timeout=timeout)


def write(path, text):
    path.write_text(textwrap.dedent(text))
    return path


SCRIPT = """
    import sys
    import paddle
    import paddle.nn.functional as F
    import paddle.static as S
    from paddle.static import *  # noqa: F401,F403
    from paddle.autograd import PyLayer
    import paddle.device.cuda
    import purepaddle
    assert paddle is purepaddle
    assert F is purepaddle.nn.functional and paddle.nn.functional is F
    assert S is purepaddle.static
    assert PyLayer is purepaddle.autograd.PyLayer
    assert sys.modules["paddle.nn"] is purepaddle.nn
    assert paddle.device.cuda is purepaddle.device.cuda
    assert paddle.__name__ == "purepaddle"
    import importlib
    assert importlib.import_module("paddle.framework") is purepaddle.framework
    try:
        import paddle.no_such_module_here
    except ModuleNotFoundError as e:
        assert "paddle.no_such_module_here" in str(e), e
    else:
        raise AssertionError("import of a missing submodule succeeded")
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    (x * x).sum().backward()
    print("grad", x.grad.numpy().tolist())
    print("argv", sys.argv)
    print("name", __name__)
    print("path0", sys.path[0])
"""


def test_script_runs_as_main_with_paddle_alias(tmp_path):
    sub = tmp_path / "proj"
    sub.mkdir()
    write(sub / "train.py", SCRIPT)
    r = run(["proj/train.py", "--epochs", "3", "-x"], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    out = r.stdout.splitlines()
    assert "grad [2.0, 4.0]" in out
    assert "argv ['proj/train.py', '--epochs', '3', '-x']" in out
    assert "name __main__" in out
    assert f"path0 {sub}" in out  # like `python proj/train.py`: the script's folder comes first


def test_script_imports_sibling_modules(tmp_path):
    write(tmp_path / "helper.py", "import paddle\nVALUE = paddle.ones([2]).numpy().sum()\n")
    write(tmp_path / "main.py", "from helper import VALUE\nimport paddle\nprint('value', float(VALUE))\n")
    r = run(["main.py"], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "value 2.0" in r.stdout


def test_exit_code_and_traceback(tmp_path):
    write(tmp_path / "exit3.py", "import sys\nsys.exit(3)\n")
    assert run(["exit3.py"], cwd=tmp_path).returncode == 3
    write(tmp_path / "boom.py", "import paddle\n\ndef f():\n    raise KeyError('boom')\n\nf()\n")
    r = run(["boom.py"], cwd=tmp_path)
    assert r.returncode == 1
    assert "KeyError: 'boom'" in r.stderr
    assert 'boom.py", line 4, in f' in r.stderr
    assert "runpy" not in r.stderr and "__main__.py" not in r.stderr  # launcher frames are trimmed


def test_dash_c(tmp_path):
    r = run(["-c", "import sys, paddle, purepaddle; assert paddle is purepaddle; print(sys.argv)", "a", "b"],
            cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "['-c', 'a', 'b']"


def test_dash_m(tmp_path):
    write(tmp_path / "mymod.py", """
        import sys
        import paddle
        if __name__ == "__main__":
            print("main", sys.argv[1:], paddle.__name__)
    """)
    r = run(["-m", "mymod", "x", "y"], cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "main ['x', 'y'] purepaddle"


def test_usage_and_argument_errors(tmp_path, capsys, monkeypatch):
    from purepaddle.__main__ import main  # in-process: none of these paths installs the alias
    monkeypatch.chdir(tmp_path)
    assert main([]) == 2 and "usage: python -m purepaddle" in capsys.readouterr().err
    assert main(["--help"]) == 0 and "usage" in capsys.readouterr().out
    assert main(["--version"]) == 0 and "(PaddlePaddle 3.3.1 API on NumPy)" in capsys.readouterr().out
    assert main(["-c"]) == 2 and "Argument expected for the -c option" in capsys.readouterr().err
    assert main(["-x"]) == 2 and "unknown option -x" in capsys.readouterr().err
    assert main(["missing.py"]) == 2
    assert f"can't open file '{tmp_path / 'missing.py'}'" in capsys.readouterr().err
    assert "paddle" not in sys.modules


def _python(code, tmp_path):
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=tmp_path, env=child_env(),
                          capture_output=True, text=True, timeout=60)


def test_install_as_paddle_in_process(tmp_path):
    r = _python("""
        import sys
        import purepaddle
        import purepaddle._alias as alias
        assert not alias.is_installed()
        assert alias.install_as_paddle() is purepaddle
        alias.install_as_paddle()  # idempotent
        assert sum(1 for f in sys.meta_path if type(f).__name__ == "PaddleAliasFinder") == 1
        import paddle
        import paddle.nn.functional as F
        from paddle import autograd
        assert paddle is purepaddle and F is purepaddle.nn.functional and autograd is purepaddle.autograd
        assert alias.is_installed()
        print("ok")
    """, tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "ok"


def test_install_as_paddle_refuses_a_real_paddle(tmp_path):
    r = _python("""
        import sys, types
        sys.modules["paddle"] = types.ModuleType("paddle")  # stands for an already imported real Paddle
        import purepaddle._alias as alias
        try:
            alias.install_as_paddle()
        except RuntimeError as e:
            print("refused:", e)
    """, tmp_path)
    assert r.returncode == 0, r.stderr
    assert "refused: install_as_paddle: a different 'paddle' module is already imported" in r.stdout


def test_real_name_mapping():
    from purepaddle._alias import real_name
    assert real_name("paddle") == "purepaddle"
    assert real_name("paddle.nn.functional") == "purepaddle.nn.functional"
    assert real_name("paddlex") is None and real_name("numpy") is None


def test_alias_wins_over_an_installed_real_paddle(tmp_path, ref_python):
    write(tmp_path / "which.py", "import paddle, purepaddle\nprint(paddle is purepaddle, paddle.__file__)\n")
    r = run(["which.py"], cwd=tmp_path, python=ref_python, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("True ") and "purepaddle" in r.stdout


def test_demo_runs_unchanged_under_the_runner(tmp_path):
    # one epoch keeps the suite fast; tests/examples/test_demo.py and `make demo` check the full run
    r = run([str(ROOT / "examples" / "demo.py"), "--epochs", "1", "--min-accuracy", "0.5", "--verbose", "0"],
            cwd=tmp_path, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert float(r.stdout.split("test accuracy ")[1].split()[0]) >= 0.5
    assert "predictions identical: True" in r.stdout
