"""Which program IR is being built: paddle.framework.in_pir_mode and in_dynamic_or_pir_mode (purepaddle builds
legacy ProgramDesc programs only; PIR exists as model files, read and written by paddle.static.pir)."""
from .._core.mode import in_dynamic_mode

__all__ = ["in_pir_mode", "in_dynamic_or_pir_mode"]


def in_pir_mode():
    """Whether programs are built in Paddle's PIR form: never in purepaddle, which builds legacy ProgramDesc
    programs (PIR exists there as model files only).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.framework.in_pir_mode()
            False
    """
    return False


def in_dynamic_or_pir_mode():
    """True in dynamic mode (purepaddle builds no PIR programs).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.framework.in_dynamic_or_pir_mode()
            True
    """
    return in_dynamic_mode()
