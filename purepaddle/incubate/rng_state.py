"""paddle.incubate's random states by index: the generator keeps several states, one of them live.

register_rng_state_as_index clones the live state into a new slot and makes it the live one; set_rng_state with
use_index=True parks the live state in its slot and resumes the chosen one, so each slot draws its own stream on.
"""
from .._core.generator import default_generator
from ..framework import random as _random

__all__ = ["get_rng_state", "set_rng_state", "register_rng_state_as_index"]

_slots = [None]  # parked states by index; the live index's entry is stale while it is live
_live = [0]


def get_rng_state(device=None, use_index=False):
    """The generator states (as paddle.get_rng_state), or with use_index the live state's index.

    Args:
        device (str, optional): the device whose generators are read; None: the current one.
        use_index (bool, optional): return the indices of the live states instead of the states. Default: False.

    Returns:
        list: one state (or one int index) per generator of the device; purepaddle has one generator.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.incubate.get_rng_state(use_index=True)
            [0]
    """
    states = _random.get_rng_state(device)  # checks the device
    return [_live[0]] if use_index else states


def set_rng_state(state_list, device=None, use_index=False):
    """Restore states taken by get_rng_state, or with use_index switch the generator to the indexed state.

    Args:
        state_list (list): states (or int indices with use_index), one per generator of the device.
        device (str, optional): the device whose generators are set; None: the current one.
        use_index (bool, optional): state_list holds indices from get_rng_state / register_rng_state_as_index.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> index = paddle.incubate.get_rng_state(use_index=True)
            >>> paddle.incubate.set_rng_state(index, use_index=True)
    """
    if not use_index:
        return _random.set_rng_state(state_list, device)
    _random.get_rng_state(device)  # checks the device
    if len(state_list) != 1:
        raise ValueError("Length of cpu state list should be equal to 1")
    index = int(state_list[0])
    if not 0 <= index < len(_slots):
        raise ValueError(f"The rng state index {index} is not registered (there are {len(_slots)} states).")
    gen = default_generator()
    _slots[_live[0]] = gen.get_state()
    gen.set_state(_slots[index])
    _live[0] = index


def register_rng_state_as_index(state_list=None, device=None):
    """Clone the live random state into a new index and make it live; the old index keeps its own stream.

    Args:
        state_list (list, optional): unused (Paddle's signature).
        device (str, optional): the device whose generators are cloned; None: the current one.

    Returns:
        list: the new index, one per generator of the device.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> old = paddle.incubate.get_rng_state(use_index=True)
            >>> new = paddle.incubate.register_rng_state_as_index()
            >>> paddle.incubate.set_rng_state(old, use_index=True)
    """
    _random.get_rng_state(device)  # checks the device
    state = default_generator().get_state()
    _slots[_live[0]] = state
    _slots.append(state)
    _live[0] = len(_slots) - 1
    return [_live[0]]
