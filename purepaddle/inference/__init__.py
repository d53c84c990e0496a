"""paddle.inference: load a saved inference model, optimise its graph, and run it with a Predictor."""
from . import fused_ops  # noqa: F401  (registers fc and fused_conv2d_add_act)
from .build_info import XpuConfig, get_trt_compile_version, get_trt_runtime_version, get_version
from .config import Config
from .enums import DataType, PlaceType, PrecisionType, get_num_bytes_of_data_type
from .mixed_precision import convert_to_mixed_precision
from .predictor import Predictor, PredictorPool, Tensor, create_predictor
from .profiler import ProfileReport

__all__ = ["Config", "DataType", "PlaceType", "PrecisionType", "Tensor", "Predictor", "create_predictor",
           "get_version", "convert_to_mixed_precision", "get_num_bytes_of_data_type", "PredictorPool",
           "ProfileReport", "XpuConfig", "get_trt_compile_version", "get_trt_runtime_version"]
