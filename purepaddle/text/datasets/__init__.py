"""paddle.text.datasets: the text data sets, read from Paddle's download cache or a given file."""
from .imdb import Imdb  # noqa: F401
from .imikolov import Imikolov  # noqa: F401
from .uci_housing import UCIHousing  # noqa: F401

__all__ = ["Imdb", "Imikolov", "UCIHousing"]
