"""paddle.text.UCIHousing: the Boston housing regression data."""
import numpy as np

from ..._core.dtype import get_default_dtype
from ...dataset import uci_housing as _uci
from ...dataset.common import data_file_or_cached
from ...io import Dataset

__all__ = ["UCIHousing"]


class UCIHousing(Dataset):
    """The UCI housing data (housing.data): items are (13 normalised features, [price]) in the default dtype.

    Each feature is centred on its mean and divided by its range over the whole file; the first 80% of rows are
    'train', the rest 'test'.

    Args:
        data_file (str|None, optional): housing.data; None looks in Paddle's cache,
            ~/.cache/paddle/dataset/uci_housing/housing.data (never downloaded: a missing file raises an error
            naming the URL and that path). Default None.
        mode (str, optional): 'train' or 'test'. Default 'train'.
        download (bool, optional): allow the cache lookup when data_file is None. Default True.

    Returns:
        Dataset: the UCI housing data set.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs ~/.cache/paddle/dataset/uci_housing/housing.data")
            >>> data = paddle.text.UCIHousing(mode='train')
            >>> feature, price = data[0]
    """

    def __init__(self, data_file=None, mode="train", download=True):
        assert mode.lower() in ("train", "test"), f"mode should be 'train' or 'test', but got {mode}"
        self.mode = mode.lower()
        self.data_file = data_file
        if self.data_file is None:
            assert download, "data_file is not set and downloading automatically is disabled"
            self.data_file = data_file_or_cached(data_file, _uci.URL, _uci.MD5, "uci_housing", download)
        data = _uci.normalized_rows(self.data_file)
        offset = int(data.shape[0] * 0.8)
        self.data = data[:offset] if self.mode == "train" else data[offset:]
        self.dtype = get_default_dtype()

    def __getitem__(self, idx):
        row = self.data[idx]
        return np.array(row[:-1]).astype(self.dtype), np.array(row[-1:]).astype(self.dtype)

    def __len__(self):
        return len(self.data)
