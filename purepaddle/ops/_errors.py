"""Paddle's kernel errors, raised inside op forwards: the exception type and message Paddle's C++ kernel gives.

The public functions re-raise an exception marked `paddle_kernel` unwrapped (no op/shape preamble).
"""


def kernel_error(cls, msg):
    """An exception carrying Paddle's own kernel message; the public functions re-raise it unwrapped."""
    e = cls(msg)
    e.paddle_kernel = True
    return e


def OutOfRange(msg):  # noqa: N802  (reads like the exception it makes)
    """Paddle's (OutOfRange) kernel error: an IndexError."""
    return kernel_error(IndexError, msg)


def InvalidArgument(msg):  # noqa: N802
    """Paddle's (InvalidArgument) kernel error: a ValueError."""
    return kernel_error(ValueError, msg)


def PreconditionNotMet(msg):  # noqa: N802
    """Paddle's (PreconditionNotMet) kernel error: a RuntimeError."""
    return kernel_error(RuntimeError, msg)
