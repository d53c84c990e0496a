"""DataLoader iterators: in the main process, or fed by worker processes in order.

The multi-process iterator hands out tasks `(epoch, idx, indices)` round-robin, keeps at most
`prefetch_factor * num_workers` outstanding, and returns results strictly by `idx`, buffering early
ones. It waits on the workers' result pipes and process sentinels together, so a worker killed by a
signal is noticed at once (RuntimeError naming pid and signal) instead of hanging; `timeout > 0`
bounds the wait for one batch. Workers are shut down when the epoch ends, when the iterator is
dropped (e.g. `break`), on errors, and at interpreter exit; persistent workers live as long as the
DataLoader.
"""
import itertools
import multiprocessing as mp
import os
import pickle
import signal
import sys
import threading
import time
import weakref
from multiprocessing.connection import wait as _mp_wait

import numpy as np

from ..._core import hooks
from ..._core.mode import in_dynamic_mode
from ..._core.tensor import Tensor
from . import flat, transport, worker
from .batch_sampler import _InfiniteIterableSampler
from .collate import default_collate_fn, default_convert_fn

__all__ = []

_KILLED_MSG = "(Fatal) Blocking queue is killed because the data reader raises an exception."


def _output_maker(loader):
    """The function turning one collated batch into what the loop body receives."""
    if in_dynamic_mode():
        def leaf(x):
            arr = x._data if isinstance(x, Tensor) else x
            return Tensor._make(arr)
        return lambda batch: flat.map_leaves(batch, leaf)
    from ...static import DenseTensor

    def dense(batch):
        return flat.map_leaves(batch, lambda x: DenseTensor(x._data if isinstance(x, Tensor) else x))

    if loader.return_list or not loader.feed_list:
        return dense
    names = [v.name for v in loader.feed_list]

    def feed(batch):  # static + return_list=False: one {feed name: DenseTensor} per place
        leaves = [] if batch is None else flat.flatten(batch)[1]
        if len(leaves) != len(names):
            raise ValueError(f"DataLoader: the batch has {len(leaves)} fields but feed_list names {len(names)} "
                             f"variables ({names})")
        return [{n: DenseTensor(a) for n, a in zip(names, leaves)}]

    return feed


NEXT_BATCH = hooks.declare(
    "next_batch", "around each DataLoader batch: hook(iterator, next, name) must return next() (StopIteration "
    "passes through); the iterators' __next__ call it; the profiler times it as a Dataloader event")


class _IterBase:
    """What both iterators share: the index sampler and the collate function."""

    _EVENT = None  # the profiler's name for this iterator's batch waits (Paddle's iterator class name)

    def __init__(self, loader):
        self._loader = loader
        self._dataset = loader.dataset
        self._iterable = loader._iterable
        self._auto_collate = loader.batch_sampler is not None
        if self._auto_collate:
            self._collate_fn = loader.collate_fn or default_collate_fn
        else:
            self._collate_fn = loader.collate_fn or default_convert_fn
        self._drop_last = loader.drop_last
        self._make_output = _output_maker(loader)

    def _index_sampler(self):
        if self._auto_collate:
            return self._loader.batch_sampler
        if self._iterable:
            return _InfiniteIterableSampler(self._dataset, 1)
        return range(len(self._dataset))

    def __iter__(self):
        return self

    def __next__(self):
        around = NEXT_BATCH.active
        if around is not None:
            return around(self, self._next, self._EVENT)
        return self._next()

    def __len__(self):
        return len(self._loader)


class SingleProcessIter(_IterBase):
    """Loads each batch in the calling process when it is asked for."""

    def __init__(self, loader):
        super().__init__(loader)
        self._sampler_iter = iter(self._index_sampler())
        self._fetcher = worker.create_fetcher(self._iterable, self._dataset, self._auto_collate,
                                              self._collate_fn, self._drop_last)

    _EVENT = "_DataLoaderIterSingleProcess"

    def _next(self):
        indices = next(self._sampler_iter)
        return self._make_output(self._fetcher.fetch(indices))


def _signal_name(num):
    try:
        return signal.Signals(num).name
    except ValueError:
        return f"signal {num}"


class MultiProcessIter(_IterBase):
    """Batches loaded by `num_workers` worker processes, returned in sampler order."""

    def __init__(self, loader):
        super().__init__(loader)
        self._num_workers = loader.num_workers
        self._timeout = loader.timeout
        self._persistent = loader.persistent_workers
        self._capacity = loader.prefetch_factor * self._num_workers
        # like Paddle, the workers' base seed is drawn from NumPy's global RNG
        self._base_seed = int(np.random.randint(low=0, high=sys.maxsize))
        self._epoch = 0
        self._workers, self._task_conns, self._result_conns = [], [], []
        self._shut = False
        use_shm = loader.use_shared_memory
        self._use_fds = use_shm
        self._fd_socks = []  # per worker: the socket its memory files arrive on (None: not used)
        self._arenas = [transport.make_arena() if use_shm else None for _ in range(self._num_workers)]
        self._dead = set()  # workers found dead that owed nothing (ignored until they are needed)
        self._start_workers()
        self._reset(new_epoch=False)

    # -- processes ----------------------------------------------------------------------------------
    def _start_workers(self):
        methods = mp.get_all_start_methods()
        ctx = mp.get_context("fork" if "fork" in methods else None)
        # the kernel's parent-death signal follows the forking thread: only the main thread lives as long
        # as this process (workers forked elsewhere notice a dead parent by EOF and getppid instead)
        pdeathsig = threading.current_thread() is threading.main_thread()
        parent_ends = []
        for wid in range(self._num_workers):
            task_r, task_w = ctx.Pipe(duplex=False)
            res_r, res_w = ctx.Pipe(duplex=False)
            parent_ends += [task_w, res_r]
            fd_r, fd_w = (transport.fd_channel() if self._use_fds else None) or (None, None)
            self._fd_socks.append(fd_r)
            if fd_r is not None:
                parent_ends.append(fd_r)
            p = ctx.Process(target=worker.worker_loop, daemon=True, name=f"DataLoaderWorker-{wid}",
                            args=(self._dataset, self._iterable, task_r, res_w, list(parent_ends),
                                  self._auto_collate, self._collate_fn, self._drop_last,
                                  self._loader.worker_init_fn, wid, self._num_workers, self._base_seed,
                                  self._arenas[wid], fd_w, os.getpid(), pdeathsig))
            try:
                p.start()
            finally:
                task_r.close()
                res_w.close()
                if fd_w is not None:
                    fd_w.close()
            self._workers.append(p)
            self._task_conns.append(task_w)
            self._result_conns.append(res_r)
        self._finalizer = weakref.finalize(self, _terminate, list(self._workers), list(self._task_conns),
                                           list(self._result_conns), list(self._fd_socks), list(self._arenas))

    def _reset(self, new_epoch=True):
        """Start a pass: fresh sampler iterator, stale results ignored, the pipeline primed."""
        self._epoch += 1
        if self._dead:
            self._check_workers(force=True)
        if new_epoch and self._iterable:
            for c in self._task_conns:
                c.send(("reset", self._epoch))
        self._sampler_iter = iter(self._index_sampler())
        self._sampler_done = False
        self._send_idx = self._rcvd_idx = 0
        self._task_worker = {}   # idx -> worker id, for outstanding tasks
        self._results = {}       # idx -> message received ahead of its turn
        self._active = [True] * self._num_workers  # False once an iterable copy is exhausted
        self._next_worker = itertools.cycle(range(self._num_workers))
        for _ in range(self._capacity):
            self._put_task()

    def _put_task(self):
        if self._sampler_done or len(self._task_worker) >= self._capacity:
            return
        for _ in range(self._num_workers):
            wid = next(self._next_worker)
            if self._active[wid]:
                break
        else:
            return
        try:
            indices = next(self._sampler_iter)
        except StopIteration:
            self._sampler_done = True
            return
        try:
            self._task_conns[wid].send(("task", self._epoch, self._send_idx, indices))
        except OSError:
            self._check_workers(force=True)
            raise
        self._task_worker[self._send_idx] = wid
        self._send_idx += 1

    # -- receiving ----------------------------------------------------------------------------------
    _EVENT = "_DataLoaderIterMultiProcess"

    def _next(self):
        if self._shut:
            raise StopIteration
        while True:
            if self._rcvd_idx >= self._send_idx:
                self._end_epoch()
                raise StopIteration
            idx = self._rcvd_idx
            msg = self._results.pop(idx, None) or self._wait_for(idx)
            self._rcvd_idx += 1
            wid = self._task_worker.pop(idx)
            kind = msg[0]
            if kind == "done":
                self._active[wid] = False
                self._put_task()
                continue
            if kind == "error":
                self._raise_worker_error(msg[3], idx)
            self._put_task()
            return self._make_output(flat.restore(msg[3], msg[4]))

    def _wait_for(self, idx):
        deadline = time.monotonic() + self._timeout if self._timeout > 0 else None
        while idx not in self._results:
            wait_s = 5.0 if deadline is None else max(0.0, deadline - time.monotonic())
            sentinels = [w.sentinel for i, w in enumerate(self._workers) if i not in self._dead]
            ready = _mp_wait(self._result_conns + sentinels, timeout=wait_s)
            for r in ready:
                if r in self._result_conns:
                    self._receive(r)
            if any(r not in self._result_conns for r in ready):
                self._check_workers()
            if not ready and deadline is not None and time.monotonic() >= deadline:
                wid = self._task_worker[idx]
                pid = self._workers[wid].pid
                self._shutdown()
                raise RuntimeError(f"DataLoader timed out after {self._timeout} seconds waiting for worker {wid} "
                                   f"(pid {pid}) to load batch {idx}")
        return self._results.pop(idx)

    def _receive(self, conn):
        wid = self._result_conns.index(conn)
        try:
            msg = conn.recv()
        except (EOFError, OSError):  # the worker closed its end: it is exiting; wait for it, then report
            self._workers[wid].join(1.0)
            self._check_workers(force=True)
            raise RuntimeError(f"DataLoader worker {wid} closed its result pipe unexpectedly") from None
        self._accept(msg, wid)

    def _accept(self, msg, wid):
        """File a received message; its arrays leave shared memory now (results of abandoned passes are dropped)."""
        current = msg[1] == self._epoch and msg[2] >= self._rcvd_idx
        if msg[0] == "batch":
            arrays = transport.receive(msg[4], self._arenas[wid], self._fd_socks[wid], keep=current)
            msg = msg[:4] + (arrays,)
        if current:
            self._results[msg[2]] = msg

    def _check_workers(self, force=False):
        """Raise if a worker died while it owes results or will be needed again; else just note it."""
        for wid, w in enumerate(self._workers):
            if w.is_alive() or (wid in self._dead and not force):
                continue
            conn = self._result_conns[wid]
            while True:  # results it sent before dying still count
                try:
                    if not conn.poll():
                        break
                    self._accept(conn.recv(), wid)
                except (EOFError, OSError):
                    break
            owed = [i for i, o in self._task_worker.items() if o == wid and i not in self._results]
            needed = self._active[wid] and not self._sampler_done
            if not (owed or needed or force):
                self._dead.add(wid)
                self._active[wid] = False
                continue
            code, pid = w.exitcode, w.pid
            how = (f"was killed by signal {_signal_name(-code)}" if code is not None and code < 0
                   else f"exited unexpectedly with exit code {code}")
            hint = ""
            if code == -signal.SIGKILL:
                hint = " (the out-of-memory killer sends SIGKILL: check memory use)"
            elif code == -signal.SIGBUS:
                hint = " (SIGBUS usually means shared memory ran out)"
            self._shutdown()
            raise RuntimeError(f"DataLoader worker {wid} (pid {pid}) {how}{hint}; "
                               f"batches {sorted(owed)} were not loaded")

    def _raise_worker_error(self, info, idx):
        self._shutdown()
        where = f"batch {idx}"
        if info.get("indices") is not None:
            where += f" (sample indices {info['indices']})"
        if info.get("sample") is not None:
            where += f", at sample {info['sample']}"
        stage = {"worker_init_fn": "in worker_init_fn", "iter(dataset)": "in iter(dataset)",
                 "transfer": "sending the batch"}.get(info.get("stage"), "loading")
        msg = (f"{_KILLED_MSG}\nDataLoader worker({info['worker_id']}) (pid {info['pid']}) caught "
               f"{info['type']} {stage} {where}. The worker's traceback:\n{info['traceback']}")
        cause = None
        if info.get("exception") is not None:
            try:
                cause = pickle.loads(info["exception"])
            except Exception:  # noqa: BLE001 - the text above is what matters
                cause = None
        raise SystemError(msg) from cause

    # -- ending ---------------------------------------------------------------------------------------
    def _end_epoch(self):
        if not self._persistent:
            self._shutdown()

    def _shutdown(self):
        if self._shut:
            return
        self._shut = True
        self._results = {}
        if self._loader._iterator is self:
            self._loader._iterator = None
        self._finalizer()

    def __del__(self):
        try:
            self._shutdown()
        except Exception:  # noqa: BLE001 - interpreter teardown
            pass


def _terminate(workers, task_conns, result_conns, fd_socks, arenas):
    """Stop worker processes (politely, then by force), close pipes and sockets (which frees any memory
    file still in flight), unmap the arenas."""
    for c in task_conns:
        try:
            c.send(None)
        except (OSError, ValueError):
            pass
    deadline = time.monotonic() + 0.25  # idle workers exit in ms; a stuck one is terminated
    for w in workers:
        # a worker blocked sending a big result never reads None: drain so it can exit
        while w.is_alive() and time.monotonic() < deadline:
            for c in result_conns:
                try:
                    while c.poll():
                        c.recv()
                except (EOFError, OSError):
                    pass
            w.join(0.02)
    for w in workers:
        if w.is_alive():
            w.terminate()
            w.join(1.0)
        if w.is_alive():
            w.kill()
            w.join()
    for c in task_conns + result_conns + [s for s in fd_socks if s is not None]:
        try:
            c.close()
        except OSError:
            pass
    for w in workers:
        try:
            w.close()
        except (ValueError, AttributeError):
            pass
    for a in arenas:
        if a is not None:
            a.close()

