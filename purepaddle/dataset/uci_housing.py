"""paddle.dataset.uci_housing: the Boston housing data (housing.data in ~/.cache/paddle/dataset/uci_housing/),
each feature centred on its mean and divided by its range; the first 80% of rows train, the rest test."""
import os
import tarfile
import tempfile

import numpy as np

from . import common
from ._deprecation import superseded_by

__all__ = []

URL = "http://paddlemodels.bj.bcebos.com/uci_housing/housing.data"
MD5 = "d4accdce7a25600298819f8e28e8d593"
feature_names = ["CRIM", "ZN", "INDUS", "CHAS", "NOX", "RM", "AGE", "DIS", "RAD", "TAX", "PTRATIO", "B", "LSTAT"]
FLUID_URL_MODEL = "https://github.com/PaddlePaddle/book/raw/develop/01.fit_a_line/fluid/fit_a_line.fluid.tar"
FLUID_MD5_MODEL = "6e6dd637ccd5993961f68bfbde46090b"

UCI_TRAIN_DATA = None  # filled by load_data once per process, as Paddle's module globals
UCI_TEST_DATA = None


def normalized_rows(filename, feature_num=14):
    """The file's numbers as rows of feature_num float64 values, every column but the last (the price) scaled to
    (x - mean) / (max - min). paddle.text.UCIHousing reads the same rows."""
    data = np.fromfile(filename, sep=" ")
    data = data.reshape(data.shape[0] // feature_num, feature_num)
    maximums, minimums, avgs = data.max(axis=0), data.min(axis=0), data.sum(axis=0) / data.shape[0]
    for i in range(feature_num - 1):
        data[:, i] = (data[:, i] - avgs[i]) / (maximums[i] - minimums[i])
    return data


def load_data(filename, feature_num=14, ratio=0.8):
    """Fill UCI_TRAIN_DATA / UCI_TEST_DATA from `filename` (once: later calls keep the first file's data).

    Args:
        filename (str): housing.data.
        feature_num (int, optional): numbers per row. Default 14.
        ratio (float, optional): the share of rows that train. Default 0.8.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs housing.data")
            >>> paddle.dataset.uci_housing.load_data('housing.data')
    """
    global UCI_TRAIN_DATA, UCI_TEST_DATA
    if UCI_TRAIN_DATA is not None and UCI_TEST_DATA is not None:
        return
    data = normalized_rows(filename, feature_num)
    offset = int(data.shape[0] * ratio)
    UCI_TRAIN_DATA, UCI_TEST_DATA = data[:offset], data[offset:]


def _split_reader(part):
    load_data(common.download(URL, "uci_housing", MD5))

    def reader():
        for row in UCI_TRAIN_DATA if part == "train" else UCI_TEST_DATA:
            yield row[:-1], row[-1:]
    return reader


@superseded_by("paddle.text.datasets.UCIHousing")
def train():
    """The training reader creator: (13 float64 features, [price]) per sample.

    Returns:
        callable: the reader creator.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs ~/.cache/paddle/dataset/uci_housing/housing.data")
            >>> features, price = next(paddle.dataset.uci_housing.train()())
    """
    return _split_reader("train")


@superseded_by("paddle.text.datasets.UCIHousing")
def test():
    """The test reader creator: (13 float64 features, [price]) per sample.

    Returns:
        callable: the reader creator.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs ~/.cache/paddle/dataset/uci_housing/housing.data")
            >>> features, price = next(paddle.dataset.uci_housing.test()())
    """
    return _split_reader("test")


@superseded_by("paddle.text.datasets.UCIHousing")
def predict_reader():
    """The features of the first test sample, as a 1-tuple."""
    load_data(common.download(URL, "uci_housing", MD5))
    return (UCI_TEST_DATA[0][:-1],)


def fluid_model():
    """Unpack the cached fit_a_line.fluid.tar (Paddle book's trained model) into a new temp dir; its path."""
    tar_path = common.download(FLUID_URL_MODEL, "uci_housing", FLUID_MD5_MODEL, "fit_a_line.fluid.tar")
    dirpath = tempfile.mkdtemp()
    with tarfile.TarFile(tar_path, mode="r") as tar:
        tar.extractall(path=dirpath, filter="data")
    return dirpath


@superseded_by("paddle.text.datasets.UCIHousing")
def fetch():
    """Check that housing.data is in the cache (purepaddle never downloads; a missing file raises)."""
    return common.download(URL, "uci_housing", MD5)


def feature_range(maximums, minimums):
    """Plot each feature's range (max - min) into image/ranges.png (needs matplotlib)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots()
    n = len(maximums)
    ax.bar(list(range(n)), maximums - minimums, color="r", align="center")
    ax.set_title("feature scale")
    plt.xticks(list(range(n)), feature_names)
    plt.xlim([-1, n])
    fig.set_figheight(6)
    fig.set_figwidth(10)
    os.makedirs("./image", exist_ok=True)
    fig.savefig("image/ranges.png", dpi=48)
    plt.close(fig)
