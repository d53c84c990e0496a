"""paddle.pir_utils: guards that pick Paddle's program IR, and the PIR mode queries (paddle.framework.in_pir_mode).

purepaddle builds static programs in the legacy ProgramDesc IR; PIR programs exist as model files only: jit.save
and save_inference_model write PIR `.json` models under FLAGS_enable_pir_api (Paddle 3's default), and every
loader reads them (translated into legacy programs)."""
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
    """Build programs in Paddle's PIR: not available in purepaddle, which builds legacy ProgramDesc programs.

    Raises NotImplementedError on entry, so a script that needs PIR program semantics (pir.Value) fails
    loudly instead of silently building a legacy program. PIR model files need no guard: jit.save and
    save_inference_model write `.json` models under FLAGS_enable_pir_api, and the loaders read them.
    """

    def __enter__(self):
        raise NotImplementedError("paddle.pir_utils.IrGuard: purepaddle builds static programs in Paddle's legacy "
                                  "ProgramDesc IR (pir.Value and PIR program building are not implemented); PIR "
                                  "model files (.json) are read and written without the guard. Build the program "
                                  "without the guard, or use paddle.pir_utils.OldIrGuard.")

    def __exit__(self, *exc):
        return False


DygraphPirGuard = IrGuard


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
