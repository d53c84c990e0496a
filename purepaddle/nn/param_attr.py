"""ParamAttr and WeightNormParamAttr: how a Layer creates one parameter (name, initializer, lr, ...)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle.nn.initializer.base import Initializer

from .._core.dispatch import building_program
from ._regularizer import WeightDecayRegularizer

__all__ = []


def _check_type(value, arg, types, api):
    """Paddle's check_type: only enforced while building a static program (dygraph skips it)."""
    if building_program() and not isinstance(value, types):
        want = types if not isinstance(types, tuple) or len(types) > 1 else types[0]
        raise TypeError(f"The type of '{arg}' in {api} must be {want}, but received {type(value)}. ")


def _initializer_cls():
    from .initializer.base import Initializer
    return Initializer


class ParamAttr:
    """Attributes of a parameter: name, initializer, learning-rate scale, regularizer, trainable, clipping.

    `learning_rate` multiplies the optimizer's rate for this parameter (0 freezes it while its
    gradient is still computed); `trainable=False` creates it with stop_gradient=True;
    `need_clip=False` exempts it from gradient clipping.

    Args:
        name (str|None, optional): The name of the parameter; None makes a unique one. Default: None.
        initializer (Initializer|None, optional): How the parameter's first value is drawn; None means the
            layer's default. Default: None.
        learning_rate (float, optional): A factor on the optimizer's learning rate for this parameter.
            Default: 1.0.
        regularizer (WeightDecayRegularizer|None, optional): The weight decay of this parameter; it overrides
            the optimizer's. Default: None.
        trainable (bool, optional): Whether the optimizer updates the parameter. Default: True.
        do_model_average (bool, optional): Whether model averaging includes the parameter. Default: True.
        need_clip (bool, optional): Whether gradient clipping applies to the parameter. Default: True.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> weight_attr = paddle.ParamAttr(name="weight", learning_rate=0.5,
            ...                                regularizer=paddle.regularizer.L2Decay(1.0), trainable=True)
            >>> print(weight_attr.name)
            weight
            >>> paddle.nn.Linear(3, 4, weight_attr=weight_attr).weight.name
            'weight'
    """

    def __init__(self, name: str | None = None, initializer: Initializer | None = None,
                 learning_rate: float = 1.0, regularizer: WeightDecayRegularizer | None = None,
                 trainable: bool = True, do_model_average: bool = True, need_clip: bool = True) -> None:
        _check_type(name, "name", (str, type(None)), "ParamAttr")
        _check_type(learning_rate, "learning_rate", (float, int), "ParamAttr")
        _check_type(trainable, "trainable", bool, "ParamAttr")
        _check_type(do_model_average, "do_model_average", bool, "ParamAttr")
        _check_type(need_clip, "need_clip", bool, "ParamAttr")
        _check_type(initializer, "initializer", (_initializer_cls(), type(None)), "ParamAttr")
        _check_type(regularizer, "regularizer", (WeightDecayRegularizer, type(None)), "ParamAttr")
        if name == "":
            raise ValueError("name of ParamAttr can not be empty str")
        self.name = name
        self.initializer = initializer
        self.learning_rate = learning_rate
        self.regularizer = regularizer
        self.trainable = trainable
        self.do_model_average = do_model_average
        self.need_clip = need_clip

    def _set_default_initializer(self, initializer):
        """Use `initializer` unless one was given explicitly."""
        if initializer is None:
            if self.initializer is None:
                raise ValueError("ParamAttr.initializer is not set")
            return
        if self.initializer is None:
            self.initializer = initializer

    def _set_default_param_initializer(self):
        from .initializer import XavierUniform
        self._set_default_initializer(XavierUniform())

    def _set_default_bias_initializer(self):
        from .initializer import Constant
        self._set_default_initializer(Constant(0.0))

    @staticmethod
    def _to_attr(arg):
        """A ParamAttr (or list of them) from None, str (name), Initializer, regularizer, bool or ParamAttr.

        False means "no parameter" and is returned as False.
        """
        if arg is None:
            return ParamAttr()
        if isinstance(arg, (list, tuple)):
            return [ParamAttr._to_attr(a) for a in arg]
        if isinstance(arg, ParamAttr):
            return arg
        if isinstance(arg, str):
            return ParamAttr(name=arg)
        if isinstance(arg, _initializer_cls()):
            return ParamAttr(initializer=arg)
        if isinstance(arg, WeightDecayRegularizer):
            return ParamAttr(regularizer=arg)
        if isinstance(arg, bool):
            return ParamAttr() if arg else False
        raise TypeError(f"{type(arg)} cast to ParamAttr")

    def _to_kwargs(self, with_initializer=False):
        """The keyword arguments of Block.create_parameter for this attribute."""
        kwargs = {"name": self.name, "optimize_attr": {"learning_rate": self.learning_rate},
                  "regularizer": self.regularizer, "trainable": self.trainable,
                  "do_model_average": self.do_model_average, "need_clip": self.need_clip}
        if with_initializer:
            kwargs["initializer"] = self.initializer
        return kwargs


class WeightNormParamAttr(ParamAttr):
    """ParamAttr of a weight-normalised parameter (static graphs; dygraph uses paddle.nn.utils.weight_norm).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> attr = paddle.static.WeightNormParamAttr(dim=None, name='weight_norm_param')
            >>> attr.dim is None
            True
    """

    params_with_weight_norm = []

    def __init__(self, dim=None, name=None, initializer=None, learning_rate=1.0, regularizer=None, trainable=True,
                 do_model_average=False, need_clip=True):
        super().__init__(name=name, initializer=initializer, learning_rate=learning_rate, regularizer=regularizer,
                         trainable=trainable, do_model_average=do_model_average, need_clip=need_clip)
        self.dim = dim
