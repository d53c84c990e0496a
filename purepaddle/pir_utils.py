"""paddle.pir_utils: guards that pick Paddle's program IR, and the PIR mode queries (paddle.framework.in_pir_mode);
purepaddle builds legacy ProgramDesc programs only."""
from ._core.mode import in_dynamic_mode

__all__ = ["OldIrGuard", "DygraphOldIrGuard", "IrGuard", "DygraphPirGuard"]


class OldIrGuard:
    """Build programs in the legacy ProgramDesc IR inside the block: what purepaddle always does.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> with paddle.pir_utils.OldIrGuard():
            ...     print(paddle.framework.in_pir_mode())
            False
    """

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


DygraphOldIrGuard = OldIrGuard


class IrGuard:
    """Switch to Paddle's PIR: not available in purepaddle, which follows the legacy ProgramDesc IR.

    Raises NotImplementedError on entry, so a script that needs PIR semantics (pir.Value,
    `.json` programs) fails loudly instead of silently building a legacy program.
    """

    def __enter__(self):
        raise NotImplementedError("paddle.pir_utils.IrGuard: purepaddle builds static programs in Paddle's legacy "
                                  "ProgramDesc IR only (FLAGS_enable_pir_api=0); PIR is not implemented. Build the "
                                  "program without the guard, or use paddle.pir_utils.OldIrGuard.")

    def __exit__(self, *exc):
        return False


DygraphPirGuard = IrGuard


def in_pir_mode():
    """Whether programs are built in Paddle's PIR form: never in purepaddle (legacy ProgramDesc only).

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
