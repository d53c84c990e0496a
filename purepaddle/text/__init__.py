"""paddle.text: Viterbi decoding and the text data sets."""
from .datasets import WMT14, WMT16, Conll05st, Imdb, Imikolov, Movielens, UCIHousing  # noqa: F401
from .viterbi_decode import ViterbiDecoder, viterbi_decode  # noqa: F401

__all__ = ["Conll05st", "Imdb", "Imikolov", "Movielens", "UCIHousing", "WMT14", "WMT16", "ViterbiDecoder",
           "viterbi_decode"]
