"""Workers for both sides: each side is N long-lived worker processes fed one case at a time over a pipe, so a
segfault, SIGFPE or hang costs one case (recorded as crash/hang for that side) and a fresh worker takes the
rest."""
import json
import os
import queue
import selectors
import subprocess
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STARTUP_TIMEOUT = 120.0
# after this many hangs of one API on one input kind (special, empty, ...) on one side, its remaining cases of
# that kind there are recorded as hangs unrun (a hang costs the whole per-case timeout and a restart)
HANG_BUDGET = 2


class Side:
    """How to start one side's worker: interpreter, module to import as paddle, environment."""

    def __init__(self, name, python, module, env=None):
        self.name, self.python, self.module = name, python, module
        self.env = dict(os.environ, **(env or {}))
        self.env["PYTHONPATH"] = ROOT + os.pathsep + self.env.get("PYTHONPATH", "")
        self.env.setdefault("OMP_NUM_THREADS", "1")
        self.env.setdefault("OPENBLAS_NUM_THREADS", "1")
        self.env.setdefault("MKL_NUM_THREADS", "1")
        self.env.setdefault("GLOG_minloglevel", "3")


class Worker:
    """One worker process; call() answers a case or reports crash/hang and restarts lazily."""

    def __init__(self, side, timeout):
        self.side, self.timeout = side, timeout
        self.proc = None
        self.restarts = 0

    def _start(self):
        self.proc = subprocess.Popen(
            [self.side.python, "-u", "-m", "parity.worker", self.side.module], cwd=ROOT, env=self.side.env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.sel = selectors.DefaultSelector()
        self.sel.register(self.proc.stdout, selectors.EVENT_READ)
        line = self._readline(STARTUP_TIMEOUT)
        if not line or "ready" not in line:
            self.close()
            raise RuntimeError(f"{self.side.name} worker did not start ({self.side.python} -m parity.worker "
                               f"{self.side.module})")

    def _readline(self, timeout):
        if not self.sel.select(timeout):
            return None
        return self.proc.stdout.readline()

    def close(self):
        if self.proc is not None:
            try:
                self.proc.kill()
            except OSError:
                pass
            self.proc.wait()
            self.proc = None

    def call(self, case):
        """The worker's answer to one case, or {"crash": ...} / {"hang": ...}."""
        if self.proc is None:
            self._start()
        t0 = time.perf_counter()
        try:
            self.proc.stdin.write(json.dumps(case) + "\n")
            self.proc.stdin.flush()
            line = self._readline(self.timeout)
        except (BrokenPipeError, OSError):
            line = ""
        if line is None:
            self.close()
            self.restarts += 1
            return {"id": case["id"], "hang": f"no answer within {self.timeout:g} s"}
        if not line:
            code = self.proc.wait()
            self.proc = None
            self.restarts += 1
            how = f"signal {-code}" if code < 0 else f"exit {code}"
            return {"id": case["id"], "crash": how}
        result = json.loads(line)
        result["time"] = time.perf_counter() - t0
        return result


def run_side(side, cases, jobs, timeout, progress=None):
    """Every case on one side with `jobs` workers; {case id: result}."""
    todo = queue.Queue()
    for c in cases:
        todo.put(c)
    results, errors = {}, []
    hangs = {}
    lock = threading.Lock()

    def loop():
        w = Worker(side, timeout)
        try:
            while True:
                try:
                    case = todo.get_nowait()
                except queue.Empty:
                    return
                group = (case["api"], (case.get("label", "").split("/") + [""])[1])
                if hangs.get(group, 0) >= HANG_BUDGET:
                    r = {"id": case["id"], "hang": f"not run: hung {HANG_BUDGET} times on {group[1]} inputs"}
                else:
                    r = w.call(case)
                with lock:
                    if "hang" in r:
                        hangs[group] = hangs.get(group, 0) + 1
                    results[case["id"]] = r
                    if progress:
                        progress(side.name, len(results))
        except Exception as exc:  # a worker that cannot start at all stops its side
            errors.append(exc)
        finally:
            w.close()

    threads = [threading.Thread(target=loop, daemon=True) for _ in range(max(1, jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors and not results:
        raise errors[0]
    return results


def run_both(sides, cases, jobs, timeout, progress=None):
    """Both sides at once (each with `jobs` workers): {side name: {case id: result}}."""
    out = {}

    def one(side):
        out[side.name] = run_side(side, cases, jobs, timeout, progress)

    threads = [threading.Thread(target=one, args=(s,)) for s in sides]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    missing = [s.name for s in sides if s.name not in out]
    if missing:
        raise RuntimeError(f"side(s) {missing} failed to run")
    return out
