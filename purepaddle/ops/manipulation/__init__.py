"""Manipulation ops (paddle.tensor.manipulation): shape, join, indexing, gather, scatter, unique, view."""
