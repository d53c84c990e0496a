"""paddle.text: Viterbi decoding and the text data sets."""
from .datasets import Imdb, Imikolov, UCIHousing  # noqa: F401
from .viterbi_decode import ViterbiDecoder, viterbi_decode  # noqa: F401

__all__ = ["Imdb", "Imikolov", "UCIHousing", "ViterbiDecoder", "viterbi_decode"]
