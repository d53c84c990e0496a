"""Builds tiny CIFAR tarballs in argv[1] and saves what Cifar10/Cifar100 read from them (run with real Paddle
and with purepaddle by tests/vision/test_cifar.py)."""
import io, os, pickle, sys, tarfile, numpy as np
from paddle.vision.datasets import Cifar10, Cifar100
d = sys.argv[1]
rs = np.random.RandomState(0)
def add(tf, name, obj):
    b = pickle.dumps(obj); ti = tarfile.TarInfo(name); ti.size = len(b); tf.addfile(ti, io.BytesIO(b))
with tarfile.open(os.path.join(d, "c10.tar.gz"), "w:gz") as tf:
    for n in ("data_batch_2", "data_batch_1", "test_batch"):
        add(tf, "cifar-10-batches-py/" + n, {b"data": rs.randint(0, 255, (3, 3072), dtype=np.uint8), b"labels": list(rs.randint(0, 10, 3))})
with tarfile.open(os.path.join(d, "c100.tar.gz"), "w:gz") as tf:
    for n in ("train", "test"):
        add(tf, "cifar-100-python/" + n, {b"data": rs.randint(0, 255, (2, 3072), dtype=np.uint8), b"fine_labels": list(rs.randint(0, 100, 2))})
out = {}
for cls, f in ((Cifar10, "c10.tar.gz"), (Cifar100, "c100.tar.gz")):
    for mode in ("train", "test"):
        ds = cls(os.path.join(d, f), mode=mode, backend="cv2")
        out[f"{cls.__name__}_{mode}_n"] = np.array(len(ds))
        img, lab = ds[len(ds) - 1]
        out[f"{cls.__name__}_{mode}_img"] = img
        out[f"{cls.__name__}_{mode}_lab"] = lab
np.savez(os.path.join(d, "out.npz"), **out)
