"""paddle.dataset: the fluid-era reader creators of Paddle's data sets, read from Paddle's download cache."""
from . import (cifar, common, conll05, flowers, image, imdb, imikolov, mnist, movielens, uci_housing,  # noqa: F401
               voc2012, wmt14, wmt16)

__all__ = []
