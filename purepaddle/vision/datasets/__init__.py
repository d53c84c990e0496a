"""paddle.vision.datasets: MNIST / FashionMNIST from local files, and the bundled Digits."""
from .digits import Digits  # noqa: F401
from .mnist import MNIST, FashionMNIST  # noqa: F401

__all__ = ["MNIST", "FashionMNIST", "Digits"]
