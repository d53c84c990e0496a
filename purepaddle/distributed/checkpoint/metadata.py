"""The metadata of a distributed checkpoint, in Paddle's on-disk form.

`{id}.metadata` is a pickle of Metadata(state_dict_metadata, storage_metadata, flat_mapping): per key the pieces
saved (LocalTensorMetadata: global offset, local shape, dtype, global shape), per piece (LocalTensorIndex) the
`{rank}_{id}.distcp` file that holds it, and per flat key the path of nested keys it came from. Real Paddle pickles
these classes under `paddle.distributed.flex_checkpoint.dcp.metadata`; both directions go through PICKLED_NAMES
so that a checkpoint moves between purepaddle and Paddle unchanged.
"""
import io
import pickle
from dataclasses import dataclass

__all__ = ["LocalTensorMetadata", "LocalTensorIndex", "Metadata", "dumps", "loads"]

PADDLE_MODULE = "paddle.distributed.flex_checkpoint.dcp.metadata"


@dataclass(frozen=True)
class LocalTensorMetadata:
    """Where one saved piece lies in its tensor: offset, shape, dtype name, and the whole tensor's shape."""

    global_offset: tuple
    local_shape: tuple
    dtype: str
    global_shape: tuple = None
    is_flattened: bool = False
    flattened_range: tuple = None


@dataclass(frozen=True)
class LocalTensorIndex:
    """The identity of one saved piece: its key and offset (and, with save_replicas, which copy it is)."""

    tensor_key: str
    global_offset: tuple
    is_flattened: bool = False
    flattened_range: tuple = None
    replica_id: int = None
    local_shape: tuple = None


@dataclass
class Metadata:
    """The index of a checkpoint: pieces per key, file per piece, nested key path per flat key."""

    state_dict_metadata: dict = None
    storage_metadata: dict = None
    flat_mapping: dict = None


PICKLED_NAMES = {cls: (PADDLE_MODULE, cls.__name__) for cls in (LocalTensorMetadata, LocalTensorIndex, Metadata)}
_BY_NAME = {name: cls for cls, name in PICKLED_NAMES.items()}


class _Pickler(pickle._Pickler):
    """Writes the metadata classes under Paddle's module path (the rest as pickle does)."""

    def save_global(self, obj, name=None):
        if obj in PICKLED_NAMES and self.proto >= 4:
            module, qualname = PICKLED_NAMES[obj]
            self.save(module)
            self.save(qualname)
            self.write(pickle.STACK_GLOBAL)
            self.memoize(obj)
            return
        super().save_global(obj, name)


class _Unpickler(pickle.Unpickler):
    """Reads Paddle's (and purepaddle's) metadata classes as these ones."""

    def find_class(self, module, name):
        if (module, name) in _BY_NAME:
            return _BY_NAME[(module, name)]
        if module == __name__ and name in ("LocalTensorMetadata", "LocalTensorIndex", "Metadata"):
            return globals()[name]
        return super().find_class(module, name)


def dumps(metadata):
    """Metadata as the bytes of a `.metadata` file (pickle protocol 4, Paddle's class paths)."""
    buf = io.BytesIO()
    _Pickler(buf, protocol=4).dump(metadata)
    return buf.getvalue()


def loads(data):
    """A `.metadata` file's bytes as Metadata."""
    return _Unpickler(io.BytesIO(data)).load()
