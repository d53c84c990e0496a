"""The trainer config's attributes: ParamAttr (sparse_update, initial_std, ...) and ExtraAttr, paddle.v2's."""
from ..v2.attr import ExtraLayerAttribute, Param

__all__ = ["ParamAttr", "ParameterAttribute", "ExtraAttr", "ExtraLayerAttribute"]

ParamAttr = ParameterAttribute = Param
ExtraAttr = ExtraLayerAttribute
