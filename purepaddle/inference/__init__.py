"""paddle.inference: load a saved inference model, optimise its graph, and run it with a Predictor."""
from .. import version as _version
from . import fused_ops  # noqa: F401  (registers fc and fused_conv2d_add_act)
from .config import Config
from .enums import DataType, PlaceType, PrecisionType, get_num_bytes_of_data_type
from .predictor import Predictor, PredictorPool, Tensor, create_predictor
from .profiler import ProfileReport

__all__ = ["Config", "DataType", "PlaceType", "PrecisionType", "Tensor", "Predictor", "create_predictor",
           "get_version", "convert_to_mixed_precision", "get_num_bytes_of_data_type", "PredictorPool",
           "ProfileReport"]


def get_version():
    """The version text of the inference library.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> print(paddle.inference.get_version().splitlines()[0])
            version: 3.3.1
    """
    return f"version: {_version.full_version}\ncommit: {_version.commit}\nbranch: HEAD\n"


def convert_to_mixed_precision(model_file, params_file, mixed_model_file, mixed_params_file, mixed_precision,
                               backend, keep_io_types=True, black_list=set(), **kwargs):
    """Convert an fp32 model to mixed precision: not available in purepaddle (see the error).

    Paddle converts for GPU/XPU/custom devices only and refuses PlaceType.CPU with a ValueError;
    purepaddle runs on CPU only, so every backend is refused.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> half, cpu = paddle.inference.PrecisionType.Half, paddle.inference.PlaceType.CPU
            >>> paddle.inference.convert_to_mixed_precision('m.pdmodel', 'm.pdiparams', 'h.pdmodel',
            ...     'h.pdiparams', half, cpu)
            Traceback (most recent call last):
            ...
            ValueError: (InvalidArgument) mixed_precision currently not supported place GPU or XPU or CUSTOM, not support CPU.
    """
    if not isinstance(mixed_precision, PrecisionType) or not isinstance(backend, PlaceType):
        raise TypeError("convert_to_mixed_precision(): mixed_precision must be a paddle.inference.PrecisionType and "
                        "backend a paddle.inference.PlaceType")
    if backend == PlaceType.CPU:
        raise ValueError("(InvalidArgument) mixed_precision currently not supported place GPU or XPU or CUSTOM, "
                         "not support CPU.")
    raise NotImplementedError(f"convert_to_mixed_precision(): backend {backend} needs a device purepaddle does not "
                              "have (it runs on CPU only); the fp32 model runs as it is with "
                              "paddle.inference.create_predictor.")
