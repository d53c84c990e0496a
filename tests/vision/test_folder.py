"""DatasetFolder / ImageFolder list files as real Paddle does (expected values recorded from Paddle 3.3.1 running
the same tree): sorted classes, sorted walk into sub-directories, case-insensitive extensions, Paddle's error."""
import os

import numpy as np
import pytest

from purepaddle.vision.datasets import DatasetFolder, ImageFolder


@pytest.fixture()
def tree(tmp_path):
    for c, files in {"b_cls": ["z.npy", "a.NPY", "x.txt"], "a_cls": ["m.npy"], "c_cls/sub": ["k.npy"]}.items():
        os.makedirs(tmp_path / c, exist_ok=True)
        for f in files:
            if f.lower().endswith(".npy"):
                np.save(tmp_path / c / f, np.zeros(1))
            else:
                (tmp_path / c / f).write_text("")
    return str(tmp_path)


def test_dataset_folder_matches_paddle(tree):
    d = DatasetFolder(tree, loader=lambda p: os.path.relpath(p, tree), extensions=(".npy",))
    assert d.classes == ["a_cls", "b_cls", "c_cls"]
    assert d.class_to_idx == {"a_cls": 0, "b_cls": 1, "c_cls": 2}
    assert [d[i] for i in range(len(d))] == [("a_cls/m.npy", 0), ("b_cls/a.NPY.npy", 1), ("b_cls/z.npy", 1),
                                             ("c_cls/sub/k.npy", 2)]
    assert d.targets == [0, 1, 1, 2]


def test_image_folder_matches_paddle(tree):
    i = ImageFolder(tree, loader=lambda p: os.path.relpath(p, tree), extensions=[".npy"])
    assert [i[k] for k in range(len(i))] == [["a_cls/m.npy"], ["b_cls/a.NPY.npy"], ["b_cls/z.npy"],
                                             ["c_cls/sub/k.npy"]]


def test_no_files_error(tree):
    with pytest.raises(RuntimeError, match="Found 0 directories in subfolders of: .*\nSupported extensions are: .png"):
        DatasetFolder(tree, extensions=(".png",))
    with pytest.raises(RuntimeError, match="Found 0 files in subfolders of"):
        ImageFolder(tree, extensions=(".png",))
