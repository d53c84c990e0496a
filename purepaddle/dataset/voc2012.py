"""paddle.dataset.voc2012: PASCAL VOC 2012 segmentation readers over VOCtrainval_11-May-2012.tar in Paddle's
cache (~/.cache/paddle/dataset/voc2012/): (image HWC uint8, class-index label map) per image named in the split's
list, decoded with Pillow."""
import io
import tarfile

import numpy as np

from .common import download
from ._deprecation import superseded_by

__all__ = []

VOC_URL = "http://host.robots.ox.ac.uk/pascal/VOC/voc2012/VOCtrainval_11-May-2012.tar"
VOC_MD5 = "6cd6e144f989b92b3379bac3b3de84fd"
SET_FILE = "VOCdevkit/VOC2012/ImageSets/Segmentation/{}.txt"
DATA_FILE = "VOCdevkit/VOC2012/JPEGImages/{}.jpg"
LABEL_FILE = "VOCdevkit/VOC2012/SegmentationClass/{}.png"
CACHE_DIR = "voc2012"


def encoded_pairs(tarobject, members, sub_name):
    """(jpeg bytes, png bytes) of each image named in the split's list file. The names are decoded first: Paddle
    formats the raw bytes of each line into the member name ("b'2007_000032'.jpg") and fails with a KeyError."""
    for line in tarobject.extractfile(members[SET_FILE.format(sub_name)]):
        line = line.strip().decode()
        yield (tarobject.extractfile(members[DATA_FILE.format(line)]).read(),
               tarobject.extractfile(members[LABEL_FILE.format(line)]).read())


def reader_creator(filename, sub_name):
    """A reader creator of (image, label) arrays of the split `sub_name` ('trainval', 'train', 'val').

    Args:
        filename (str): the VOC tar archive.
        sub_name (str): the split list's name.

    Returns:
        callable: the reader creator.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs the VOC2012 archive")
            >>> r = paddle.dataset.voc2012.reader_creator('VOCtrainval_11-May-2012.tar', 'val')
    """
    tarobject = tarfile.open(filename)
    members = {m.name: m for m in tarobject.getmembers()}

    def reader():
        try:
            from PIL import Image
        except ImportError as e:
            raise ImportError("paddle.dataset.voc2012 decodes its images with Pillow: pip install pillow") from e
        for data, label in encoded_pairs(tarobject, members, sub_name):
            yield np.array(Image.open(io.BytesIO(data))), np.array(Image.open(io.BytesIO(label)))
    return reader


@superseded_by("paddle.vision.datasets.VOC2012")
def train():
    """The 'trainval' split's reader creator.

    Returns:
        callable: yields (image, label) arrays.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> # doctest: +SKIP("needs ~/.cache/paddle/dataset/voc2012/VOCtrainval_11-May-2012.tar")
            >>> image, label = next(paddle.dataset.voc2012.train()())
    """
    return reader_creator(download(VOC_URL, CACHE_DIR, VOC_MD5), "trainval")


@superseded_by("paddle.vision.datasets.VOC2012")
def test():
    """The 'train' split's reader creator (Paddle's test split)."""
    return reader_creator(download(VOC_URL, CACHE_DIR, VOC_MD5), "train")


@superseded_by("paddle.vision.datasets.VOC2012")
def val():
    """The 'val' split's reader creator."""
    return reader_creator(download(VOC_URL, CACHE_DIR, VOC_MD5), "val")
