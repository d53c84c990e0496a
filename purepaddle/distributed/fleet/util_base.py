"""fleet.util (a UtilBase): small collectives on Python numbers and arrays over the workers, and the file shard
each worker reads. With one worker the values come back as given, as in Paddle's CPU build."""
import numpy as np

from .. import group as _group
from ..process_group import MAX, MIN, SUM

__all__ = ["UtilBase"]

_MODES = {"sum": SUM, "min": MIN, "max": MAX}


class UtilBase:
    """Utilities over fleet's workers (`fleet.util` after fleet.init).

    Examples:
        .. code-block:: python

            >>> import paddle.distributed.fleet as fleet
            >>> fleet.init(is_collective=True)
            >>> fleet.util.get_file_shard(["a", "b", "c"])
            ['a', 'b', 'c']
    """

    def _fleet(self):
        from .fleet_base import fleet
        return fleet

    def _group(self, comm_world):
        if comm_world not in ("worker", "server", "all"):
            raise ValueError(f"comm_world must be 'worker', 'server' or 'all', but received {comm_world!r}")
        g = _group.get_group(0)
        return g if g is not None and g.nranks > 1 else None

    def all_reduce(self, input, mode="sum", comm_world="worker"):  # noqa: A002
        """`input` (numbers or an array) reduced over the workers by `mode` ('sum', 'min', 'max')."""
        if mode not in _MODES:
            raise ValueError(f"mode must be 'sum', 'min' or 'max', but received {mode!r}")
        g = self._group(comm_world)
        if g is None:
            return input
        a = np.array(input, copy=True)
        g.process_group.all_reduce(a, _MODES[mode])
        return a

    def barrier(self, comm_world="worker"):
        """Wait for every worker."""
        g = self._group(comm_world)
        if g is not None:
            g.process_group.barrier()

    def all_gather(self, input, comm_world="worker"):  # noqa: A002
        """[every worker's `input`], in rank order."""
        g = self._group(comm_world)
        if g is None:
            return input
        return g.process_group.all_gather_object(input)

    def get_file_shard(self, files):
        """This worker's consecutive share of `files` (the first len(files) % workers workers get one more)."""
        if not isinstance(files, list):
            raise TypeError("files should be a list of file need to be read.")
        fleet = self._fleet()
        rank, workers = fleet.worker_index(), fleet.worker_num()
        block, extra = divmod(len(files), workers)
        begin = rank * block + min(rank, extra)
        return files[begin:begin + block + (1 if rank < extra else 0)]

    def print_on_rank(self, message, rank_id):
        """Print `message` on worker `rank_id` only."""
        if self._fleet().worker_index() == rank_id:
            print(message)
