"""paddle.device's seed and generator-state functions (one generator serves every device in purepaddle)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core._typing import PlaceLike
    from typing import Any

from .._core.generator import default_generator

__all__ = ["manual_seed", "manual_seed_all", "get_rng_state", "set_rng_state"]


def manual_seed(seed: int) -> None:
    """Seed the random generator (purepaddle has one, for every device).

    Args:
        seed (int): The seed.

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.device.manual_seed(7)
            >>> a = paddle.rand([2])
            >>> paddle.device.manual_seed(7)
            >>> bool((paddle.rand([2]) == a).all())
            True
    """
    default_generator().manual_seed(int(seed))


def get_rng_state(device: PlaceLike | int | None = None) -> Any:
    """The random generator's state (a GeneratorState), for set_rng_state.

    Args:
        device (str|Place|None, optional): Accepted for Paddle's signature; purepaddle has one generator.

    Returns:
        GeneratorState: The state.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> state = paddle.device.get_rng_state()
            >>> a = paddle.rand([2])
            >>> paddle.device.set_rng_state(state)
            >>> bool((paddle.rand([2]) == a).all())
            True
    """
    return default_generator().get_state()


def set_rng_state(new_state: Any, device: PlaceLike | int | None = None) -> None:
    """Restore a state taken by get_rng_state: the next draws repeat.

    Args:
        new_state (GeneratorState): The state.
        device (str|Place|None, optional): Accepted for Paddle's signature.

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> state = paddle.cuda.get_rng_state()
            >>> a = paddle.rand([2])
            >>> paddle.cuda.set_rng_state(state)
            >>> bool((paddle.rand([2]) == a).all())
            True
    """
    default_generator().set_state(new_state)


def manual_seed_all(seed):
    """Seed the generators of every device: purepaddle has one, so this is manual_seed.

    Args:
        seed (int): The seed.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.device.manual_seed_all(102)
    """
    manual_seed(seed)
