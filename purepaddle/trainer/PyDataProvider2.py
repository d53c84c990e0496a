"""`paddle.trainer.PyDataProvider2` (`from paddle.trainer.PyDataProvider2 import *`): @provider, CacheType and
the input types, as legacy data provider files import them; they live in paddle.v2's data_provider and
data_type modules."""
from ..v2.data_provider import CacheType, DataProvider, ProviderSettings, provider
from ..v2.data_type import (InputType, SequenceType, dense_vector, dense_vector_sequence, integer_value,
                            integer_value_sequence, sparse_binary_vector, sparse_binary_vector_sequence,
                            sparse_float_vector, sparse_float_vector_sequence, sparse_non_value_slot,
                            sparse_value_slot, sparse_vector, sparse_vector_sequence)

integer_sequence = integer_value_sequence
dense_slot = dense_vector
index_slot = integer_value

__all__ = ["provider", "CacheType", "DataProvider", "ProviderSettings", "InputType", "SequenceType", "dense_vector",
           "dense_vector_sequence", "dense_slot", "integer_value", "integer_value_sequence", "integer_sequence",
           "index_slot", "sparse_binary_vector", "sparse_binary_vector_sequence", "sparse_non_value_slot",
           "sparse_vector", "sparse_float_vector", "sparse_float_vector_sequence", "sparse_value_slot",
           "sparse_vector_sequence"]
