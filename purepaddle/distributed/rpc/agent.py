"""The RPC engine: MPI point-to-point messages served by one thread per process.

Each process dups MPI_COMM_WORLD for RPC and starts a service thread that probes it for requests (run in a small
thread pool, so a function that itself calls rpc_sync does not block the service) and for replies (handed to the
waiting future). A request is (call id, fn, args, kwargs), pickled as Paddle pickles it; a reply is (call id,
ok, value or exception). Callers send from their own threads, which needs MPI_THREAD_MULTIPLE (Open MPI grants
it when asked, as mpi4py does by default); where the library gives less, init_rpc says so instead of starting.
The thread polls (MPI_Improbe, then sleeps growing from 0 to 2 ms while idle) rather than blocking in MPI_Recv,
which would spin a core for the whole life of the agent. A job of one process runs calls in the pool directly.
"""
import itertools
import threading
import time
from concurrent.futures import ThreadPoolExecutor

TAG_REQUEST, TAG_REPLY = 71, 72
IDLE_SLEEP_MAX = 0.002


class FutureWrapper:
    """The result of rpc_async: wait() blocks until the remote call returns, then gives its value or raises its
    exception (a RuntimeError after `timeout` seconds when one was given)."""

    def __init__(self, to, timeout):
        self._event = threading.Event()
        self._ok, self._value = None, None
        self._to, self._timeout = to, timeout

    def _set(self, ok, value):
        self._ok, self._value = ok, value
        self._event.set()

    def done(self):
        return self._event.is_set()

    def wait(self):
        if not self._event.wait(None if self._timeout is None else self._timeout):
            raise RuntimeError(f"rpc to worker {self._to!r} did not complete within {self._timeout} s")
        if self._ok:
            return self._value
        raise self._value


def _run(fn, args, kwargs):
    try:
        return True, fn(*args, **kwargs)
    except BaseException as e:  # the caller gets the exception, the service carries on
        return False, e


class Agent:
    """One process's RPC agent: the names of all workers, the service thread, the outstanding calls."""

    def __init__(self, infos, rank, comm=None):
        self.infos, self.rank, self.comm = infos, rank, comm
        self.by_name = {info.name: info for info in infos}
        self.pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="paddle-rpc")
        self.pending = {}
        self.lock = threading.Lock()
        self.ids = itertools.count()
        self.stopping = threading.Event()
        self.thread = None
        if comm is not None:
            self.thread = threading.Thread(target=self._serve, name="paddle-rpc-service", daemon=True)
            self.thread.start()

    # -- the service thread ---------------------------------------------------------------------------------
    def _serve(self):
        from mpi4py import MPI
        idle = 0.0
        while not self.stopping.is_set():
            status = MPI.Status()
            msg = self.comm.improbe(source=MPI.ANY_SOURCE, tag=MPI.ANY_TAG, status=status)
            if msg is None:
                time.sleep(idle)
                idle = min(IDLE_SLEEP_MAX, idle * 2 or 1e-5)
                continue
            idle = 0.0
            payload = msg.recv()
            source, tag = status.Get_source(), status.Get_tag()
            if tag == TAG_REQUEST:
                self.pool.submit(self._answer, source, payload)
            elif tag == TAG_REPLY:
                call_id, ok, value = payload
                with self.lock:
                    fut = self.pending.pop(call_id, None)
                if fut is not None:
                    fut._set(ok, value)

    def _answer(self, source, payload):
        call_id, fn, args, kwargs = payload
        ok, value = _run(fn, args, kwargs)
        try:
            self.comm.send((call_id, ok, value), dest=source, tag=TAG_REPLY)
        except Exception as e:  # the result does not pickle: tell the caller why
            self.comm.send((call_id, False, RuntimeError(f"rpc: the result of {getattr(fn, '__name__', fn)!r} "
                                                         f"could not be sent back: {e}")), dest=source,
                           tag=TAG_REPLY)

    # -- callers --------------------------------------------------------------------------------------------
    def invoke(self, to, fn, args, kwargs, timeout):
        if to not in self.by_name:
            raise ValueError(f"rpc: there is no worker named {to!r} (workers: {sorted(self.by_name)})")
        fut = FutureWrapper(to, timeout)
        if self.comm is None:
            ok, value = _run(fn, args, kwargs)
            fut._set(ok, value)
            return fut
        call_id = next(self.ids)
        with self.lock:
            self.pending[call_id] = fut
        try:
            self.comm.send((call_id, fn, args, kwargs), dest=self.by_name[to].rank, tag=TAG_REQUEST)
        except Exception:
            with self.lock:
                self.pending.pop(call_id, None)
            raise
        return fut

    def barrier(self):
        """All workers here, waited without spinning a core (MPI_Ibarrier polled with sleeps)."""
        if self.comm is None:
            return
        req = self.comm.Ibarrier()
        while not req.Test():
            time.sleep(IDLE_SLEEP_MAX)

    def stop(self):
        """Wait for this process's own calls, then for every worker to get here, then stop serving."""
        while True:
            with self.lock:
                waiting = list(self.pending.values())
            if not waiting:
                break
            waiting[0]._event.wait()
        self.barrier()
        self.stopping.set()
        if self.thread is not None:
            self.thread.join()
        self.pool.shutdown(wait=True)
        if self.comm is not None:
            self.comm.Free()
