"""Flowers and VOC2012 read Paddle's file formats (a tiny synthetic 102flowers.tgz / imagelabels.mat / setid.mat
and VOCtrainval tarball built here), and name the URL and cache path when the files are absent."""
import io
import os
import struct
import sys
import tarfile
import zlib

import numpy as np
import pytest

from purepaddle.vision.datasets import VOC2012, Flowers
from purepaddle.vision.datasets.matfile import loadmat


def _mat_element(typ, data):
    pad = -len(data) % 8
    return struct.pack("<II", typ, len(data)) + data + b"\0" * pad


def _mat_var(name, arr, compress):
    """A level-5 miMATRIX element holding a 2-D double or int32 array (what MATLAB's save writes)."""
    cls, mi = (6, 9) if arr.dtype == np.float64 else (12, 5)
    body = (_mat_element(6, struct.pack("<II", cls, 0)) + _mat_element(5, np.asarray(arr.shape, "<i4").tobytes())
            + _mat_element(1, name.encode()) + _mat_element(mi, arr.T.astype(arr.dtype.newbyteorder("<")).tobytes()))
    elem = struct.pack("<II", 14, len(body)) + body
    if compress:
        z = zlib.compress(elem)
        return struct.pack("<II", 15, len(z)) + z
    return elem


def write_mat(path, compress=True, **arrays):
    header = b"MATLAB 5.0 MAT-file, purepaddle test".ljust(116, b" ") + b"\0" * 8 + struct.pack("<H", 0x0100) + b"IM"
    with open(path, "wb") as f:
        f.write(header + b"".join(_mat_var(k, v, compress) for k, v in arrays.items()))


@pytest.mark.parametrize("compress", [True, False])
def test_matfile_reader(tmp_path, compress, monkeypatch):
    monkeypatch.setitem(sys.modules, "scipy", None)
    write_mat(tmp_path / "a.mat", compress, labels=np.array([[3.0, 1.0, 2.0]]), ids=np.array([[5], [7]], "int32"))
    got = loadmat(str(tmp_path / "a.mat"))
    np.testing.assert_array_equal(got["labels"], [[3, 1, 2]])
    assert got["labels"].dtype == np.float64
    np.testing.assert_array_equal(got["ids"], [[5], [7]])


def _flowers_files(tmp_path):
    data = tmp_path / "102flowers.tgz"
    with tarfile.open(data, "w:gz") as tar:
        for i in range(1, 6):
            blob = f"image {i}".encode()
            info = tarfile.TarInfo(f"jpg/image_{i:05}.jpg")
            info.size = len(blob)
            tar.addfile(info, io.BytesIO(blob))
    write_mat(tmp_path / "imagelabels.mat", labels=np.array([[4.0, 4.0, 7.0, 1.0, 2.0]]))
    write_mat(tmp_path / "setid.mat", trnid=np.array([[1, 3]], "int32"), valid=np.array([[2]], "int32"),
              tstid=np.array([[5, 4]], "int32"))
    return str(data), str(tmp_path / "imagelabels.mat"), str(tmp_path / "setid.mat")


def test_flowers_reads_paddles_files(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "scipy", None)
    data, labels, setid = _flowers_files(tmp_path)
    sizes = {}
    for mode in ("train", "valid", "test"):
        ds = Flowers(data, labels, setid, mode=mode, backend="cv2")
        sizes[mode] = len(ds)
    assert sizes == {"train": 2, "valid": 1, "test": 2}  # Paddle trains on tstid and tests on trnid
    ds = Flowers(data, labels, setid, mode="train", backend="cv2")
    assert list(ds.indexes) == [5, 4] and list(ds.labels[ds.indexes - 1]) == [2, 1]
    assert os.path.isfile(os.path.join(str(tmp_path), "102flowers", "jpg", "image_00005.jpg"))
    monkeypatch.setitem(sys.modules, "PIL", None)
    with pytest.raises(ImportError, match=r"purepaddle\[vision\]"):
        ds[0]


def test_flowers_items_with_pillow(tmp_path):
    pil = pytest.importorskip("PIL.Image")
    data, labels, setid = _flowers_files(tmp_path)
    root = tmp_path / "102flowers" / "jpg"
    root.mkdir(parents=True)
    for i in range(1, 6):
        pil.new("RGB", (4, 3), (i * 40, 0, 0)).save(root / f"image_{i:05}.jpg")
    img, label = Flowers(data, labels, setid, mode="valid", backend="cv2")[0]
    assert img.shape == (3, 4, 3) and img.dtype == np.float32 and label.tolist() == [4] and label.dtype == np.int64


def _voc_tar(tmp_path, images):
    path = tmp_path / "VOCtrainval_11-May-2012.tar"
    with tarfile.open(path, "w") as tar:
        def add(name, blob):
            info = tarfile.TarInfo(name)
            info.size = len(blob)
            tar.addfile(info, io.BytesIO(blob))
        for split, stems in {"trainval": ["a", "b", "c"], "train": ["a"], "val": ["b", "c"]}.items():
            add(f"VOCdevkit/VOC2012/ImageSets/Segmentation/{split}.txt", "".join(s + "\n" for s in stems).encode())
        for stem in "abc":
            img, mask = images(stem)
            add(f"VOCdevkit/VOC2012/JPEGImages/{stem}.jpg", img)
            add(f"VOCdevkit/VOC2012/SegmentationClass/{stem}.png", mask)
    return str(path)


def test_voc2012_reads_paddles_tarball(tmp_path, monkeypatch):
    path = _voc_tar(tmp_path, lambda s: (s.encode(), s.encode()))
    assert {m: len(VOC2012(path, mode=m, backend="cv2")) for m in ("train", "valid", "test")} == \
        {"train": 3, "valid": 2, "test": 1}
    ds = VOC2012(path, mode="valid", backend="cv2")
    assert ds.data == ["VOCdevkit/VOC2012/JPEGImages/b.jpg", "VOCdevkit/VOC2012/JPEGImages/c.jpg"]
    assert ds.labels[1] == "VOCdevkit/VOC2012/SegmentationClass/c.png"
    monkeypatch.setitem(sys.modules, "PIL", None)
    with pytest.raises(ImportError, match="Pillow"):
        ds[0]


def test_voc2012_items_with_pillow(tmp_path):
    pil = pytest.importorskip("PIL.Image")

    def images(stem):
        a, b = io.BytesIO(), io.BytesIO()
        pil.new("RGB", (5, 4), (10, 20, 30)).save(a, format="JPEG")
        pil.fromarray(np.full((4, 5), 3, np.uint8)).save(b, format="PNG")
        return a.getvalue(), b.getvalue()
    data, label = VOC2012(_voc_tar(tmp_path, images), mode="test", backend="cv2")[0]
    assert data.shape == (4, 5, 3) and data.dtype == np.float32 and label.shape == (4, 5) and label.max() == 3


def test_missing_files_name_url_and_cache_path(monkeypatch, tmp_path):
    from purepaddle.utils import download
    monkeypatch.setattr(download, "DATA_HOME", str(tmp_path))
    monkeypatch.setenv("PUREPADDLE_OFFLINE", "1")
    with pytest.raises(FileNotFoundError, match=r"102flowers\.tgz.*" + str(tmp_path)):
        Flowers(backend="cv2")
    with pytest.raises(FileNotFoundError, match="VOCtrainval_11-May-2012.tar"):
        VOC2012(backend="cv2")
    with pytest.raises(AssertionError, match="downloading automatically is disabled"):
        VOC2012(download=False, backend="cv2")
    with pytest.raises(AssertionError, match="mode should be"):
        Flowers(mode="dev")
