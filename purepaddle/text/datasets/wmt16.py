"""paddle.text.WMT16: the WMT'16 multimodal English-German pairs."""
import os

import numpy as np

from ...dataset import wmt16 as _wmt16
from ...dataset.common import data_file_or_cached
from ...io import Dataset

__all__ = ["WMT16"]


class WMT16(Dataset):
    """WMT'16 sentence pairs: items are (<s> + source ids + <e>, <s> + target ids, target ids + <e>) as int64
    arrays (the marks' ids and <unk> are the source dictionary's).

    The dictionaries are built from wmt16/train on first use and saved as
    ~/.cache/paddle/dataset/wmt16/<lang>_<size>.dict, as Paddle saves them; as in Paddle both are counted over the
    `lang` side of the pairs.

    Args:
        data_file (str|None, optional): wmt16.tar.gz; None looks in Paddle's cache,
            ~/.cache/paddle/dataset/wmt16/wmt16.tar.gz (never downloaded: a missing file raises an error naming
            the URL and that path). Default None.
        mode (str, optional): 'train', 'test' or 'val'. Default 'train'.
        src_dict_size (int, optional): the source dictionary size (must be set, > 0). Default -1.
        trg_dict_size (int, optional): the target dictionary size (must be set, > 0). Default -1.
        lang (str, optional): the source language, 'en' or 'de'. Default 'en'.
        download (bool, optional): allow the cache lookup when data_file is None. Default True.

    Returns:
        Dataset: the WMT16 data set.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs ~/.cache/paddle/dataset/wmt16/wmt16.tar.gz")
            >>> data = paddle.text.WMT16(mode='train', src_dict_size=50, trg_dict_size=50)
            >>> src_ids, trg_ids, trg_ids_next = data[0]
    """

    def __init__(self, data_file=None, mode="train", src_dict_size=-1, trg_dict_size=-1, lang="en", download=True):
        assert mode.lower() in ("train", "test", "val"), f"mode should be 'train', 'test' or 'val', but got {mode}"
        self.mode = mode.lower()
        self.data_file = data_file
        if self.data_file is None:
            assert download, "data_file is not set and downloading automatically is disabled"
            self.data_file = data_file_or_cached(data_file, _wmt16.DATA_URL, _wmt16.DATA_MD5, "wmt16", download)
        self.lang = lang
        assert src_dict_size > 0, "dict_size should be set as positive number"
        assert trg_dict_size > 0, "dict_size should be set as positive number"
        self.src_dict_size, self.trg_dict_size = _wmt16.capped_sizes(src_dict_size, trg_dict_size, lang)
        other = "de" if lang == "en" else "en"
        self.src_dict = _wmt16.load_dict(self.data_file, src_dict_size, lang, column_lang=lang)
        self.trg_dict = _wmt16.load_dict(self.data_file, trg_dict_size, other, column_lang=lang)
        samples = list(_wmt16.pairs(self.data_file, f"wmt16/{self.mode}", self.src_dict, self.trg_dict, lang))
        self.src_ids = [s for s, _, _ in samples]
        self.trg_ids = [t for _, t, _ in samples]
        self.trg_ids_next = [n for _, _, n in samples]

    def __getitem__(self, idx):
        return np.array(self.src_ids[idx]), np.array(self.trg_ids[idx]), np.array(self.trg_ids_next[idx])

    def __len__(self):
        return len(self.src_ids)

    def get_dict(self, lang, reverse=False):
        """The saved <lang> dictionary: word -> id, or id -> word when reverse (as Paddle, `reverse` is not
        applied: the word -> id dict comes back)."""
        dict_size = self.src_dict_size if lang == self.lang else self.trg_dict_size
        assert os.path.exists(_wmt16.dict_path(lang, dict_size)), "Word dictionary does not exist. "
        return _wmt16.load_dict(self.data_file, dict_size, lang, column_lang=self.lang)
