"""paddle.vision.datasets: MNIST / FashionMNIST from local files, DatasetFolder / ImageFolder, and the bundled Digits."""
from .cifar import Cifar10, Cifar100  # noqa: F401
from .digits import Digits  # noqa: F401
from .folder import DatasetFolder, ImageFolder  # noqa: F401
from .mnist import MNIST, FashionMNIST  # noqa: F401

__all__ = ["DatasetFolder", "ImageFolder", "MNIST", "FashionMNIST", "Cifar10", "Cifar100", "Digits"]
