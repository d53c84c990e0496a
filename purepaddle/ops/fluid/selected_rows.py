"""Selected-rows ops: get_tensor_from_selected_rows (a SelectedRows' dense value) and merge_selected_rows
(duplicate rows summed).
"""
import numpy as np

from ..._core.op import Op, TensorMeta, register


# -- selected rows -------------------------------------------------------------------------------
@register("get_tensor_from_selected_rows")
class GetTensorFromSelectedRows(Op):
    """The value tensor of a SelectedRows (its rows' data); a dense input passes through as a copy."""

    differentiable = False

    def forward(self, xp, x):
        return np.array(x)  # a rows array (a scope's SelectedRows) becomes its plain [rows, ...] values

    def infer_meta(self, x):
        return TensorMeta([-1] + list(x.shape[1:]) if x.shape else [], x.dtype)


@register("merge_selected_rows")
class MergeSelectedRows(Op):
    """A SelectedRows with its duplicated rows summed (a dense value passes through)."""

    differentiable = False

    def forward(self, xp, x):
        rows = getattr(x, "rows", None)
        if rows is None:
            return x.copy()
        uniq, inv = np.unique(np.asarray(rows, np.int64), return_inverse=True)
        vals = np.zeros((len(uniq),) + x.shape[1:], x.dtype)
        np.add.at(vals, inv, np.asarray(x))
        out = vals.view(type(x))
        out.rows, out.height = [int(r) for r in uniq], x.height
        return out

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)
