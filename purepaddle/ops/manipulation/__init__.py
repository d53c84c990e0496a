"""Manipulation ops (paddle.tensor.manipulation): shape, join, indexing, views, gathering, scattering,
distinct values."""
