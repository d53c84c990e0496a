"""paddle.text.Imikolov: the Penn Treebank text (Mikolov's simple-examples) as n-grams or sequence pairs."""
import numpy as np

from ...dataset import imikolov as _imikolov
from ...dataset.common import data_file_or_cached
from ...io import Dataset

__all__ = ["Imikolov"]


class Imikolov(Dataset):
    """The PTB words of simple-examples.tgz as word-id samples.

    The dictionary counts ptb.train.txt and ptb.valid.txt (plus one '<s>' and '<e>' per line) and keeps the words
    seen more than `min_word_freq` times. 'NGRAM' items are tuples of `window_size` int64 arrays (0-d) of
    consecutive ids of '<s>' + line + '<e>'; 'SEQ' items are (src, trg) id arrays ('<s>' + line, line + '<e>'),
    lines longer than window_size dropped when window_size > 0. mode 'test' reads ptb.test.txt.

    Args:
        data_file (str|None, optional): the archive; None looks in Paddle's cache,
            ~/.cache/paddle/dataset/imikolov/imikolov%2Fsimple-examples.tgz (never downloaded: a missing file
            raises an error naming the URL and that path). Default None.
        data_type (str, optional): 'NGRAM' or 'SEQ'. Default 'NGRAM'.
        window_size (int, optional): the n-gram length (NGRAM) or the longest source (SEQ). Default -1.
        mode (str, optional): 'train' or 'test'. Default 'train'.
        min_word_freq (int, optional): the count a word must exceed. Default 50.
        download (bool, optional): allow the cache lookup when data_file is None. Default True.

    Returns:
        Dataset: the Imikolov data set.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs the imikolov archive in ~/.cache/paddle/dataset/imikolov")
            >>> data = paddle.text.Imikolov(mode='train', data_type='NGRAM', window_size=5)
            >>> len(data[0])
            5
    """

    def __init__(self, data_file=None, data_type="NGRAM", window_size=-1, mode="train", min_word_freq=50,
                 download=True):
        assert data_type.upper() in ("NGRAM", "SEQ"), f"data type should be 'NGRAM', 'SEQ', but got {data_type}"
        self.data_type = data_type.upper()
        assert mode.lower() in ("train", "test"), f"mode should be 'train', 'test', but got {mode}"
        self.mode = mode.lower()
        self.window_size = window_size
        self.min_word_freq = min_word_freq
        self.data_file = data_file
        if self.data_file is None:
            assert download, "data_file is not set and downloading automatically disabled"
            self.data_file = data_file_or_cached(data_file, _imikolov.URL, _imikolov.MD5, "imikolov",
                                                        download)
        self.word_idx = _imikolov.dict_from_archive(self.data_file, min_word_freq)
        kind = _imikolov.DataType.NGRAM if self.data_type == "NGRAM" else _imikolov.DataType.SEQ
        self.data = list(_imikolov.samples(self.data_file, f"./simple-examples/data/ptb.{self.mode}.txt",
                                           self.word_idx, window_size, kind))

    def __getitem__(self, idx):
        return tuple(np.array(d) for d in self.data[idx])

    def __len__(self):
        return len(self.data)
