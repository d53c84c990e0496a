"""paddle.optimizer.AdamW: Adam with decoupled weight decay."""
from .._core.tensor import Tensor
from .lr import LRScheduler
from ..ops import optimizer as _ops
from ..tensor._check import check_betas
from .adam import _AdamBase, _is_variable

__all__ = ["AdamW"]


class AdamW(_AdamBase):
    r"""AdamW: :math:`p = p (1 - lr \cdot coeff)` then the Adam step (decoupled weight decay, Loshchilov &
    Hutter). `apply_decay_param_fun(name)` selects the parameters that decay; `lr_ratio(param)` scales
    the rate per parameter.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 10)
            >>> opt = paddle.optimizer.AdamW(learning_rate=0.1, parameters=linear.parameters(), weight_decay=0.01)
            >>> paddle.mean(linear(paddle.rand([10, 10]))).backward()
            >>> opt.step()
            >>> opt.clear_grad()
    """

    def __init__(self, learning_rate=0.001, beta1=0.9, beta2=0.999, epsilon=1e-8, parameters=None, weight_decay=0.01,
                 use_lowprecision_moment=False, lr_ratio=None, apply_decay_param_fun=None, grad_clip=None,
                 lazy_mode=False, multi_precision=False, amsgrad=False, name=None):
        assert learning_rate is not None
        check_betas(beta1, beta2, epsilon)
        if not isinstance(weight_decay, (int, float, Tensor)) and not _is_variable(weight_decay):
            raise TypeError("weight_decay should be int, float or Tensor.")
        if lr_ratio is not None and not callable(lr_ratio):
            raise AssertionError("lr_ratio should be callable")
        if not isinstance(learning_rate, (float, LRScheduler)):
            raise TypeError(f"learning rate should be float or LRScheduler, got {type(learning_rate)} here")
        self._weight_decay = float(weight_decay)
        self._use_lowprecision_moment = use_lowprecision_moment
        super().__init__(learning_rate=learning_rate, parameters=parameters, weight_decay=None, grad_clip=grad_clip,
                         name=name)
        self.type = "adamw"
        self._params_name = set()
        self._apply_decay_param_fun = apply_decay_param_fun
        self._lr_ratio = lr_ratio
        self._beta1 = beta1
        self._beta2 = beta2
        self._epsilon = epsilon
        self._lazy_mode = lazy_mode
        self._multi_precision = multi_precision
        self._master_weights = {}
        self._amsgrad = amsgrad
        self._default_dict = {"weight_decay": self._weight_decay, "beta1": beta1, "beta2": beta2, "epsilon": epsilon,
                              "lazy_mode": lazy_mode, "grad_clip": grad_clip}
        if self._param_groups and isinstance(self._param_groups[0], dict):
            for group in self._param_groups:  # groups were filled before the AdamW defaults existed
                for k, v in self._default_dict.items():
                    group.setdefault(k, v)
                if group["weight_decay"] is None:
                    group["weight_decay"] = self._weight_decay

    def _group_param_attrs(self, group):
        # AdamW's weight decay is the op's coeff: only the learning-rate multiplier goes on the params
        for p in group["params"]:
            p.optimize_attr["learning_rate"] = group.get("learning_rate", 1.0)

    def _update_spec(self, param, hp):
        ins, attrs = self._adam_inputs(param, hp)
        with_decay = self._apply_decay_param_fun is None or bool(self._apply_decay_param_fun(param.name))
        attrs.update(lr_ratio=1.0 if self._lr_ratio is None else float(self._lr_ratio(param)),
                     coeff=float(hp["weight_decay"]), with_decay=with_decay)
        return _ops.AdamW, ins, attrs
