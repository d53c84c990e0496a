"""paddle.seed and the random-state functions over the global generator (CUDA states on CPU: none)."""

from __future__ import annotations

from .._core.generator import default_generator
from .._core.place import CUDAPlace, convert_place, current_place, is_compiled_with_cuda


def seed(seed: int) -> Generator:
    """Seed the global generator and return it.

    Args:
        seed (int): The seed of the default random generator.

    Returns:
        Generator: the default CPU random generator, now seeded.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> gen = paddle.seed(102)
            >>> gen.initial_seed()
            102
    """
    return default_generator().manual_seed(int(seed))


manual_seed = seed  # paddle.manual_seed: the same function under torch's name


def _check_device(device):
    if device is None:
        return current_place()
    if isinstance(device, str) and device.lower().startswith("gpu") and not is_compiled_with_cuda():
        raise ValueError(f"The device should not be '{device}', since PaddlePaddle is not compiled with CUDA")
    return convert_place(device)


def get_rng_state(device=None):
    """The states of the device's generators: a one-element list (purepaddle has one generator).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> state = paddle.get_rng_state()
            >>> a = paddle.rand([2])
            >>> paddle.set_rng_state(state)
            >>> bool((paddle.rand([2]) == a).all())
            True
    """
    _check_device(device)
    return [default_generator().get_state()]


def set_rng_state(state_list, device=None):
    """Restore generator states taken by get_rng_state: the next draws repeat.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.set_rng_state(paddle.get_rng_state())
    """
    place = _check_device(device)
    if len(state_list) != 1:
        kind = "gpu" if isinstance(place, CUDAPlace) else "cpu"
        raise ValueError(f"Length of {kind} state list should be equal to 1")
    default_generator().set_state(state_list[0])


def get_cuda_rng_state():
    """The CUDA generators' states: an empty list when there is no CUDA device.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.get_cuda_rng_state()
            []
    """
    if is_compiled_with_cuda():
        return [default_generator().get_state()]
    return []


def set_cuda_rng_state(state_list):
    """Restore CUDA generator states (a no-op for the empty list a CPU machine returns).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.set_cuda_rng_state(paddle.get_cuda_rng_state())
    """
    expected = len(get_cuda_rng_state())
    if len(state_list) != expected:
        raise ValueError("Length of gpu state list should be equal to the gpu device count")
    for s in state_list:
        default_generator().set_state(s)


def Generator(device=None):  # noqa: N802  (a class in Paddle; it hands out the device's generator)
    """The generator of `device` (the global CPU generator).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.Generator() is paddle.seed(1)
            True
    """
    _check_device(device)
    return default_generator()


__all__ = ["seed", "get_rng_state", "set_rng_state", "get_cuda_rng_state", "set_cuda_rng_state", "Generator"]
