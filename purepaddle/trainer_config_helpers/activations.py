"""The trainer config's activations (TanhActivation(), SoftmaxActivation(), ...): paddle.v2's activations
under their legacy names."""
from ..v2 import activation as _act

__all__ = ["BaseActivation", "TanhActivation", "SigmoidActivation", "SoftmaxActivation", "ReluActivation",
           "LinearActivation", "IdentityActivation", "ExpActivation"]

BaseActivation = _act.Base
TanhActivation = _act.Tanh
SigmoidActivation = _act.Sigmoid
SoftmaxActivation = _act.Softmax
ReluActivation = _act.Relu
LinearActivation = IdentityActivation = _act.Linear
ExpActivation = _act.Exp
