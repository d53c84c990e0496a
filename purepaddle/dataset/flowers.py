"""paddle.dataset.flowers: Oxford 102 Flowers readers over 102flowers.tgz, imagelabels.mat and setid.mat in Paddle's
cache (~/.cache/paddle/dataset/flowers/). The .mat files are read with SciPy and the images decoded and transformed
with paddle.dataset.image (OpenCV), as in Paddle; as there, 'train' reads the set Paddle names tstid and 'test'
trnid."""
import functools
import tarfile
from multiprocessing import cpu_count

from ..reader import map_readers, xmap_readers
from .common import download
from ._deprecation import superseded_by
from .image import load_image_bytes, simple_transform

__all__ = []

DATA_URL = "http://paddlemodels.bj.bcebos.com/flowers/102flowers.tgz"
LABEL_URL = "http://paddlemodels.bj.bcebos.com/flowers/imagelabels.mat"
SETID_URL = "http://paddlemodels.bj.bcebos.com/flowers/setid.mat"
DATA_MD5 = "52808999861908f626f3c1f4e79d11fa"
LABEL_MD5 = "e0620be6f572b9609742df49c70aed4d"
SETID_MD5 = "a5357ecc9cb78c4bef273ce3793fc85c"
TRAIN_FLAG = "tstid"
TEST_FLAG = "trnid"
VALID_FLAG = "valid"


def default_mapper(is_train, sample):
    """(encoded image, label) -> (flat float32 CHW 224x224 image, minus the BGR mean, label)."""
    img, label = sample
    img = simple_transform(load_image_bytes(img), 256, 224, is_train, mean=[103.94, 116.78, 123.68])
    return img.flatten().astype("float32"), label


train_mapper = functools.partial(default_mapper, True)
test_mapper = functools.partial(default_mapper, False)


def encoded_samples(data_file, label_file, setid_file, dataset_name):
    """(jpeg bytes, label - 1) of the archive's images in the set `dataset_name` of setid.mat, in archive order."""
    try:
        import scipy.io as scio
    except ImportError as e:
        raise ImportError("paddle.dataset.flowers reads its .mat files with SciPy: pip install scipy") from e
    labels = scio.loadmat(label_file)["labels"][0]
    indexes = scio.loadmat(setid_file)[dataset_name][0]
    img2label = {f"jpg/image_{i:05}.jpg": labels[i - 1] for i in indexes}
    with tarfile.open(data_file) as tf:
        for mem in tf.getmembers():
            if mem.name in img2label:
                yield tf.extractfile(mem).read(), int(img2label[mem.name]) - 1


def reader_creator(data_file, label_file, setid_file, dataset_name, mapper, buffered_size=1024, use_xmap=True,
                   cycle=False):
    """A reader creator of mapper((encoded image, label)) over one set (mapped in threads when use_xmap).

    Args:
        data_file (str): 102flowers.tgz.
        label_file (str): imagelabels.mat.
        setid_file (str): setid.mat.
        dataset_name (str): 'tstid', 'trnid' or 'valid'.
        mapper (callable): the sample transform.
        buffered_size (int, optional): the xmap queue size. Default 1024.
        use_xmap (bool, optional): map in up to 4 threads. Default True.
        cycle (bool, optional): accepted for Paddle's signature (unused there too).

    Returns:
        callable: the reader creator.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs the flowers files, SciPy and OpenCV")
            >>> r = paddle.dataset.flowers.train()
    """
    def reader():
        yield from encoded_samples(data_file, label_file, setid_file, dataset_name)
    if use_xmap:
        return xmap_readers(mapper, reader, min(4, cpu_count()), buffered_size)
    return map_readers(mapper, reader)


def _files():
    return (download(DATA_URL, "flowers", DATA_MD5), download(LABEL_URL, "flowers", LABEL_MD5),
            download(SETID_URL, "flowers", SETID_MD5))


@superseded_by("paddle.vision.datasets.Flowers")
def train(mapper=train_mapper, buffered_size=1024, use_xmap=True, cycle=False):
    """The training reader creator (Paddle's tstid set).

    Returns:
        callable: yields (float32 [3 * 224 * 224], label).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs ~/.cache/paddle/dataset/flowers, SciPy and OpenCV")
            >>> image, label = next(paddle.dataset.flowers.train()())
    """
    return reader_creator(*_files(), TRAIN_FLAG, mapper, buffered_size, use_xmap, cycle=cycle)


@superseded_by("paddle.vision.datasets.Flowers")
def test(mapper=test_mapper, buffered_size=1024, use_xmap=True, cycle=False):
    """The test reader creator (Paddle's trnid set)."""
    return reader_creator(*_files(), TEST_FLAG, mapper, buffered_size, use_xmap, cycle=cycle)


@superseded_by("paddle.vision.datasets.Flowers")
def valid(mapper=test_mapper, buffered_size=1024, use_xmap=True):
    """The validation reader creator."""
    return reader_creator(*_files(), VALID_FLAG, mapper, buffered_size, use_xmap)


def fetch():
    """Check that the three flowers files are in the cache (purepaddle never downloads; a missing one raises)."""
    _files()
