"""The thread policy: how many threads NumPy's BLAS may use, decided once, applied before NumPy loads.

NumPy's OpenBLAS starts one thread per online CPU, and its threads spin while they wait for each other: with
more threads than free cores (a container's CPU quota, a taskset, another busy process) every matmul waits
for a descheduled spinner and a training step runs tens of times slower (a 256x256 matmul: 0.4 ms at one thread,
120 ms at two on a loaded 2-core machine). So purepaddle sizes the pool to `usable_cores()`: the cores this
process may run on, `available_cores()` (its CPU affinity, os.sched_getaffinity, and the cgroup CPU quota,
/sys/fs/cgroup/cpu.max or cgroup v1's cpu.cfs_quota_us / cpu.cfs_period_us, whichever is smaller), and no more
than the machine's idle cores when the process starts, `idle_cores()` (online CPUs minus the 1-minute load
average). A thread count the user chose (OMP_NUM_THREADS, OPENBLAS_NUM_THREADS or MKL_NUM_THREADS in the
environment) always wins.

The limit is applied by `apply()` when purepaddle is imported: before NumPy loads it sets the three variables
in os.environ (the BLAS library reads them when it loads; child processes inherit them); once NumPy is loaded
it resizes the loaded BLAS pool at run time (threadpoolctl when installed, else the pool's own
`openblas_set_num_threads`/`mkl_set_num_threads` found among the loaded libraries), and says so on stderr when
neither works. `python -m purepaddle` and the distributed launcher (`thread_env`) use the same numbers. This
module imports nothing but the standard library: it must run before NumPy is imported.
"""
import contextlib
import ctypes
import math
import os
import sys
import threading

THREAD_VARS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")
# set beside THREAD_VARS by apply(): variables still holding the policy's own value are not the user's choice
# (a child process, or the launcher, re-derives its count instead of taking its parent's as an order)
POLICY_VAR = "PUREPADDLE_POLICY_THREADS"
CPU_MAX = "/sys/fs/cgroup/cpu.max"  # cgroup v2: "<quota> <period>" or "max <period>"
CFS_QUOTA = "/sys/fs/cgroup/cpu/cpu.cfs_quota_us"  # cgroup v1: -1 means no quota
CFS_PERIOD = "/sys/fs/cgroup/cpu/cpu.cfs_period_us"

# (get, set) symbol names of the BLAS libraries NumPy wheels ship, tried in order on each loaded library
_BLAS_SYMBOLS = (
    ("scipy_openblas_get_num_threads64_", "scipy_openblas_set_num_threads64_"),
    ("scipy_openblas_get_num_threads", "scipy_openblas_set_num_threads"),
    ("openblas_get_num_threads64_", "openblas_set_num_threads64_"),
    ("openblas_get_num_threads", "openblas_set_num_threads"),
    ("MKL_Get_Max_Threads", "MKL_Set_Num_Threads"),
)


def _read(path):
    try:
        with open(path) as f:
            return f.read().strip()
    except OSError:
        return None


def quota_cores(cpu_max=CPU_MAX, cfs_quota=CFS_QUOTA, cfs_period=CFS_PERIOD):
    """The cgroup CPU quota in whole cores (rounded up), or None when there is no quota.

    Args:
        cpu_max (str): path of cgroup v2's cpu.max ("<quota> <period>", quota "max" for none).
        cfs_quota (str): path of cgroup v1's cpu.cfs_quota_us (-1 for none), read when cpu.max is absent.
        cfs_period (str): path of cgroup v1's cpu.cfs_period_us.

    Returns:
        int|None: ceil(quota / period), at least 1; None without a quota or a readable file.

    Examples:
        .. code-block:: python

            >>> from purepaddle._core.threads import quota_cores
            >>> quota_cores("/nonexistent") is None
            True
    """
    text = _read(cpu_max)
    if text is not None:
        parts = text.split()
        quota, period = (parts + ["100000"])[:2]
    else:
        quota, period = _read(cfs_quota), _read(cfs_period)
        if quota is None or period is None:
            return None
    try:
        q, p = int(quota), int(period)
    except ValueError:  # "max": no quota
        return None
    if q <= 0 or p <= 0:
        return None
    return max(1, math.ceil(q / p))


def affinity_cores():
    """The number of CPUs this process may run on (its affinity mask; os.cpu_count() where there is none)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def available_cores(affinity=None, quota=None):
    """The cores this process may use: the smaller of its CPU affinity and its cgroup CPU quota.

    Args:
        affinity (int, optional): the affinity core count; read from the process when None.
        quota (int|str, optional): the quota core count; read from the cgroup files when None. "none" means
            no quota.

    Returns:
        int: at least 1.

    Examples:
        .. code-block:: python

            >>> from purepaddle._core.threads import available_cores
            >>> available_cores(affinity=8, quota=2)
            2
            >>> available_cores(affinity=4, quota="none")
            4
    """
    a = affinity_cores() if affinity is None else affinity
    q = quota_cores() if quota is None else (None if quota == "none" else quota)
    return max(1, min(a, q) if q else a)


def idle_cores(online=None, load=None, loadavg="/proc/loadavg"):
    """The machine's cores not busy with other work: online CPUs minus the 1-minute load average, rounded, >= 1.

    Args:
        online (int, optional): the online CPUs; os.cpu_count() when None.
        load (float, optional): the 1-minute load average; read from `loadavg` when None.
        loadavg (str): the file to read it from (no file: no load assumed).

    Returns:
        int: at least 1.

    Examples:
        .. code-block:: python

            >>> from purepaddle._core.threads import idle_cores
            >>> idle_cores(online=16, load=1.2)
            15
            >>> idle_cores(online=2, load=9.0)
            1
    """
    online = (os.cpu_count() or 1) if online is None else online
    if load is None:
        text = _read(loadavg)
        try:
            load = float(text.split()[0]) if text else 0.0
        except ValueError:
            load = 0.0
    return max(1, int(online - load + 0.5))


def usable_cores():
    """The cores the thread policy uses: available_cores() capped by idle_cores() (both read now)."""
    return min(available_cores(), idle_cores())


def user_threads(environ=None):
    """The thread count the user set in the environment (the first of THREAD_VARS that parses), or None.

    Variables that all still hold the value apply() set (POLICY_VAR) are the policy's, not the user's."""
    environ = os.environ if environ is None else environ
    mark = environ.get(POLICY_VAR)
    if mark is not None and all(environ.get(var) == mark for var in THREAD_VARS):
        return None
    for var in THREAD_VARS:
        value = environ.get(var, "").strip().split(",")[0]  # OMP allows "4,2" (nested levels): the outer one
        if value.isdigit() and int(value) > 0:
            return int(value)
    return None


def policy_threads(environ=None, workers=1, cores=None):
    """Math-library threads for each of `workers` processes sharing this machine.

    The user's own setting (any of THREAD_VARS) wins; else the usable cores shared out, at least 1.

    Args:
        environ (dict, optional): the environment to read; os.environ when None.
        workers (int): processes that will share the cores (the launcher's workers per node).
        cores (int, optional): the usable cores; usable_cores() when None.

    Returns:
        int: the thread count.

    Examples:
        .. code-block:: python

            >>> from purepaddle._core.threads import policy_threads
            >>> policy_threads({}, workers=2, cores=8)
            4
            >>> policy_threads({"OMP_NUM_THREADS": "3"}, cores=8)
            3
    """
    own = user_threads(environ)
    if own is not None:
        return own
    cores = usable_cores() if cores is None else cores
    return max(1, cores // max(1, workers))


def thread_env(environ=None, workers=1, cores=None):
    """The THREAD_VARS to set for a child process ({} when the user set any of them: theirs pass through).

    Examples:
        .. code-block:: python

            >>> from purepaddle._core.threads import thread_env
            >>> thread_env({}, workers=1, cores=2)["OPENBLAS_NUM_THREADS"]
            '2'
    """
    environ = os.environ if environ is None else environ
    if user_threads(environ) is not None:
        return {}
    n = str(policy_threads(environ, workers, cores))
    return {var: n for var in THREAD_VARS}


# ------------------------------------------------------------------ the loaded BLAS pool, resized at run time

_POOLS = None  # [(get, set)] of the loaded BLAS libraries, found once NumPy is loaded


def _loaded_libraries():
    """Paths of the shared libraries mapped into this process that may be a BLAS (Linux: /proc/self/maps)."""
    text = _read("/proc/self/maps") or ""
    names = ("openblas", "mkl_rt", "libmkl")
    seen = []
    for line in text.splitlines():
        path = line.split()[-1] if line.split() else ""
        if path.startswith("/") and any(n in os.path.basename(path).lower() for n in names) and path not in seen:
            seen.append(path)
    return seen


def _pools():
    global _POOLS
    if _POOLS is not None:
        return _POOLS
    found = []
    try:
        import threadpoolctl  # optional (purepaddle[threads]): knows every BLAS and OpenMP runtime
        found.append(("threadpoolctl", threadpoolctl))
    except ImportError:
        for path in _loaded_libraries():
            try:
                lib = ctypes.CDLL(path)
            except OSError:
                continue
            for get, put in _BLAS_SYMBOLS:
                if hasattr(lib, get) and hasattr(lib, put):
                    found.append((getattr(lib, get), getattr(lib, put)))
                    break
    if "numpy" in sys.modules:  # before NumPy loads there is nothing to find yet: look again later
        _POOLS = found
    return found


def blas_threads():
    """The thread count of NumPy's loaded BLAS pool, or None when it cannot be read.

    Examples:
        .. code-block:: python

            >>> import numpy
            >>> from purepaddle._core.threads import blas_threads
            >>> blas_threads() is None or blas_threads() >= 1
            True
    """
    for get, lib in _pools():
        if get == "threadpoolctl":
            info = [p["num_threads"] for p in lib.threadpool_info() if p.get("user_api") == "blas"]
            if info:
                return info[0]
            continue
        return int(get())
    return None


def set_blas_threads(n):
    """Resize NumPy's loaded BLAS pool to n threads; returns whether a pool was resized."""
    _INTRA["n"] = max(1, int(n))  # the compiled kernels' split follows the BLAS pool (parallel_for)
    done = False
    for get, lib in _pools():
        if get == "threadpoolctl":
            lib.threadpool_limits(limits=n, user_api="blas")
        else:
            lib(int(n))
        done = True
    return done


_LIMIT_LOCK = threading.Lock()
_LIMIT = {"depth": 0, "outer": None}  # scopes open now, and the pool size before the first of them


@contextlib.contextmanager
def limit_blas(n):
    """Run the block with NumPy's BLAS pool at n threads; the size from before comes back when the last open
    scope closes (predictors running in several threads at once share the one pool: the latest size wins while
    they overlap, and none of them can leave its own size behind).

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> from purepaddle._core.threads import limit_blas
            >>> with limit_blas(1):
            ...     y = np.ones((64, 64), "float32") @ np.ones((64, 64), "float32")
    """
    with _LIMIT_LOCK:
        if _LIMIT["depth"] == 0:
            _LIMIT["outer"] = blas_threads()
        _LIMIT["depth"] += 1
        if _LIMIT["outer"] is not None and blas_threads() != n:
            set_blas_threads(n)
    try:
        yield
    finally:
        with _LIMIT_LOCK:
            _LIMIT["depth"] -= 1
            outer = _LIMIT["outer"]
            if _LIMIT["depth"] == 0 and outer is not None and blas_threads() != outer:
                set_blas_threads(outer)


APPLIED = None  # the thread count apply() chose (None: the user's environment decided, or not applied yet)


def apply(environ=None):
    """Apply the policy to this process: called first thing when purepaddle is imported.

    Before NumPy loads: sets THREAD_VARS in the environment (unless the user set any). After: resizes the loaded
    BLAS pool when it is larger than the usable cores, or notes on stderr that it could not.

    Returns:
        int|None: the thread count set, or None when the user's setting stands.
    """
    global APPLIED
    environ = os.environ if environ is None else environ
    if user_threads(environ) is not None:
        return None
    n = policy_threads(environ)
    if "numpy" not in sys.modules:
        environ.update(thread_env(environ, cores=n))
        environ[POLICY_VAR] = str(n)
        APPLIED = n
        return n
    current = blas_threads()
    if current is not None and current <= n:
        APPLIED = current
        return current
    if set_blas_threads(n):
        APPLIED = n
        return n
    if n < (os.cpu_count() or 1):
        print(f"purepaddle: NumPy was imported before purepaddle and its BLAS thread pool could not be resized to "
              f"the {n} cores this process may use now (install threadpoolctl, import purepaddle first, or set "
              f"OPENBLAS_NUM_THREADS={n}); matrix products may slow down when the cores are busy.", file=sys.stderr)
    return None


# -- intra-op parallelism for kernels that release the GIL ----------------------------------------------------
# NumPy parallelises only inside BLAS; a compiled kernel that releases the GIL (numba's nogil, see
# ops/conv/_depthwise_jit.py) can be split over threads by its caller. The split uses as many threads as the BLAS
# pool (one number for both, so OPENBLAS_NUM_THREADS=1 or paddle.set_num_threads(1) makes every kernel serial),
# and only when the work is large enough to pay for waking a thread (about 20 us).
MIN_SPLIT_WORK = 262144  # elements: below this a kernel runs in the calling thread (measured: waking a pool
# thread costs 20-50 us on a VM, and at 16K MobileNetV2 b1 ran 20% slower split than serial; at 256K as fast, and
# the 96x112x112 depthwise layer 1.4x faster)
_INTRA = {"n": None, "pool": None, "size": 0}
_IN_WORKER = threading.local()


def intra_op_threads():
    """The threads a splittable kernel may use: the BLAS pool's size (1 when it cannot be read).

    Examples:
        .. code-block:: python

            >>> import numpy
            >>> from purepaddle._core.threads import intra_op_threads
            >>> intra_op_threads() >= 1
            True
    """
    n = _INTRA["n"]
    if n is None:
        n = blas_threads()
        if n is None:
            return 1  # not cached: the pool may be found once NumPy is loaded
        n = _INTRA["n"] = max(1, n)
    return n


def _executor(workers):
    from concurrent.futures import ThreadPoolExecutor
    with _LIMIT_LOCK:
        if _INTRA["size"] < workers:
            old = _INTRA["pool"]
            _INTRA["pool"] = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="purepaddle-intraop",
                                                initializer=lambda: setattr(_IN_WORKER, "on", True))
            _INTRA["size"] = workers
            if old is not None:
                old.shutdown(wait=False)
        return _INTRA["pool"]


def parallel_for(fn, total, work_per_item=1, threads=None):
    """Run fn(lo, hi) over contiguous parts of range(total), on up to `threads` threads at once.

    fn must release the GIL for the split to pay (a nogil compiled kernel, large NumPy ufunc calls) and must
    write disjoint results for disjoint ranges. The calling thread runs the first part; an exception in any part
    is raised here after every part has finished. A call from inside a part runs serially.

    Args:
        fn (callable): fn(lo, hi) handles items lo..hi-1.
        total (int): the number of items.
        work_per_item (int): the elements one item touches; with total, whether a split pays (MIN_SPLIT_WORK).
        threads (int, optional): the most threads; intra_op_threads() when None.

    Examples:
        .. code-block:: python

            >>> from purepaddle._core.threads import parallel_for
            >>> seen = []
            >>> parallel_for(lambda lo, hi: seen.append((lo, hi)), 10, threads=1)
            >>> seen
            [(0, 10)]
    """
    k = intra_op_threads() if threads is None else threads
    k = min(k, total, max(1, total * work_per_item // MIN_SPLIT_WORK))
    if k <= 1 or getattr(_IN_WORKER, "on", False):
        if total > 0:
            fn(0, total)
        return
    bounds = [total * i // k for i in range(k + 1)]
    pool = _executor(k - 1)
    futures = [pool.submit(fn, bounds[i], bounds[i + 1]) for i in range(1, k)]
    error = None
    _IN_WORKER.on = True  # a split inside this part runs serially: every core is busy already
    try:
        fn(bounds[0], bounds[1])
    except BaseException as exc:  # the other parts still write into the caller's arrays: let them finish
        error = exc
    finally:
        _IN_WORKER.on = False
    for f in futures:
        try:
            f.result()
        except BaseException as exc:
            error = error or exc
    if error is not None:
        raise error
