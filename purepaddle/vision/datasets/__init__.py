"""paddle.vision.datasets: MNIST / FashionMNIST, Cifar10 / Cifar100, Flowers and VOC2012 from Paddle's cache files,
DatasetFolder / ImageFolder, and the bundled Digits."""
from .cifar import Cifar10, Cifar100  # noqa: F401
from .digits import Digits  # noqa: F401
from .flowers import Flowers  # noqa: F401
from .folder import DatasetFolder, ImageFolder  # noqa: F401
from .mnist import MNIST, FashionMNIST  # noqa: F401
from .voc2012 import VOC2012  # noqa: F401

__all__ = ["DatasetFolder", "ImageFolder", "MNIST", "FashionMNIST", "Cifar10", "Cifar100", "Digits", "Flowers",
           "VOC2012"]
