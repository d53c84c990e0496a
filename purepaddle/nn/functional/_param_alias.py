"""Paddle 3's torch-style keyword aliases for nn functions: the one decorator of tensor/keyword_aliases.py."""
from ...tensor.keyword_aliases import param_alias  # noqa: F401
