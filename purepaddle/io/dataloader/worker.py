"""DataLoader worker processes: get_worker_info, the fetchers, the worker loop, the shared-memory transport.

A worker receives `("task", epoch, idx, indices)` messages on its own pipe, loads and collates the
batch, and answers on its own result pipe with exactly one message per task:

- `("batch", epoch, idx, structure, payload)`: the batch flattened (flat.py); `payload` carries
  the arrays (transport.py: small ones inline, the rest through shared memory, never pickled);
- `("done", epoch, idx)`: an IterableDataset copy is exhausted;
- `("error", epoch, idx, info)`: the exception, where it happened and the worker's traceback.
"""
import itertools
import os
import pickle
import random
import signal
import sys
import traceback

import numpy as np

from multiprocessing.reduction import ForkingPickler

from ..._core.lifetime import die_with_parent
from ..._core.mode import disable_static
from . import flat, transport

__all__ = ["get_worker_info", "WorkerInfo"]

_worker_info = None


def get_worker_info():
    """In a DataLoader worker process, its WorkerInfo (id, num_workers, dataset, seed); None elsewhere.

    Examples:
        .. code-block:: python

            >>> from paddle.io import get_worker_info
            >>> print(get_worker_info())
            None
    """
    return _worker_info


class WorkerInfo:
    """Read-only facts about the current worker: id, num_workers, dataset (this worker's copy), seed."""

    _initialized = False

    def __init__(self, **kwargs):
        for k, v in kwargs.items():
            setattr(self, k, v)
        self._initialized = True

    def __setattr__(self, key, val):
        if self._initialized:
            raise RuntimeError(f"Cannot assign attributes to {self.__class__.__name__} objects")
        super().__setattr__(key, val)

    def __repr__(self):
        return f"WorkerInfo(id={self.id}, num_workers={self.num_workers}, seed={self.seed})"


class _DatasetKind:
    """Paddle's dataset kinds (DataLoader.dataset_kind)."""

    MAP = 0
    ITER = 1


# -- fetchers: indices -> collated batch ---------------------------------------------------------------
class _MapFetcher:
    """Reads dataset[i] for each index (or dataset[indices] without batching) and collates."""

    def __init__(self, dataset, auto_collate, collate_fn, drop_last):
        self.dataset, self.auto_collate, self.collate_fn = dataset, auto_collate, collate_fn
        self.current = None  # the sample index being read: named in error reports

    def fetch(self, indices):
        if self.auto_collate:
            data = []
            for i in indices:
                self.current = i
                data.append(self.dataset[i])
        else:
            self.current = indices
            data = self.dataset[indices]
        self.current = None
        return self.collate_fn(data) if self.collate_fn else data


class _IterFetcher:
    """Reads the next len(indices) items of the dataset's iterator; StopIteration when it has none left."""

    def __init__(self, dataset, auto_collate, collate_fn, drop_last):
        self.auto_collate, self.collate_fn, self.drop_last = auto_collate, collate_fn, drop_last
        self.iterator = iter(dataset)
        self.current = None
        self.count = 0

    def fetch(self, indices):
        if self.auto_collate:
            self.current = f"items {self.count}.. of the iterator"
            data = list(itertools.islice(self.iterator, len(indices)))
            self.count += len(data)
            if not data or (self.drop_last and len(data) < len(indices)):
                raise StopIteration
        else:
            self.current = f"item {self.count} of the iterator"
            data = next(self.iterator)
            self.count += 1
        self.current = None
        return self.collate_fn(data) if self.collate_fn else data


def create_fetcher(iterable, dataset, auto_collate, collate_fn, drop_last):
    cls = _IterFetcher if iterable else _MapFetcher
    return cls(dataset, auto_collate, collate_fn, drop_last)


# -- the worker process ----------------------------------------------------------------------------------
def _error_info(wid, idx, indices, fetcher, stage):
    exc_type, exc, _ = sys.exc_info()
    try:
        pickled = pickle.dumps(exc)
    except Exception:  # noqa: BLE001 - an unpicklable exception travels as text only
        pickled = None
    return {"worker_id": wid, "pid": os.getpid(), "type": exc_type.__name__, "traceback": traceback.format_exc(),
            "exception": pickled, "indices": indices, "sample": getattr(fetcher, "current", None),
            "stage": stage}


def _seed_worker(base_seed, wid):
    seed = base_seed + wid
    random.seed(seed)
    from ...framework.random import seed as paddle_seed
    paddle_seed(seed % (2 ** 63))
    np.random.seed(np.random.SeedSequence([wid, base_seed]).generate_state(4))


def worker_loop(dataset, iterable, task_conn, result_conn, close_conns, auto_collate, collate_fn, drop_last,
                init_fn, wid, num_workers, base_seed, arena, fd_sock, parent_pid, pdeathsig):
    """Body of worker process `wid` (see the module docstring for the protocol)."""
    global _worker_info
    if pdeathsig:  # a SIGKILLed parent takes us along, even while the dataset's code runs
        die_with_parent(signal.SIGKILL, parent_pid)
    for c in close_conns:  # the parent's ends: without them, EOF tells us the parent is gone
        c.close()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle; it shuts us down
    disable_static()  # datasets run eagerly, whatever mode the parent is in
    _seed_worker(base_seed, wid)
    _worker_info = WorkerInfo(id=wid, num_workers=num_workers, dataset=dataset, seed=base_seed)
    init_error, fetcher = None, None
    try:
        if init_fn is not None:
            init_fn(wid)
        fetcher = create_fetcher(iterable, dataset, auto_collate, collate_fn, drop_last)
    except Exception:  # noqa: BLE001 - reported on the first task, like Paddle
        init_error = _error_info(wid, None, None, None, "worker_init_fn")
    sender = transport.Sender(arena, fd_sock, lambda: os.getppid() == parent_pid)
    drained = False
    while True:
        try:
            if not task_conn.poll(1.0):
                if os.getppid() != parent_pid:
                    break
                continue
            msg = task_conn.recv()
        except (EOFError, OSError):
            break
        if msg is None:
            break
        if msg[0] == "reset":  # persistent workers: a new epoch restarts an iterable dataset's iterator
            drained = False
            if iterable and init_error is None:
                try:
                    fetcher = create_fetcher(iterable, dataset, auto_collate, collate_fn, drop_last)
                except Exception:  # noqa: BLE001
                    init_error = _error_info(wid, None, None, None, "iter(dataset)")
            continue
        _, epoch, idx, indices = msg
        if init_error is not None:
            reply = ("error", epoch, idx, dict(init_error, indices=indices))
        elif drained:
            reply = ("done", epoch, idx)
        else:
            try:
                batch = fetcher.fetch(indices)
            except StopIteration:
                if not iterable:
                    reply = ("error", epoch, idx, _error_info(wid, idx, indices, fetcher, "fetch"))
                else:
                    drained, reply = True, ("done", epoch, idx)
            except Exception:  # noqa: BLE001 - sent to the parent, raised there
                reply = ("error", epoch, idx, _error_info(wid, idx, indices, fetcher, "fetch"))
            else:
                try:
                    structure, arrays = flat.flatten(batch)
                    reply = ("batch", epoch, idx, structure, sender.encode(arrays))
                except Exception:  # noqa: BLE001
                    reply = ("error", epoch, idx, _error_info(wid, idx, indices, None, "transfer"))
        try:
            _send(result_conn, reply, sender, wid, idx, indices)
        except (BrokenPipeError, EOFError, OSError):
            break


def _send(conn, reply, sender, wid, idx, indices):
    """Pickle the reply, hand over its memory file (if any), then send it: the parent receives both in order."""
    try:
        data = ForkingPickler.dumps(reply)
    except (pickle.PicklingError, TypeError, AttributeError):  # a batch holding an unpicklable object
        if reply[0] != "batch":
            raise
        sender.unsend(reply[4])
        reply = ("error", reply[1], idx, _error_info(wid, idx, indices, None, "transfer"))
        data = ForkingPickler.dumps(reply)
    if reply[0] == "batch":
        sender.deliver(reply[4])
    conn.send_bytes(data)
