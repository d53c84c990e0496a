"""Legacy (fluid) ops that Paddle's static layers still emit (face): mul (static.nn.fc), lookup_table v1
(static.nn.sparse_embedding), auc, spectral_norm, cvm, nce, assert and the selected-rows ops."""
from .assertion import Assert  # noqa: F401
from .auc import Auc  # noqa: F401
from .cvm import Cvm, CvmGrad  # noqa: F401
from .lookup_table import LookupTable  # noqa: F401
from .mul import Mul, MulGrad  # noqa: F401
from .nce import Nce, NceGrad  # noqa: F401
from .selected_rows import GetTensorFromSelectedRows, MergeSelectedRows  # noqa: F401
from .spectral_norm import SpectralNorm, SpectralNormGrad  # noqa: F401
