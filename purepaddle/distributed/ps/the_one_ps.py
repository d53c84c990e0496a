"""Paddle's `paddle.distributed.ps.the_one_ps` table descriptions (internals of Paddle's PS runtime).

Paddle builds a protobuf description of each server table from them before its C++ servers start.
purepaddle's servers are Python (`tables.py`, `server.py`) and need no description: these classes keep
Paddle's names, constructor arguments and attributes, and `_set(proto)` writes the fields they decide
(table_id, table_class, type, shard_num) onto any object, so code that builds or inspects them runs.
"""

__all__ = ["Table", "BarrierTable", "TensorTable", "SparseTable", "GeoSparseTable", "DenseTable"]


class Table:
    """A server table's description: its class, type and number of shards.

    Examples:
        .. code-block:: python

            >>> from paddle.distributed.ps.the_one_ps import Table
            >>> Table().shard_num
            256
    """

    kind = None  # Paddle's table type name (PS_SPARSE_TABLE, PS_DENSE_TABLE, PS_OTHER_TABLE)

    def __init__(self):
        self.table_class = None
        self.type = None
        self.shard_num = 256
        self.tensor = None

    def _fields(self):
        """{field: value} this table writes onto a table description (none for the base class)."""
        return {}

    def _set(self, table_proto):
        """Write this table's fields onto `table_proto` (any object that takes attributes)."""
        for name, value in self._fields().items():
            setattr(table_proto, name, value)


class BarrierTable(Table):
    """The table workers synchronise on (fleet.barrier_worker); `context` holds `is_sync`.

    Examples:
        .. code-block:: python

            >>> from types import SimpleNamespace
            >>> from paddle.distributed.ps.the_one_ps import BarrierTable
            >>> proto = SimpleNamespace()
            >>> BarrierTable({"is_sync": True, "is_heter_ps_mode": False, "role_maker": None}, 3)._set(proto)
            >>> proto.table_id, proto.table_class
            (3, 'BarrierTable')
    """

    kind = "PS_OTHER_TABLE"

    def __init__(self, context, idx):
        super().__init__()
        self.idx = idx
        self.is_sync = context.get("is_sync", False)
        self.is_heter_ps_mode = context.get("is_heter_ps_mode", False)
        self.role_maker = context.get("role_maker")

    def _fields(self):
        return {"table_id": self.idx, "table_class": "BarrierTable", "shard_num": self.shard_num, "type": self.kind}


class TensorTable(Table):
    """A table holding one tensor (`tensor_dict`: its `feed_var_name`, `tensor_table_class`, ...).

    Examples:
        .. code-block:: python

            >>> from paddle.distributed.ps.the_one_ps import TensorTable
            >>> TensorTable(1, {"feed_var_name": "lr"}, None).tensor_dict["feed_var_name"]
            'lr'
    """

    kind = "PS_OTHER_TABLE"

    def __init__(self, idx, tensor_dict, role_maker):
        super().__init__()
        self.idx, self.tensor_dict, self.role_maker = idx, dict(tensor_dict), role_maker

    def _fields(self):
        return {"table_id": self.idx, "type": self.kind,
                "table_class": self.tensor_dict.get("tensor_table_class", "")}


class _CommTable(Table):
    """A table described by Paddle's send context (`send_ctx`: table_id(), is_sparse(), ...)."""

    sparse = None

    def __init__(self, context, send_ctx):
        super().__init__()
        self.context, self.ctx = context, send_ctx

    def _fields(self):
        ctx = self.ctx
        if ctx is None or bool(ctx.is_sparse()) != self.sparse:
            return {}
        return {"table_id": ctx.table_id(), "table_class": self.table_class, "type": self.kind,
                "shard_num": self.shard_num}


class SparseTable(_CommTable):
    """A sparse (embedding) table: rows by id, sharded over the servers (purepaddle's: ps/tables.py SparseTable).

    Examples:
        .. code-block:: python

            >>> from paddle.distributed.ps.the_one_ps import SparseTable
            >>> SparseTable({}, None).table_class
            'MemorySparseTable'
    """

    kind, sparse = "PS_SPARSE_TABLE", True

    def __init__(self, context, send_ctx):
        super().__init__(context, send_ctx)
        self.table_class = "MemorySparseTable"


class GeoSparseTable(SparseTable):
    """The sparse table of geo mode (`context['ps_mode']` must be geo, as in Paddle).

    Examples:
        .. code-block:: python

            >>> from paddle.distributed.ps.the_one_ps import GeoSparseTable
            >>> GeoSparseTable({"ps_mode": "geo"}, None).table_class
            'MemorySparseGeoTable'
    """

    def __init__(self, context, send_ctx):
        super().__init__(context, send_ctx)
        self.table_class = "MemorySparseGeoTable"
        if str(getattr(context.get("ps_mode"), "name", context.get("ps_mode"))).lower() not in ("geo", "2"):
            raise ValueError("not geo sparse table!")


class DenseTable(_CommTable):
    """The dense parameters' table (purepaddle places each dense parameter whole on one server).

    Examples:
        .. code-block:: python

            >>> from paddle.distributed.ps.the_one_ps import DenseTable
            >>> DenseTable({}, None).table_class
            'MemoryDenseTable'
    """

    kind, sparse = "PS_DENSE_TABLE", False

    def __init__(self, context, send_ctx):
        super().__init__(context, send_ctx)
        self.table_class = "MemoryDenseTable"
