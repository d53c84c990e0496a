"""`python -m purepaddle script.py [args]`: run a Paddle program unchanged, with `import paddle` -> purepaddle."""
import os
import runpy
import sys
import types

USAGE = """usage: python -m purepaddle script.py [args ...]
       python -m purepaddle -c "code" [args ...]
       python -m purepaddle -m module [args ...]
       python -m purepaddle --version
       python -m purepaddle --install-alias | --uninstall-alias

Runs a PaddlePaddle program unchanged on purepaddle: inside it, `import paddle`,
`import paddle.nn.functional as F`, `from paddle.static import ...` all give purepaddle's modules.
--install-alias makes `import paddle` give purepaddle in this whole Python environment (Jupyter, pytest), by a
shim package in its site-packages (refused where real paddlepaddle is installed); --uninstall-alias removes it."""


def _install():
    from purepaddle._alias import install_as_paddle
    install_as_paddle()


def _trimmed(tb):
    """Drop the launcher's own frames (this file, runpy) from the front of a traceback."""
    skip = {os.path.abspath(__file__), os.path.abspath(runpy.__file__), "<frozen runpy>"}
    while tb is not None and tb.tb_next is not None and (
            tb.tb_frame.f_code.co_filename in skip or os.path.abspath(tb.tb_frame.f_code.co_filename) in skip):
        tb = tb.tb_next
    return tb


def _run_code(code, argv):
    """Execute `-c` code as the __main__ module."""
    sys.argv = ["-c"] + argv
    sys.path.insert(0, "")
    main = types.ModuleType("__main__")
    main.__dict__["__builtins__"] = __builtins__
    saved = sys.modules.get("__main__")
    sys.modules["__main__"] = main
    try:
        exec(compile(code, "<string>", "exec"), main.__dict__)
    finally:
        sys.modules["__main__"] = saved


def _run_script(path, argv):
    """Execute a script file (or a directory/zip with __main__.py) as __main__."""
    sys.argv = [path] + argv
    here = os.path.dirname(os.path.abspath(path)) if os.path.isfile(path) else os.path.abspath(path)
    if sys.path and sys.path[0] in ("", os.getcwd()):
        sys.path[0] = here  # what `python script.py` puts first
    else:
        sys.path.insert(0, here)
    runpy.run_path(path, run_name="__main__")
    return 0


def _run_module(name, argv):
    """Execute a module as __main__ (`paddle.x` names run `purepaddle.x`)."""
    from purepaddle._alias import real_name
    sys.argv = [name] + argv
    runpy.run_module(real_name(name) or name, run_name="__main__", alter_sys=True)
    return 0


def main(argv=None):
    """Parse the launcher's own options, install the paddle alias, run the target."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE, file=sys.stdout if argv else sys.stderr)
        return 0 if argv else 2
    if argv[0] == "--version":
        import importlib.metadata
        import purepaddle
        try:  # the package's own release number; a source checkout that was never installed has none
            own = importlib.metadata.version("purepaddle")
        except importlib.metadata.PackageNotFoundError:
            own = "(not installed)"
        print(f"purepaddle {own} (PaddlePaddle {purepaddle.__version__} API on NumPy)")
        return 0
    if argv[0] in ("--install-alias", "--uninstall-alias"):
        from purepaddle._alias import install_alias_main
        return install_alias_main(["--uninstall"] if argv[0] == "--uninstall-alias" else [])
    first = argv[0]
    if first in ("-c", "-m") and len(argv) < 2:
        sys.stderr.write(f"Argument expected for the {first} option\n{USAGE}\n")
        return 2
    if first.startswith("-") and first not in ("-c", "-m"):
        sys.stderr.write(f"unknown option {first}\n{USAGE}\n")
        return 2
    if first not in ("-c", "-m") and not os.path.exists(first):
        sys.stderr.write(f"{sys.executable}: can't open file {os.path.abspath(first)!r}: "
                         "[Errno 2] No such file or directory\n")
        return 2
    _install()
    try:
        if first == "-c":
            _run_code(argv[1], argv[2:])
            return 0
        if first == "-m":
            return _run_module(argv[1], argv[2:])
        return _run_script(first, argv[1:])
    except SystemExit:
        raise
    except BaseException:
        etype, value, tb = sys.exc_info()
        tb = _trimmed(tb)
        sys.excepthook(etype, value.with_traceback(tb), tb)
        return 130 if etype is KeyboardInterrupt else 1


if __name__ == "__main__":
    sys.exit(main())
