"""Automatic SParsity (ASP) for dynamic mode: prune supported layers' weights to n:m sparsity and keep them sparse
through training (the decorated optimizer multiplies each weight by its mask after every step).

State is kept per static main program, as Paddle keeps it (in dynamic mode: the default main program).
"""
import numpy as np

from ..._core.mode import in_dynamic_mode, no_grad
from ..._core.tensor import Tensor
from ...static import Program, default_main_program
from .masks import MaskAlgo
from .supported_layers import SUPPORTED_LAYERS, default_pruning

__all__ = ["set_excluded_layers", "reset_excluded_layers", "decorate", "prune_model", "ASPHelper",
           "OptimizerWithSparsityGuarantee"]

_MASK_SUFFIX = "asp_mask"
_ALGOS = {"mask_1d": MaskAlgo.MASK_1D, "mask_2d_greedy": MaskAlgo.MASK_2D_GREEDY,
          "mask_2d_best": MaskAlgo.MASK_2D_BEST}


class ProgramASPInfo:
    """One program's ASP state: mask tensors and masks by parameter name, and the excluded layers."""

    def __init__(self):
        self.mask_vars = {}
        self.masks = {}
        self.excluded_layers = []

    def update_mask_vars(self, param_name, var):
        self.mask_vars[param_name] = var

    def update_masks(self, param_name, mask):
        self.masks[param_name] = mask

    def update_excluded_layers(self, param_names):
        self.excluded_layers.extend(list(param_names))

    def reset_excluded_layers(self):
        self.excluded_layers = []


class ASPHelper:
    """The ASP bookkeeping behind the public functions (per-program state, supported-layer lookup)."""

    MASK_APPENDDED_NAME = _MASK_SUFFIX
    PADDLE_WEIGHT_SUFFIX = "w_"
    _infos = {}

    @classmethod
    def info(cls, program=None):
        program = default_main_program() if program is None else program
        return cls._infos.setdefault(program, ProgramASPInfo())

    @staticmethod
    def mask_name(param_name):
        return f"{param_name}.{_MASK_SUFFIX}"

    @classmethod
    def is_supported(cls, program, param_name):
        """Paddle's rule: not a mask, not excluded, and named '<layer>_<k>.w_<i>' for a supported layer (or the
        parameter's own name registered)."""
        parts = param_name.split(".")
        if _MASK_SUFFIX in parts:
            return False
        if any(layer in param_name for layer in cls.info(program).excluded_layers):
            return False
        if param_name in SUPPORTED_LAYERS:
            return True
        if len(parts) == 1 or cls.PADDLE_WEIGHT_SUFFIX not in parts[1]:
            return False
        stem = parts[0]
        return stem in SUPPORTED_LAYERS or stem[:stem.rfind("_")] in SUPPORTED_LAYERS

    @staticmethod
    def prune_func(param_name):
        stem = param_name.split(".")[0]
        return (SUPPORTED_LAYERS.get(param_name) or SUPPORTED_LAYERS.get(stem)
                or SUPPORTED_LAYERS.get(stem[:stem.rfind("_")], default_pruning))

    @classmethod
    def create_mask_variables(cls, program, params):
        info = cls.info(program)
        for param in params:
            if cls.is_supported(program, param.name) and param.name not in info.mask_vars:
                mask = Tensor._make(np.ones(list(param.shape), dtype=param.numpy().dtype))
                mask.name = cls.mask_name(param.name)
                mask.stop_gradient = True
                info.update_mask_vars(param.name, mask)

    @classmethod
    def apply_masks(cls, program, params):
        info = cls.info(program)
        with no_grad():
            for param in params:
                if param.name in info.mask_vars:
                    param.set_value(param.numpy() * info.mask_vars[param.name].numpy())


def set_excluded_layers(param_names, main_program=None):
    """Keep the layers whose parameter names contain any of `param_names` dense (not pruned).

    Args:
        param_names (list[str]): parameter names (or their prefixes, e.g. a layer's full_name()).
        main_program (Program, optional): the program the setting belongs to; the default main program when None.

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(8, 8)
            >>> paddle.incubate.asp.set_excluded_layers([linear.full_name()])
            >>> paddle.incubate.asp.reset_excluded_layers()
    """
    ASPHelper.info(main_program).update_excluded_layers(param_names)


def reset_excluded_layers(main_program=None):
    """Forget the excluded layers of `main_program` (of every program when None).

    Args:
        main_program (Program, optional): the program; None resets all of them.

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.incubate.asp.reset_excluded_layers()
    """
    if main_program is None:
        for info in ASPHelper._infos.values():
            info.reset_excluded_layers()
    else:
        ASPHelper.info(main_program).reset_excluded_layers()


class OptimizerWithSparsityGuarantee:
    """An optimizer whose step() re-applies the ASP masks, so pruned weights stay zero."""

    def __init__(self, optimizer):
        self._optimizer = optimizer

    def __getattr__(self, item):
        return getattr(self._optimizer, item)

    def minimize(self, loss, startup_program=None, parameter_list=None, no_grad_set=None):
        """The wrapped optimizer's minimize, then the masks (dynamic mode)."""
        if not in_dynamic_mode():
            raise NotImplementedError("ASP in a static program (mask ops appended after the optimizer's) is not "
                                      "supported by purepaddle; use ASP in dynamic mode")
        out = self._optimizer.minimize(loss, startup_program, parameter_list, no_grad_set=no_grad_set)
        ASPHelper.apply_masks(None, self._optimizer._parameter_list)
        return out

    def step(self):
        """The wrapped optimizer's step, then every supported weight times its mask."""
        self._optimizer.step()
        ASPHelper.apply_masks(None, self._optimizer._parameter_list)

    def state_dict(self):
        """The wrapped optimizer's state plus the masks ('<param>.asp_mask')."""
        state = self._optimizer.state_dict()
        for name, var in ASPHelper.info().mask_vars.items():
            state[ASPHelper.mask_name(name)] = var
        return state

    def set_state_dict(self, state_dict):
        """Load the masks and the wrapped optimizer's state."""
        info = ASPHelper.info()
        for name, var in info.mask_vars.items():
            key = ASPHelper.mask_name(name)
            if key not in state_dict:
                raise AssertionError(f"The {key} is not found.")
            value = state_dict[key]
            var.set_value(value.numpy() if isinstance(value, Tensor) else np.asarray(value))
            info.update_masks(name, var.numpy())
        return self._optimizer.set_state_dict(state_dict)


def decorate(optimizer):
    """Wrap an optimizer so its steps keep the pruned weights sparse (creates a mask per supported weight).

    Args:
        optimizer (Optimizer): the training optimizer.

    Returns:
        OptimizerWithSparsityGuarantee: the wrapped optimizer.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(8, 8)
            >>> opt = paddle.incubate.asp.decorate(paddle.optimizer.SGD(parameters=linear.parameters()))
            >>> masks = paddle.incubate.asp.prune_model(linear)
            >>> print(paddle.incubate.asp.calculate_density(linear.weight.numpy()))
            0.5
    """
    if in_dynamic_mode():
        ASPHelper.create_mask_variables(None, optimizer._parameter_list)
    return OptimizerWithSparsityGuarantee(optimizer)


def prune_model(model, n=2, m=4, mask_algo="mask_1d", with_mask=True):
    """Prune the supported layers' weights of `model` to n:m sparsity.

    Args:
        model (Layer): the model (a static Program is not supported by purepaddle).
        n (int, optional): zeros per group of m. Default 2.
        m (int, optional): group size. Default 4.
        mask_algo (str, optional): 'mask_1d', 'mask_2d_greedy' or 'mask_2d_best'. Default 'mask_1d'.
        with_mask (bool, optional): also set the decorated optimizer's masks (decorate() must come first).
            Default True.

    Returns:
        dict: parameter name -> mask (numpy.ndarray), for every pruned parameter so far.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(8, 4)
            >>> masks = paddle.incubate.asp.prune_model(linear, with_mask=False)
            >>> print(list(masks) == [linear.weight.name])
            True
    """
    if mask_algo not in _ALGOS:
        raise KeyError(mask_algo)
    if isinstance(model, Program) or not in_dynamic_mode():
        raise NotImplementedError("prune_model on a static Program is not supported by purepaddle; prune the "
                                  "Layer in dynamic mode")
    if not hasattr(model, "parameters"):
        raise TypeError(f"model should be paddle.nn.Layer or paddle.static.Program, but got {type(model)}")
    info = ASPHelper.info()
    for param in model.parameters():
        if not ASPHelper.is_supported(None, param.name):
            continue
        weights = param.numpy()
        pruned, mask = ASPHelper.prune_func(param.name)(weights, m, n, _ALGOS[mask_algo], param.name)
        param.set_value(pruned.astype(weights.dtype))
        if with_mask:
            var = info.mask_vars.get(param.name)
            if var is None:
                raise AssertionError(f"Cannot find {ASPHelper.mask_name(param.name)} variable, please call "
                                     "asp.decorate() to decorate your optimizer first!")
            var.set_value(mask.astype(var.numpy().dtype))
        info.update_masks(param.name, mask)
    return info.masks.copy()
