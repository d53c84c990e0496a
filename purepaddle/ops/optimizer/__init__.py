"""Optimizer update rules as ops, under Paddle's static op types and slots (face): the base and RowGrad
(_update.py), gradient descent (sgd.py), the Adam family (adam.py), adaptive step sizes (adaptive.py)."""
from ._update import RowGrad  # noqa: F401
from .adam import Adam, Adamax, AdamW, Lamb, NAdam, RAdam  # noqa: F401
from .adaptive import Adadelta, Adagrad, RMSProp, Rprop  # noqa: F401
from .sgd import ASGD, SGD, Momentum  # noqa: F401
