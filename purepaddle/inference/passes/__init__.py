"""IR passes run on a private copy of the inference Program when Config.switch_ir_optim(True).

Each pass is a function of a Graph (the block, its parameters, feeds and fetches) returning how
many rewrites it made; PASSES maps Paddle's pass names to them (basic.py, fusion.py register them),
and pipeline.py holds DEFAULT_PASSES, the order a predictor runs them in, and optimize.
"""
from . import basic, fusion  # noqa: F401  (register the passes)
from .graph import PASSES, Graph
from .pipeline import DEFAULT_PASSES, optimize

__all__ = ["PASSES", "DEFAULT_PASSES", "Graph", "optimize"]
