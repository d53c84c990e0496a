"""paddle.text.WMT14: the WMT'14 English-French subset."""
import numpy as np

from ...dataset import wmt14 as _wmt14
from ...dataset.common import data_file_or_cached
from ...io import Dataset

__all__ = ["WMT14"]


class WMT14(Dataset):
    """WMT'14 sentence pairs: items are (source ids with <s>/<e>, <s> + target ids, target ids + <e>) as int64
    arrays; pairs longer than 80 ids are dropped; words outside the dict_size most frequent map to <unk> (2).

    Args:
        data_file (str|None, optional): wmt14.tgz; None looks in Paddle's cache,
            ~/.cache/paddle/dataset/wmt14/wmt14.tgz (never downloaded: a missing file raises an error naming the
            URL and that path). Default None.
        mode (str, optional): 'train', 'test' or 'gen'. Default 'train'.
        dict_size (int, optional): the dictionary size (must be set, > 0). Default -1.
        download (bool, optional): allow the cache lookup when data_file is None. Default True.

    Returns:
        Dataset: the WMT14 data set.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs ~/.cache/paddle/dataset/wmt14/wmt14.tgz")
            >>> data = paddle.text.WMT14(mode='train', dict_size=50)
            >>> src_ids, trg_ids, trg_ids_next = data[0]
    """

    def __init__(self, data_file=None, mode="train", dict_size=-1, download=True):
        assert mode.lower() in ("train", "test", "gen"), f"mode should be 'train', 'test' or 'gen', but got {mode}"
        self.mode = mode.lower()
        self.data_file = data_file
        if self.data_file is None:
            assert download, "data_file is not set and downloading automatically is disabled"
            self.data_file = data_file_or_cached(data_file, _wmt14.URL_TRAIN, _wmt14.MD5_TRAIN, "wmt14", download)
        assert dict_size > 0, "dict_size should be set as positive number"
        self.dict_size = dict_size
        self.src_dict, self.trg_dict = _wmt14.read_dicts(self.data_file, dict_size)
        samples = list(_wmt14.pairs(self.data_file, f"{self.mode}/{self.mode}", self.src_dict, self.trg_dict))
        self.src_ids = [s for s, _, _ in samples]
        self.trg_ids = [t for _, t, _ in samples]
        self.trg_ids_next = [n for _, _, n in samples]

    def __getitem__(self, idx):
        return np.array(self.src_ids[idx]), np.array(self.trg_ids[idx]), np.array(self.trg_ids_next[idx])

    def __len__(self):
        return len(self.src_ids)

    def get_dict(self, reverse=False):
        """(src_dict, trg_dict): word -> id, or id -> word when reverse."""
        if reverse:
            return _wmt14.reverse_dicts(self.src_dict, self.trg_dict)
        return self.src_dict, self.trg_dict
