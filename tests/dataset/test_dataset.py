"""paddle.dataset's image readers (mnist, cifar) and common helpers on tiny fake files in Paddle's cache layout
(the values are Paddle's formulas: mnist x / 255 * 2 - 1 in float32 read in blocks of 100, cifar x / 255)."""
import gzip
import io
import json
import os
import pickle
import struct
import tarfile

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.dataset import common


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setattr(common, "DATA_HOME", str(tmp_path))
    return tmp_path


def _write_mnist(folder, prefix, n, rng):
    os.makedirs(folder, exist_ok=True)
    images = rng.randint(0, 256, (n, 28, 28)).astype(np.uint8)
    labels = rng.randint(0, 10, n).astype(np.uint8)
    with gzip.open(folder / f"{prefix}-images-idx3-ubyte.gz", "wb") as f:
        f.write(struct.pack(">IIII", 2051, n, 28, 28) + images.tobytes())
    with gzip.open(folder / f"{prefix}-labels-idx1-ubyte.gz", "wb") as f:
        f.write(struct.pack(">II", 2049, n) + labels.tobytes())
    return images, labels


def test_mnist_reader(cache):
    rng = np.random.RandomState(0)
    images, labels = _write_mnist(cache / "mnist", "t10k", 200, rng)
    got = list(paddle.dataset.mnist.test()())
    assert len(got) == 200
    want = images.reshape(200, -1).astype("float32") / 255.0 * 2.0 - 1.0
    for (img, lab), w, wl in zip(got, want, labels):
        assert img.dtype == np.float32 and img.shape == (784,) and type(lab) is int
        np.testing.assert_array_equal(img, w)
        assert lab == wl
    _write_mnist(cache / "mnist", "train", 150, rng)  # not a multiple of the block of 100: Paddle's struct error
    with pytest.raises(struct.error):
        list(paddle.dataset.mnist.train()())


def test_cifar_reader(cache):
    rng = np.random.RandomState(1)
    os.makedirs(cache / "cifar")
    data = rng.randint(0, 256, (2, 3072)).astype(np.uint8)
    with tarfile.open(cache / "cifar" / "cifar-100-python.tar.gz", "w:gz") as t:
        blob = pickle.dumps({b"data": data, b"fine_labels": [7, 9], b"coarse_labels": [1, 2]}, protocol=2)
        info = tarfile.TarInfo("cifar-100-python/train")
        info.size = len(blob)
        t.addfile(info, io.BytesIO(blob))
    got = list(paddle.dataset.cifar.train100()())
    assert [lab for _, lab in got] == [7, 9]
    np.testing.assert_array_equal(got[0][0], (data[0] / 255.0).astype(np.float32))
    assert list(paddle.dataset.cifar.test100()()) == []
    with pytest.raises(RuntimeError, match="cifar-10-python.tar.gz"):
        paddle.dataset.cifar.train10()


def test_common_download_split_and_cluster_reader(cache, tmp_path_factory):
    with pytest.raises(RuntimeError) as e:
        common.download("https://example.com/a/b.tgz", "some_set", "0" * 32)
    assert "https://example.com/a/b.tgz" in str(e.value) and str(cache / "some_set" / "b.tgz") in str(e.value)
    os.makedirs(cache / "some_set")
    (cache / "some_set" / "other.bin").write_bytes(b"")
    assert common.download("https://example.com/x.bin", "some_set", None, "other.bin") == \
        str(cache / "some_set" / "other.bin")
    assert common.md5file(str(cache / "some_set" / "other.bin")) == "d41d8cd98f00b204e9800998ecf8427e"
    out = tmp_path_factory.mktemp("split")
    common.split(lambda: iter(range(7)), 3, str(out / "part-%02d.json"), json.dump)
    assert [json.loads((out / f"part-0{i}.json").read_text()) for i in range(2)] == [[0, 1, 2, 3], [4, 5, 6]]
    r = common.cluster_files_reader(str(out / "part-*.json"), 2, 1, json.load)
    assert list(r()) == [4, 5, 6]
    with pytest.raises(TypeError, match="dumper should be callable"):
        common.split(lambda: iter([1]), 1, str(out / "x%d"), None)


def test_voc2012_pairs_and_image_helpers(tmp_path):
    """The split list's names find their members (Paddle's reader fails with a KeyError on the bytes names);
    decoding needs Pillow, so the encoded pairs are checked here."""
    path = tmp_path / "voc.tar"
    with tarfile.open(path, "w") as t:
        for name, data in (("VOCdevkit/VOC2012/ImageSets/Segmentation/val.txt", b"img_a\nimg_b\n"),
                           ("VOCdevkit/VOC2012/JPEGImages/img_a.jpg", b"A"),
                           ("VOCdevkit/VOC2012/SegmentationClass/img_a.png", b"a"),
                           ("VOCdevkit/VOC2012/JPEGImages/img_b.jpg", b"B"),
                           ("VOCdevkit/VOC2012/SegmentationClass/img_b.png", b"b")):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
    voc = paddle.dataset.voc2012
    with tarfile.open(path) as tf:
        members = {m.name: m for m in tf.getmembers()}
        assert list(voc.encoded_pairs(tf, members, "val")) == [(b"A", b"a"), (b"B", b"b")]
    image = paddle.dataset.image
    im = np.arange(60).reshape(4, 5, 3)
    assert image.to_chw(im).shape == (3, 4, 5)
    np.testing.assert_array_equal(image.center_crop(im, 2), im[1:3, 1:3, :])
    np.testing.assert_array_equal(image.left_right_flip(im), im[:, ::-1, :])
    np.random.seed(3)
    crop = image.random_crop(im, 2)
    np.random.seed(3)
    h, w = np.random.randint(0, 3), np.random.randint(0, 4)
    np.testing.assert_array_equal(crop, im[h:h + 2, w:w + 2, :])


def test_readers_warn_as_paddle_deprecated_them(cache):
    from purepaddle.dataset._deprecation import VisibleDeprecationWarning
    with pytest.warns(VisibleDeprecationWarning, match=r'API "paddle.dataset.mnist.train" is deprecated since 2.0.0'
                      r'.*Please use "paddle.vision.datasets.MNIST" instead'):
        with pytest.raises(RuntimeError, match="train-images-idx3-ubyte.gz"):
            paddle.dataset.mnist.train()
    with pytest.warns(VisibleDeprecationWarning, match="paddle.dataset.movielens.__reader_creator__"):
        paddle.dataset.movielens.train()
    with pytest.raises(RuntimeError, match="is not in Paddle's cache"):
        common.fetch_all()
