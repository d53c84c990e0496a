"""paddle.optimizer: the optimizers and paddle.optimizer.lr."""
from . import lr  # noqa: F401
from .adadelta import Adadelta
from .adagrad import Adagrad
from .adam import Adam
from .adamax import Adamax
from .adamw import AdamW
from .asgd import ASGD, Rprop
from .lamb import Lamb
from .lbfgs import LBFGS
from .momentum import Momentum
from .nadam import NAdam, RAdam
from .optimizer import Optimizer
from .rmsprop import RMSProp
from .sgd import SGD

__all__ = ["Optimizer", "Adagrad", "Adam", "AdamW", "Adamax", "ASGD", "RAdam", "RMSProp", "Adadelta", "SGD", "Rprop",
           "Momentum", "NAdam", "Lamb", "LBFGS"]
