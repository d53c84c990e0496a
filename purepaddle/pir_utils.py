"""paddle.pir_utils: guards that pick Paddle's program IR, and the PIR mode queries (paddle.framework.in_pir_mode).

purepaddle builds static programs in the legacy ProgramDesc IR; PIR programs exist as model files only: jit.save
and save_inference_model write PIR `.json` models under FLAGS_enable_pir_api (Paddle 3's default), and every
loader reads them (translated into legacy programs)."""
from .framework.flags import get_flags, set_flags
from .framework.ir_mode import in_dynamic_or_pir_mode, in_pir_mode  # noqa: F401  (paddle.pir_utils has them)

__all__ = ["OldIrGuard", "DygraphOldIrGuard", "IrGuard", "DygraphPirGuard"]


class OldIrGuard:
    """Build programs in the legacy ProgramDesc IR inside the block: what purepaddle always does; as in Paddle,
    FLAGS_enable_pir_api is off inside it, so jit.save and save_inference_model write `.pdmodel` files there.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> with paddle.pir_utils.OldIrGuard():
            ...     print(paddle.framework.in_pir_mode())
            False
    """

    def __enter__(self):
        self._was = get_flags("FLAGS_enable_pir_api")["FLAGS_enable_pir_api"]
        set_flags({"FLAGS_enable_pir_api": False})
        return self

    def __exit__(self, *exc):
        set_flags({"FLAGS_enable_pir_api": self._was})
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
