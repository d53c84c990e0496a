"""The operator mixin shared by eager Tensor and static Variable; floor 4 binds its ops here."""


class TensorMethods:
    """Methods and operators common to Tensor and Variable.

    The public functions (`add`, `matmul`, `reshape`, ...) live on a higher floor, so they
    are bound onto this class by `bind_methods` when that floor is imported; `_core` never
    imports them.
    """

    __slots__ = ()
    __array_ufunc__ = None  # numpy defers: `ndarray + tensor` calls tensor.__radd__

    def __hash__(self):
        return id(self)


def bind_methods(table):
    """Install {method_name: function} on TensorMethods (called once by floor 4)."""
    for name, func in table.items():
        setattr(TensorMethods, name, func)
