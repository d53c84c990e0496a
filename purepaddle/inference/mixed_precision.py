"""convert_to_mixed_precision: rewriting an fp32 model file into mixed precision, which needs a GPU/XPU/custom
device (Paddle refuses the CPU), so purepaddle refuses every backend with Paddle's errors."""
from .enums import PlaceType, PrecisionType

__all__ = ["convert_to_mixed_precision"]


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
