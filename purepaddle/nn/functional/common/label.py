"""Label helpers of paddle.nn.functional.common: label_smooth (op in ops/common/label.py) and
class_center_sample.
"""
import numpy as np

from ...._core.dispatch import apply
from ...._core.methods import TensorMethods
from ...._core.tensor import Tensor
from ....ops import common as _C
from ....tensor._check import kernel_error as _kernel_error
from ....tensor._check import need_tensor as _need_tensor


def label_smooth(label, prior_dist=None, epsilon=0.1, name=None):
    """(1 - epsilon) * label + epsilon * prior (uniform 1/num_classes without prior_dist).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> label = paddle.to_tensor([[0., 1., 0.]])
            >>> F.label_smooth(label, epsilon=0.1)
            Tensor(shape=[1, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[0.03333334, 0.93333334, 0.03333334]])
    """
    if epsilon > 1.0 or epsilon < 0.0:
        raise ValueError("The value of epsilon must be between 0 and 1.")
    if not isinstance(label, TensorMethods):
        _need_tensor(label, "label_smooth", "label")
    if not label.dtype.is_floating:
        raise _kernel_error("label_smooth", label.dtype, "float64, float32")
    return apply(_C.LabelSmooth, label, prior_dist, epsilon=float(np.float32(epsilon)))


def class_center_sample(label, num_classes, num_samples, group=None):
    """Sample class centers for PartialFC: every positive class in label plus random negatives up to
    num_samples; returns (label remapped into the sampled list, the sampled class ids).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn.functional as F
            >>> label = paddle.to_tensor([3, 1, 3], dtype='int64')
            >>> remapped, sampled = F.class_center_sample(label, 10, 2)
            >>> remapped
            Tensor(shape=[3], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [1, 0, 1])
            >>> sampled
            Tensor(shape=[2], dtype=int64, place=Place(cpu), stop_gradient=True,
                   [1, 3])
    """
    from ...._core import distribution
    from ...._core.generator import engine
    from .dropout import _program_seed
    if not isinstance(label, TensorMethods):
        _need_tensor(label, "class_center_sample", "label")
    if label.dtype.name not in ("int32", "int64"):
        raise TypeError(f"The data type of 'label' in class_center_sample must be int32 or int64, but received "
                        f"{label.dtype.name}.")
    if num_samples > num_classes:
        raise ValueError(f"Expected num_samples less than or equal to {num_classes}, got num_samples {num_samples}")
    lab = label.numpy().reshape(-1)
    if lab.size and (lab.min() < 0 or lab.max() >= num_classes):
        raise ValueError(f"(InvalidArgument) The value of label should be in [0, {num_classes}).")
    pos = np.unique(lab)
    sampled = pos
    if pos.size < num_samples:
        # Paddle's kernel: uniform_int(0, num_classes - 1) draws, new ones kept in draw order, until
        # num_samples are in; from a fresh engine of the main program's random_seed when set, else
        # from std::random_device (unseeded: here the global engine, so paddle.seed repeats it)
        st = distribution.Scalars(engine(_program_seed() or 0))
        seen, neg = set(pos.tolist()), []
        while len(seen) < num_samples:
            c = st.uniform_int(0, num_classes - 1)
            if c not in seen:
                seen.add(c)
                neg.append(c)
        st.close()
        sampled = np.concatenate([pos, np.array(neg, np.int64)])
    remap = np.searchsorted(pos, lab)
    dt = label.numpy().dtype
    return (Tensor(remap.astype(dt).reshape(label.shape)), Tensor(sampled.astype(dt)))
