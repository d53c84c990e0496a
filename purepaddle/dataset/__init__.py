"""paddle.dataset: the fluid-era reader creators of Paddle's data sets, read from Paddle's download cache."""
from . import common, imdb, imikolov, mnist, uci_housing  # noqa: F401

__all__ = []
