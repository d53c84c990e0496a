"""paddle.text.Imdb: the IMDB movie reviews as word-id arrays and labels (0 positive, 1 negative)."""
import numpy as np

from ...dataset import imdb as _imdb
from ...dataset.common import data_file_or_cached
from ...io import Dataset

__all__ = ["Imdb"]


class Imdb(Dataset):
    """The IMDB reviews of aclImdb_v1.tar.gz: items are (int64 word ids, int64 [label]).

    The dictionary counts the words of every review (train and test) and keeps those seen more than `cutoff`
    times, most frequent first; other words map to '<unk>'. Positive reviews (label 0) come before negative ones.

    Args:
        data_file (str|None, optional): the archive; None looks in Paddle's cache,
            ~/.cache/paddle/dataset/imdb/imdb%2FaclImdb_v1.tar.gz (purepaddle never downloads: a missing file
            raises an error naming the URL and that path). Default None.
        mode (str, optional): 'train' or 'test'. Default 'train'.
        cutoff (int, optional): the count a word must exceed to enter the dictionary. Default 150.
        download (bool, optional): allow the cache lookup when data_file is None. Default True.

    Returns:
        Dataset: the IMDB data set.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs the IMDB archive in ~/.cache/paddle/dataset/imdb")
            >>> imdb = paddle.text.Imdb(mode='test')
            >>> doc, label = imdb[0]
    """

    def __init__(self, data_file=None, mode="train", cutoff=150, download=True):
        assert mode.lower() in ("train", "test"), f"mode should be 'train', 'test', but got {mode}"
        self.mode = mode.lower()
        self.data_file = data_file
        if self.data_file is None:
            assert download, "data_file is not set and downloading automatically is disabled"
            self.data_file = data_file_or_cached(data_file, _imdb.URL, _imdb.MD5, "imdb", download)
        self.word_idx = _imdb.dict_of(_imdb.tokenize_archive(self.data_file, _imdb._ALL_REVIEWS), cutoff)
        samples = _imdb.labelled_docs(self.data_file, self.mode, self.word_idx)
        self.docs = [ids for ids, _ in samples]
        self.labels = [label for _, label in samples]

    def __getitem__(self, idx):
        return np.array(self.docs[idx]), np.array([self.labels[idx]])

    def __len__(self):
        return len(self.docs)
