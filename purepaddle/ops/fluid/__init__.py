"""Legacy (fluid) ops that Paddle's static layers still emit (face): mul (static.nn.fc), lookup_table v1
(static.nn.sparse_embedding), auc, spectral_norm, cvm, nce, assert, the selected-rows ops, and l1_norm /
fill_constant_batch_size_like (static.ctr_metric_bundle)."""
from .assertion import Assert  # noqa: F401
from .auc import Auc  # noqa: F401
from .cvm import Cvm, CvmGrad  # noqa: F401
from .l1_norm import FillConstantBatchSizeLike, L1Norm  # noqa: F401
from .lookup_table import LookupTable  # noqa: F401
from .mul import Mul, MulGrad  # noqa: F401
from .nce import Nce, NceGrad  # noqa: F401
from .selected_rows import GetTensorFromSelectedRows, MergeSelectedRows  # noqa: F401
from .spectral_norm import SpectralNorm, SpectralNormGrad  # noqa: F401
