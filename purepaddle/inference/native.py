"""The fluid-era inference data classes paddle.base.core still binds: PaddleTensor (a named array with LoD),
PaddleBuf (its bytes) and NativeConfig (the settings of the old native predictor)."""
import numpy as np

from .enums import PaddleDType

__all__ = ["PaddleBuf", "PaddleTensor", "NativeConfig"]

# PaddleTensor's constructor takes exactly these array types (Paddle binds one overload per type, no casting)
_TYPES = {np.dtype(np.int32): PaddleDType.INT32, np.dtype(np.int64): PaddleDType.INT64,
          np.dtype(np.float32): PaddleDType.FLOAT32}
_NP = {"int32": np.int32, "int64": np.int64, "float32": np.float32}


class PaddleBuf:
    """The bytes of a PaddleTensor."""

    def __init__(self, array=None):
        self._array = np.zeros(0, np.float32) if array is None else np.ascontiguousarray(array)

    def length(self):
        """The size in bytes."""
        return int(self._array.nbytes)

    def empty(self):
        return self._array.size == 0

    def reset(self, data):
        """Hold a copy of `data` (an array or a list of floats)."""
        self._array = np.array(data, dtype=None if isinstance(data, np.ndarray) else np.float32)

    def resize(self, length):
        """Keep `length` bytes (zero-filled when growing)."""
        raw = np.zeros(length, np.uint8)
        old = self._array.view(np.uint8).reshape(-1)[:length]
        raw[:old.size] = old
        self._array = raw

    def tolist(self, dtype):
        """The bytes read as `dtype` ('int32', 'int64' or 'float32'), a flat list."""
        return np.frombuffer(self._array.tobytes(), dtype=_NP[dtype]).tolist()

    def float_data(self):
        return self.tolist("float32")

    def int32_data(self):
        return self.tolist("int32")

    def int64_data(self):
        return self.tolist("int64")


class PaddleTensor:
    """A named int32 / int64 / float32 array with LoD, the feed and fetch unit of the fluid-era predictor.

    Args:
        data (numpy.ndarray, optional): int32, int64 or float32 values (other types are refused, as Paddle's
            binding refuses them). Without it: an empty float32 tensor.
        name (str, optional): the feed name. Default ''.
        lod (list, optional): the LoD offsets. Default [].
        copy (bool, optional): copy `data` (always, here). Default True.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> from paddle.base import core
            >>> t = core.PaddleTensor(np.arange(6, dtype='int64').reshape(2, 3), 'x')
            >>> t.name, t.shape, t.dtype
            ('x', [2, 3], <PaddleDType.INT64: 1>)
            >>> t.data.tolist('int64')
            [0, 1, 2, 3, 4, 5]
    """

    def __init__(self, data=None, name="", lod=None, copy=True):
        if data is None:
            self.name, self.shape, self.dtype, self.lod, self.data = "", [], PaddleDType.FLOAT32, [], PaddleBuf()
            return
        arr = np.asarray(data) if isinstance(data, np.ndarray) else None
        if arr is None or arr.dtype not in _TYPES:
            raise TypeError("__init__(): incompatible constructor arguments: PaddleTensor takes a numpy.ndarray "
                            f"of int32, int64 or float32, not {type(data).__name__}"
                            + (f" of {arr.dtype}" if arr is not None else ""))
        self.name = name
        self.shape = list(arr.shape)
        self.dtype = _TYPES[arr.dtype]
        self.lod = [list(level) for level in (lod or [])]
        self.data = PaddleBuf(arr.copy())

    def as_ndarray(self):
        """The values as an array of the tensor's shape and dtype."""
        np_type = {v: k for k, v in _TYPES.items()}[self.dtype]
        return np.frombuffer(self.data._array.tobytes(), dtype=np_type).reshape(self.shape).copy()


class NativeConfig:
    """The settings of the fluid-era native predictor (model files, device, threads); paddle.inference.Config is
    the predictor's configuration now.

    Examples:
        .. code-block:: python

            >>> from paddle.base import core
            >>> config = core.NativeConfig()
            >>> config.model_dir = './model'
            >>> config.set_cpu_math_library_num_threads(2)
            >>> config.cpu_math_library_num_threads(), config.use_gpu
            (2, False)
    """

    def __init__(self):
        self.model_dir = ""
        self.prog_file = ""
        self.param_file = ""
        self.use_gpu = False
        self.use_xpu = False
        self.device = 0
        self.fraction_of_gpu_memory = -1.0
        self.specify_input_name = False
        self._threads = 1

    def set_cpu_math_library_num_threads(self, num):
        self._threads = int(num)

    def cpu_math_library_num_threads(self):
        return self._threads
