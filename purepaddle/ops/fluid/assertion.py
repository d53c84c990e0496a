"""assert, the op static.nn.control_flow.Assert appends: fails the run when Cond is false."""
import numpy as np

from ..._core.op import Op, register


# -- assert --------------------------------------------------------------------------------------
@register("assert")
class Assert(Op):
    """Raise ValueError when Cond (one bool) is false, after printing the first `summarize` values of
    each Data tensor in the print op's format."""

    inputs, outputs = ("Cond", "Data"), ()
    duplicable = ("Data",)
    differentiable = False
    names = None

    def bind(self, op):
        """Executor hook: the names of Cond and Data (the error and the printout name them)."""
        self.names = (op.input("Cond")[0], op.input("Data"))

    def forward(self, xp, cond, data):
        c = np.asarray(cond)
        if c.size != 1:
            raise ValueError(f"(InvalidArgument) The numel of Input(Condition) of AssertOp must be 1. But now "
                             f"the Condition's shape is {list(c.shape)}.")
        if bool(c.reshape(-1)[0]):
            return None
        from ...static.control_flow import _print_tensor
        cond_name, data_names = self.names or ("Cond", [f"Data[{i}]" for i in range(len(data))])
        for name, arr in zip(data_names, data or []):
            _print_tensor(name, arr, {"summarize": self.attrs.get("summarize", 20)})
        err = ValueError(f"(InvalidArgument) The condition variable '{cond_name}' of AssertOp must be true, but "
                         "received false")
        err.paddle_kernel = True
        raise err

    def infer_meta(self, cond, data):
        return None
