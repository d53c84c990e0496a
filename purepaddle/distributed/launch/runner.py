"""The worker process: runs the training script with `import paddle` -> purepaddle; a failure ends it at once.

Started by the supervisor as `python -u runner.py script.py args...`. On an uncaught exception it
prints the traceback, writes the exception's last line where the supervisor reads it, and leaves
with os._exit: a normal exit would run MPI_Finalize, which waits for ranks that may be blocked
in a collective forever.
"""
import faulthandler
import importlib.abc
import importlib.util
import os
import runpy
import sys
import traceback


def _flush():
    """Flush stdout/stderr before os._exit (which skips Python's own flushing)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass


class _PaddleOnDemand(importlib.abc.MetaPathFinder):
    """Installs purepaddle as `paddle` at the script's first `import paddle` (a script that never imports
    it starts without paying for purepaddle's import)."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != "paddle" and not fullname.startswith("paddle."):
            return None
        sys.meta_path.remove(self)
        from purepaddle._alias import install_as_paddle
        install_as_paddle()
        return importlib.util.find_spec(fullname)


def _trimmed(tb):
    """Drop this runner's and runpy's frames from the front of a traceback."""
    skip = (os.path.abspath(__file__), os.path.abspath(runpy.__file__), "<frozen runpy>")
    while tb is not None and tb.tb_next is not None and tb.tb_frame.f_code.co_filename in skip:
        tb = tb.tb_next
    return tb


def _run(argv):
    """Run argv[0] as __main__ (the paddle alias installed); the exit status."""
    script = argv[0]
    if not os.path.exists(script):
        print(f"{sys.executable}: can't open file {os.path.abspath(script)!r}: [Errno 2] No such file or directory",
              file=sys.stderr)
        return 2
    sys.meta_path.insert(0, _PaddleOnDemand())
    sys.argv = list(argv)
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))  # what `python script.py` puts first
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as e:
        code = e.code
        if code is None or isinstance(code, int):
            return code or 0
        print(code, file=sys.stderr)
        _record(f"SystemExit: {code}")
        return 1
    except BaseException:
        etype, value, tb = sys.exc_info()
        tb = _trimmed(tb)
        sys.excepthook(etype, value.with_traceback(tb), tb)
        return 130 if etype is KeyboardInterrupt else 1
    return 0


def _record(line):
    """Write the exception's last line where the supervisor reads it."""
    path = os.environ.get("PUREPADDLE_ERROR_FILE")
    if path:
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(line)
        except OSError:
            pass


def _start_watchdog():
    """The hang watchdog thread, when the launcher asked for one (loaded by path: importing purepaddle waits
    for the script's `import paddle`)."""
    if not os.environ.get("PUREPADDLE_HANG_TIMEOUT"):
        return
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "watchdog.py")
    spec = importlib.util.spec_from_file_location("_purepaddle_hang_watchdog", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.start()


def main(argv):
    """Run the script; return normally only on success (a failure leaves through os._exit)."""
    faulthandler.enable()  # a crash in native code still prints the Python stack to the log
    previous = sys.excepthook

    def hook(etype, value, tb):
        previous(etype, value, tb)
        _record(traceback.format_exception_only(etype, value)[-1].strip())

    sys.excepthook = hook
    _start_watchdog()
    code = _run(argv)
    if code:
        _flush()
        os._exit(code)
    return 0


if __name__ == "__main__":
    sys.path.pop(0)  # this file's directory is no place to import from; the script's own goes first
    sys.exit(main(sys.argv[1:]))
