"""paddle.autograd: backward, grad, PyLayer, jacobian/hessian, grad-mode switches."""
from .._core.autograd import backward, grad, saved_tensors_hooks  # noqa: F401
from .._core.mode import enable_grad, is_grad_enabled, no_grad, set_grad_enabled  # noqa: F401
from .functional import Hessian, Jacobian, hessian, jacobian  # noqa: F401
from .py_layer import PyLayer, PyLayerContext, once_differentiable  # noqa: F401
from .flow import GradFlowReport, explain_no_grad, trace_grad_flow  # noqa: F401
from . import ir_backward  # noqa: F401

Function = PyLayer

__all__ = ["jacobian", "hessian", "backward", "PyLayer", "Function", "PyLayerContext"]
