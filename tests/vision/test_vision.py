"""paddle.vision: LeNet, transforms (NumPy / Tensor images), MNIST from local idx files, Digits."""
import gzip
import struct

import numpy as np
import pytest

import purepaddle as paddle
import purepaddle.vision.transforms as T
import purepaddle.vision.transforms.functional as F
from purepaddle.vision.datasets import MNIST, Digits, FashionMNIST
from purepaddle.vision.models import LeNet


# -- LeNet -------------------------------------------------------------------------------------
def test_lenet_structure_and_output():
    net = LeNet()
    names = [n for n, _ in net.named_parameters()]
    assert names == ["features.0.weight", "features.0.bias", "features.3.weight", "features.3.bias",
                     "fc.0.weight", "fc.0.bias", "fc.1.weight", "fc.1.bias", "fc.2.weight", "fc.2.bias"]
    shapes = [p.shape for p in net.parameters()]
    assert shapes == [[6, 1, 3, 3], [6], [16, 6, 5, 5], [16], [400, 120], [120], [120, 84], [84], [84, 10], [10]]
    assert sum(int(np.prod(s)) for s in shapes) == 61610  # Paddle's summary total
    out = net(paddle.rand([2, 1, 28, 28]))
    assert out.shape == [2, 10] and out.dtype == paddle.float32
    assert paddle.vision.models.LeNet is LeNet and paddle.vision.LeNet is LeNet


def test_lenet_without_classifier():
    net = LeNet(num_classes=0)
    assert not hasattr(net, "fc")
    assert net(paddle.rand([1, 1, 28, 28])).shape == [1, 16, 5, 5]


# -- transforms --------------------------------------------------------------------------------
def test_to_tensor():
    img = np.arange(24, dtype="uint8").reshape(2, 3, 4)
    t = T.ToTensor()(img)
    assert t.shape == [4, 2, 3] and t.dtype == paddle.float32
    np.testing.assert_allclose(t.numpy(), img.transpose(2, 0, 1) / 255.0, rtol=1e-6)
    assert F.to_tensor(img, "HWC").shape == [2, 3, 4]
    assert F.to_tensor(img[:, :, 0]).shape == [1, 2, 3]
    assert F.to_tensor(img.astype("float64")).dtype == paddle.float64  # only uint8 is rescaled
    assert F.to_tensor(img.astype("int32")).dtype == paddle.int32
    msg = r"pic should be PIL Image or Tensor Image or ndarray with dim=\[2 or 3\]. Got <class 'list'>"
    with pytest.raises(TypeError, match=msg):
        F.to_tensor([1, 2, 3])


def test_normalize_and_transpose_compose():
    t = T.Compose([T.Transpose(), T.Normalize([127.5], [127.5])])
    out = t(np.full((28, 28), 255.0, dtype="float32"))
    assert out.shape == (1, 28, 28) and out.dtype == np.float32 and np.all(out == 1.0)
    assert T.Normalize(127.5, 127.5).mean == [127.5, 127.5, 127.5]
    hwc = np.ones((2, 2, 3), dtype="uint8")
    out = F.normalize(hwc, [1.0, 2.0, 3.0], [1.0, 1.0, 2.0], data_format="HWC")
    assert out.dtype == np.float32 and out[0, 0].tolist() == [0.0, -1.0, -1.0]
    # Paddle reverses the last axis for to_rgb whatever the layout; kept as in Paddle
    chw = np.arange(12, dtype="float64").reshape(3, 2, 2)
    assert F.normalize(chw, [1, 2, 3], [1, 1, 2], to_rgb=True)[:, 0, 0].tolist() == [0.0, 3.0, 3.0]
    tens = F.normalize(paddle.to_tensor(chw.astype("float32")), [1.0, 2.0, 3.0], [1.0, 1.0, 2.0])
    assert tens.numpy()[:, 0, 0].tolist() == [-1.0, 2.0, 2.5]


def test_resize_matches_paddle_bilinear_and_nearest():
    x = paddle.arange(16, dtype="float32").reshape([1, 4, 4])
    up = F.resize(x, (6, 6))  # Paddle 3.3.1 (F.interpolate, half-pixel centres)
    np.testing.assert_allclose(up.numpy()[0, 0], [0, 0.5, 1.1666666, 1.8333334, 2.5, 3.0], rtol=1e-6)
    np.testing.assert_allclose(up.numpy()[0, 2], [4.666667, 5.166667, 5.833333, 6.5, 7.166667, 7.666667], rtol=1e-6)
    assert F.resize(x, 2).numpy().tolist() == [[[2.5, 4.5], [10.5, 12.5]]]
    near = F.resize(x, (3, 5), "nearest").numpy()[0]
    assert near.tolist() == [[0, 0, 1, 2, 3], [4, 4, 5, 6, 7], [8, 8, 9, 10, 11]]
    # NumPy HWC: the int size sets the shorter side; uint8 stays uint8 (rounded)
    img = np.zeros((256, 300, 3), dtype="uint8")
    assert T.Resize(224)(img).shape == (224, 262, 3)
    assert T.Resize((200, 150))(img).shape == (200, 150, 3)
    small = F.resize(np.arange(16, dtype="uint8").reshape(4, 4) * 10, 2)
    assert small.dtype == np.uint8 and small.tolist() == [[25, 45], [105, 125]]
    same = np.ones((5, 4, 1), dtype="float32")
    assert F.resize(same, 4) is same


def test_flips_crops_pads():
    img = np.arange(12).reshape(3, 4)
    assert F.hflip(img)[0].tolist() == [3, 2, 1, 0] and F.vflip(img)[0].tolist() == [8, 9, 10, 11]
    assert T.RandomHorizontalFlip(prob=0)(img) is img
    flipped = T.RandomHorizontalFlip(prob=1)(paddle.to_tensor([[[0, 0, 1], [0, 0, 1], [1, 1, 1]]]))
    assert flipped.tolist() == [[[1, 0, 0], [1, 0, 0], [1, 1, 1]]]
    assert T.RandomVerticalFlip(prob=1)(paddle.to_tensor([[[0, 1], [2, 3]]])).tolist() == [[[2, 3], [0, 1]]]
    assert F.crop(img, 1, 1, 2, 2).tolist() == [[5, 6], [9, 10]]
    assert T.CenterCrop(224)(np.zeros((300, 320, 3))).shape == (224, 224, 3)
    assert F.center_crop(paddle.to_tensor(np.arange(24.0).reshape(2, 3, 4)), 2).numpy()[0].tolist() == [[1, 2], [5, 6]]
    assert T.Pad(2)(np.zeros((224, 224, 3), dtype="uint8")).shape == (228, 228, 3)
    assert F.pad(paddle.zeros([2, 3, 4]), (1, 2, 3, 4)).shape == [2, 9, 8]
    assert F.pad(np.arange(4).reshape(2, 2), (1, 0), padding_mode="reflect").tolist() == [[1, 0, 1, 0], [3, 2, 3, 2]]
    assert T.RandomCrop(2)(np.zeros((4, 5))).shape == (2, 2)
    assert T.Grayscale()(np.zeros((4, 4, 3), dtype="uint8")).shape == (4, 4, 1)
    with pytest.raises(ValueError, match="Padding must be an int or a 2, or 4 element tuple"):
        T.Pad((1, 2, 3))


def test_base_transform_keys():
    class AddOne(T.BaseTransform):
        def _apply_image(self, image):
            return image + 1

    img, label = np.zeros(2), 7
    out = AddOne(keys=("image",))((img, label))  # extra elements pass through
    assert out[0].tolist() == [1.0, 1.0] and out[1] == 7
    with pytest.raises(NotImplementedError, match="points is unsupported data structure"):
        AddOne(keys=("image", "points"))


def test_image_backend():
    old = paddle.vision.get_image_backend()
    try:
        paddle.vision.set_image_backend("cv2")
        assert paddle.vision.get_image_backend() == "cv2"
        with pytest.raises(ValueError, match=r"Expected backend are one of \['pil', 'cv2', 'tensor'\]"):
            paddle.vision.set_image_backend("x")
    finally:
        paddle.vision.set_image_backend(old)


# -- MNIST from local files --------------------------------------------------------------------
def _write_idx(tmp_path, n=5, compress=True):
    rng = np.random.default_rng(0)
    images = rng.integers(0, 256, (n, 28, 28)).astype(np.uint8)
    labels = rng.integers(0, 10, n).astype(np.uint8)
    img_raw = struct.pack(">IIII", 2051, n, 28, 28) + images.tobytes()
    lbl_raw = struct.pack(">II", 2049, n) + labels.tobytes()
    ip, lp = tmp_path / "imgs.gz", tmp_path / "lbls"
    ip.write_bytes(gzip.compress(img_raw) if compress else img_raw)
    lp.write_bytes(lbl_raw)
    return str(ip), str(lp), images, labels


def test_mnist_reads_local_idx_files(tmp_path):
    ip, lp, images, labels = _write_idx(tmp_path)
    ds = MNIST(image_path=ip, label_path=lp, mode="test", backend="cv2")
    assert len(ds) == 5
    img, lbl = ds[3]
    assert img.shape == (28, 28) and img.dtype == np.float32 and lbl.dtype == np.int64
    assert np.array_equal(img, images[3]) and lbl.tolist() == [labels[3]]
    tds = MNIST(image_path=ip, label_path=lp, backend="cv2",
                transform=T.Compose([T.Transpose(), T.Normalize([127.5], [127.5])]))
    img, _ = tds[0]
    assert img.shape == (1, 28, 28)
    np.testing.assert_allclose(img, (images[0][None] - 127.5) / 127.5, rtol=1e-6)
    assert ds.images.shape == (5, 784) and ds.images.dtype == np.float32  # the layout subclasses read


def test_mnist_default_backend_scales_like_paddle(tmp_path):
    """Paddle's default backend gives ToTensor uint8 pixels, so images land in [0, 1]; without Pillow the
    same must hold (a tutorial silently training on 0..255 inputs is the failure this guards)."""
    ip, lp, images, _ = _write_idx(tmp_path)
    ds = MNIST(image_path=ip, label_path=lp, mode="test", transform=T.ToTensor())
    img, _ = ds[2]
    assert img.shape == [1, 28, 28] and img.dtype == paddle.float32
    np.testing.assert_allclose(img.numpy()[0], images[2] / 255.0, rtol=1e-6)
    raw, _ = MNIST(image_path=ip, label_path=lp, mode="test")[2]
    assert np.asarray(raw).dtype == np.uint8 and np.array_equal(np.asarray(raw), images[2].astype(np.uint8))


def test_mnist_missing_files_say_where(tmp_path, monkeypatch):
    from purepaddle.vision.datasets import mnist
    monkeypatch.setattr(mnist, "DATA_HOME", str(tmp_path))
    with pytest.raises(FileNotFoundError) as e:
        MNIST(mode="train")
    msg = str(e.value)
    assert "train-images-idx3-ubyte.gz" in msg and str(tmp_path / "mnist") in msg and "never downloads" in msg
    with pytest.raises(FileNotFoundError, match="fashion-mnist"):
        FashionMNIST(mode="test")
    with pytest.raises(AssertionError, match="image_path is not set and downloading automatically is disabled"):
        MNIST(download=False)
    with pytest.raises(AssertionError, match="mode should be 'train' or 'test', but got val"):
        MNIST(mode="val")
    with pytest.raises(ValueError, match=r"Expected backend are one of \['pil', 'cv2'\], but got x"):
        MNIST(image_path="a", label_path="b", backend="x")


def test_mnist_uses_paddle_cache_folder(tmp_path, monkeypatch):
    from purepaddle.vision.datasets import mnist
    folder = tmp_path / "mnist"
    folder.mkdir()
    ip, lp, images, _ = _write_idx(folder, n=3)
    (folder / "imgs.gz").rename(folder / "t10k-images-idx3-ubyte.gz")
    (folder / "lbls").rename(folder / "t10k-labels-idx1-ubyte.gz")
    monkeypatch.setattr(mnist, "DATA_HOME", str(tmp_path))
    ds = MNIST(mode="test", backend="cv2")
    assert len(ds) == 3 and np.array_equal(ds[1][0], images[1])


def test_mnist_rejects_non_idx(tmp_path):
    bad = tmp_path / "bad"
    bad.write_bytes(b"\x00\x00\x08\x01" + b"\x00" * 12)
    with pytest.raises(ValueError, match="not an idx image file"):
        MNIST(image_path=str(bad), label_path=str(bad), backend="cv2")


# -- Digits (bundled) --------------------------------------------------------------------------
def test_digits_bundled_dataset():
    train, test, full = Digits(mode="train"), Digits(mode="test"), Digits(mode="all")
    assert (len(train), len(test), len(full)) == (1500, 297, 1797)
    img, lbl = train[0]
    assert img.shape == (1, 28, 28) and img.dtype == np.float32 and lbl.shape == (1,) and lbl.dtype == np.int64
    assert img.min() >= -1.0 and img.max() <= 1.0
    assert np.all(img[:, :3] == -1.0) and np.all(img[:, -3:] == -1.0)  # MNIST-like blank border
    # train and test are disjoint and together cover the data set
    key = lambda ds: {ds.images[i].tobytes() + ds.labels[i].tobytes() for i in range(len(ds))}  # noqa: E731
    assert not key(train) & key(test)
    assert np.bincount(full.labels.ravel()).tolist() == [178, 182, 177, 183, 181, 182, 181, 179, 174, 180]
    small = Digits(mode="test", image_size=8, transform=lambda a: a * 0)
    assert small[0][0].shape == (1, 8, 8) and not small[0][0].any()
    with pytest.raises(ValueError, match="mode should be 'train', 'test' or 'all'"):
        Digits(mode="val")


# -- ResNet (seeded parameters: tests/nn/test_init_streams.py) -------------------------------------
def test_resnet_structure_and_output():
    from purepaddle.vision.models.resnet import BasicBlock, BottleneckBlock
    net = paddle.vision.models.resnet18(num_classes=5)
    assert paddle.vision.resnet18 is paddle.vision.models.resnet18
    assert [len(getattr(net, f"layer{i}")) for i in range(1, 5)] == [2, 2, 2, 2]
    assert isinstance(net.layer1[0], BasicBlock) and net.layer1[0].downsample is None
    assert net.layer2[0].downsample[0].weight.shape == [128, 64, 1, 1]
    assert sum(int(np.prod(p.shape)) for p in net.parameters()) == 11188677  # Paddle counts BN statistics
    out = net(paddle.rand([2, 3, 32, 32]))
    assert out.shape == [2, 5] and out.dtype == paddle.float32
    wide = paddle.vision.models.wide_resnet50_2(num_classes=0, with_pool=False)
    assert isinstance(wide.layer1[0], BottleneckBlock) and wide.layer1[0].conv2.weight.shape == [128, 128, 3, 3]
    assert wide(paddle.rand([1, 3, 32, 32])).shape == [1, 2048, 1, 1]
    with pytest.raises(FileNotFoundError, match="resnet18.pdparams"):  # not in Paddle's cache: names URL and path
        paddle.vision.models.resnet18(pretrained=True)
    with pytest.raises(NotImplementedError, match="Dilation > 1 not supported in BasicBlock"):
        BasicBlock(4, 4, dilation=2)
