"""paddle.nn.attention: choose the backends scaled_dot_product_attention may use. purepaddle computes attention
with one backend, MATH (the plain softmax(QK^T)V formula, on any device); a block that allows only the fused
kernels gets Paddle's RuntimeError on a machine where those do not exist (as a CPU build of Paddle does)."""
import contextlib
import enum
import threading

__all__ = ["SDPBackend", "sdpa_kernel"]


class SDPBackend(enum.IntEnum):
    """The backends of scaled_dot_product_attention (Paddle's values).

    Examples:
        .. code-block:: python

            >>> from paddle.nn.attention import SDPBackend
            >>> int(SDPBackend.MATH), int(SDPBackend.FLASH_ATTENTION)
            (0, 1)
    """
    ERROR = -1
    MATH = 0
    FLASH_ATTENTION = 1
    EFFICIENT_ATTENTION = 2


_LOCAL = threading.local()  # the allowed backends of the calling thread's innermost sdpa_kernel block


def math_backend_allowed():
    """Whether the calling thread's sdpa_kernel block (if any) allows the MATH backend, the only one purepaddle
    has."""
    allowed = getattr(_LOCAL, "backends", None)
    return allowed is None or SDPBackend.MATH in allowed


@contextlib.contextmanager
def sdpa_kernel(backends, set_priority=False):
    """Inside the block, scaled_dot_product_attention may use only `backends`.

    Args:
        backends (SDPBackend|list[SDPBackend]): The allowed backend or backends.
        set_priority (bool, optional): Whether the list order is a priority order. Default False (purepaddle has
            one backend, so the order changes nothing).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.nn.attention import SDPBackend, sdpa_kernel
            >>> q = paddle.rand([2, 4, 8, 16])
            >>> with sdpa_kernel([SDPBackend.MATH, SDPBackend.EFFICIENT_ATTENTION]):
            ...     out = paddle.nn.functional.scaled_dot_product_attention(q, q, q)
            >>> print(out.shape)
            paddle.Size([2, 4, 8, 16])
    """
    chosen = list(backends) if isinstance(backends, (list, tuple)) else [backends]
    if not all(isinstance(b, SDPBackend) for b in chosen):
        raise AssertionError("Backend must be an instance of SDPBackend or a list of SDPBackend instances")
    if not chosen:
        raise ValueError("At least one backend must be specified")
    previous = getattr(_LOCAL, "backends", None)
    _LOCAL.backends = frozenset(chosen)
    try:
        yield
    finally:
        _LOCAL.backends = previous
