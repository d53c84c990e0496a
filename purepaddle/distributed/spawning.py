"""paddle.distributed.spawn: run a function on N processes as one job.

The processes are the launcher's workers (`python -m paddle.distributed.launch --nproc_per_node N`), so they get
the same PADDLE_* environment, the same MPI world and the same failure summary as a launched script. The function
and its arguments travel pickled, as multiprocessing's 'spawn' start method sends them (the caller's __main__ is
re-run under the name __mp_main__ first, so functions defined in the caller's script unpickle); each worker
pickles back its return value, or the traceback of what it raised.
"""
import multiprocessing.spawn as _mp_spawn
import os
import pickle
import shutil
import subprocess
import sys
import tempfile
import time
import warnings

__all__ = ["spawn", "MultiprocessContext"]

_ENTRY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "launch", "spawned.py")
_SUPPORTED = ("start_method", "ips", "gpus", "xpus", "print_config", "backend")
_DEPRECATED = ("selected_devices", "started_port", "cluster_node_ips", "node_ip", "use_paddlecloud")
_BACKENDS = ("nccl", "gloo", "bkcl", "auto", "heter", "xccl", "flagcx")


class _Returned:
    """One worker's return value, read as Paddle's return queue is: `get()` (after the job ended) and `empty()`."""

    def __init__(self):
        self._values = []

    def put(self, value):
        self._values.append(value)

    def empty(self):
        return not self._values

    def get(self):
        if not self._values:
            raise RuntimeError("spawn: this worker returned nothing yet (join the context first)")
        return self._values.pop(0)


class MultiprocessContext:
    """The running job of `spawn`: `join(timeout)` waits for it; `return_queues[i].get()` is worker i's return
    value once it has ended; `processes` holds the launcher process that runs the workers.

    Examples:
        .. code-block:: python

            >>> from paddle.distributed.spawning import MultiprocessContext
            >>> MultiprocessContext.__name__
            'MultiprocessContext'
    """

    def __init__(self, proc, workdir, nprocs):
        self.processes = [proc]
        self.return_queues = [_Returned() for _ in range(nprocs)]
        self.error_queues = [_Returned() for _ in range(nprocs)]
        self._workdir = workdir
        self._nprocs = nprocs
        self._done = False

    def join(self, timeout=None):
        """Wait up to `timeout` seconds (None: until the job ends); True once every worker has ended well,
        False while it still runs; a failed job raises Exception naming the failing worker and its traceback."""
        if self._done:
            return True
        proc = self.processes[0]
        try:
            code = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return False
        self._done = True
        try:
            self._collect()
        finally:  # a failed job keeps its logs (the launcher's summary points at them)
            if code == 0:
                shutil.rmtree(self._workdir, ignore_errors=True)
            else:
                for name in os.listdir(self._workdir):
                    if name != "log":
                        os.remove(os.path.join(self._workdir, name))
        if code != 0:
            self._throw(code)
        return True

    def _collect(self):
        for rank in range(self._nprocs):
            path = os.path.join(self._workdir, f"return.{rank}.pkl")
            if os.path.exists(path):
                with open(path, "rb") as f:
                    self.return_queues[rank].put(pickle.load(f))
            path = os.path.join(self._workdir, f"error.{rank}.txt")
            if os.path.exists(path):
                with open(path, encoding="utf-8") as f:
                    self.error_queues[rank].put((os.path.getmtime(path), f.read()))

    def _throw(self, code):
        raised = [(q._values[0][0], rank) for rank, q in enumerate(self.error_queues) if not q.empty()]
        if not raised:  # killed, or stopped by the launcher before it could raise: the summary above says why
            raise Exception(f"The spawned job terminated with exit code {code} (the launcher's summary above "
                            "names the failing process).")
        rank = min(raised)[1]  # the first to fail; the others mostly fail because it left
        trace = self.error_queues[rank].get()[1]
        raise Exception("\n\n----------------------------------------------\n"
                        f"Process {rank} terminated with the following error:\n"
                        "----------------------------------------------\n\n" + trace)


def _check_options(options):
    for key in options:
        if key in _DEPRECATED:
            warnings.warn(f"The config option ({key}) of `paddle.distributed.spawn` is deprecated. Please use the "
                          "latest config options stated in the `spawn` API documentation.", DeprecationWarning)
        elif key not in _SUPPORTED:
            raise ValueError(f"The config option ({key}) of `paddle.distributed.spawn` is not supported.")
    backend = options.get("backend", "auto")
    if backend not in _BACKENDS:
        raise ValueError("paddle.distributed initialize error, backend argument can only be one of 'nccl', 'gloo', "
                         f"'bkcl', 'auto', 'heter', 'xccl' but got {backend}")
    if backend not in ("auto", "gloo"):
        raise ValueError(f"paddle.distributed.spawn: backend '{backend}' needs a device this CPU build does not "
                         "have; use 'auto' or 'gloo' (the workers talk through MPI)")
    ips = options.get("ips") or options.get("cluster_node_ips") or "127.0.0.1"
    if len(str(ips).split(",")) > 1:
        raise AssertionError("CPUONLY spawn only support single trainer, that is len(ips)=1, but got %s.")


def spawn(func, args=(), nprocs=-1, join=True, daemon=False, **options):
    """Start `nprocs` processes that each run `func(*args)`, as one data-parallel job (like the launcher's
    workers: call `paddle.distributed.init_parallel_env()` inside `func`).

    `func` and `args` must be picklable (a function defined at the top level of a module or of the calling
    script; under `if __name__ == "__main__":` in the script, as for multiprocessing). A worker that raises
    ends the job: the launcher prints its failure summary and spawn raises an Exception with the worker's
    traceback.

    Args:
        func (callable): the function each process runs.
        args (tuple, optional): its positional arguments. Default ().
        nprocs (int, optional): the number of processes; -1 (default) is the number of CPU cores.
        join (bool, optional): wait for the job to end (default True); False returns at once.
        daemon (bool, optional): accepted for compatibility (the workers always end with the caller).
        **options: Paddle's `start_method`, `ips` (one host), `backend` ('auto' or 'gloo'), `print_config`,
            `gpus`/`xpus` (unused on CPU).

    Returns:
        MultiprocessContext: the job; `return_queues[i].get()` gives process i's return value.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> callable(dist.spawn)
            True
    """
    _check_options(options)
    if nprocs == -1:
        nprocs = os.cpu_count() or 1
    if not isinstance(nprocs, int) or nprocs < 1:
        raise ValueError(f"paddle.distributed.spawn: nprocs must be a positive int or -1, but received {nprocs!r}")
    workdir = tempfile.mkdtemp(prefix="purepaddle-spawn-")
    try:
        with open(os.path.join(workdir, "call.pkl"), "wb") as f:
            prep = _mp_spawn.get_preparation_data("purepaddle-spawn")
            prep["authkey"] = bytes(prep["authkey"])  # plain bytes: an AuthenticationString refuses pickling
            pickle.dump(prep, f)
            pickle.dump((func, tuple(args)), f)
    except Exception:
        shutil.rmtree(workdir, ignore_errors=True)
        raise
    cmd = [sys.executable, "-m", "purepaddle.distributed.launch", "--nproc_per_node", str(nprocs),
           "--log_dir", os.path.join(workdir, "log"), "--job_id", "spawn", _ENTRY, workdir]
    if options.get("print_config"):
        print(f"spawn: {' '.join(cmd)}", file=sys.stderr)
    proc = subprocess.Popen(cmd)  # the workers get the caller's sys.path and cwd from call.pkl
    context = MultiprocessContext(proc, workdir, nprocs)
    if not join:
        return context
    while not context.join():
        time.sleep(0)
    return context
