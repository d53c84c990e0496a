"""`paddle.trainer_config_helpers` (`from paddle.trainer_config_helpers import *`): what a legacy trainer config
written for `paddle train` (here `purepaddle train`) calls: settings, data_layer, fc_layer, embedding_layer,
classification_cost, outputs, define_py_data_sources2, the activations, attributes and optimizers."""
from .activations import (BaseActivation, ExpActivation, IdentityActivation, LinearActivation, ReluActivation,
                          SigmoidActivation, SoftmaxActivation, TanhActivation)
from .attrs import (ExtraAttr, ExtraLayerAttribute, ParamAttr, ParameterAttribute)
from .config import (AdaDeltaOptimizer, AdaGradOptimizer, AdamOptimizer, AdamaxOptimizer, BaseSGDOptimizer,
                     L2Regularization, MomentumOptimizer, RMSPropOptimizer, TrainerConfig,
                     define_py_data_sources2, get_config_arg, outputs, settings)
from .layers import (LayerOutput, classification_cost, concat_layer, data_layer, embedding_layer, fc_layer,
                     first_seq, last_seq, mse_cost, pooling_layer, recurrent_layer, regression_cost,
                     square_error_cost)
from .poolings import (AvgPooling, BasePoolingType, MaxPooling, SumPooling)

__all__ = ["BaseActivation", "TanhActivation", "SigmoidActivation", "SoftmaxActivation", "ReluActivation",
           "LinearActivation", "IdentityActivation", "ExpActivation", "ParamAttr", "ParameterAttribute", "ExtraAttr",
           "ExtraLayerAttribute", "TrainerConfig", "settings", "define_py_data_sources2", "outputs", "get_config_arg",
           "L2Regularization", "BaseSGDOptimizer", "MomentumOptimizer", "AdamOptimizer", "AdamaxOptimizer",
           "AdaGradOptimizer", "AdaDeltaOptimizer", "RMSPropOptimizer", "data_layer", "fc_layer", "embedding_layer",
           "recurrent_layer", "pooling_layer", "last_seq", "first_seq", "concat_layer", "classification_cost",
           "square_error_cost", "mse_cost", "regression_cost", "LayerOutput", "BasePoolingType", "MaxPooling",
           "AvgPooling", "SumPooling"]
