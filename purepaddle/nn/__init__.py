"""paddle.nn (floor 5): layers come with the training issue; functional holds the activations so far."""
from . import functional  # noqa: F401
