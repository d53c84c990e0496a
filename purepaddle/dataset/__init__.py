"""paddle.dataset: the fluid-era reader creators of Paddle's data sets, read from Paddle's download cache."""
from . import cifar, common, conll05, imdb, imikolov, mnist, movielens, uci_housing, wmt14, wmt16  # noqa: F401

__all__ = []
