"""The pass pipeline: DEFAULT_PASSES, the order a predictor runs the passes in, and optimize, which runs
passes on a copy of a Program and its parameters."""
import sys

from . import basic, fusion  # noqa: F401  (register the passes)
from .graph import PASSES, Graph

__all__ = ["DEFAULT_PASSES", "optimize"]

DEFAULT_PASSES = (
    "is_test_pass",
    "simplify_with_basic_ops_pass",
    "constant_folding_pass",
    "conv_bn_fuse_pass",
    "matmul_bn_fuse_pass",
    "fc_fuse_pass",
    "max_pool_hoist_pass",
    "conv_elementwise_add_act_fuse_pass",
    "elementwise_add_act_fuse_pass",
    "dead_op_elimination_pass",
)


def optimize(program, params, feeds, fetches, passes=DEFAULT_PASSES, log=False):
    """Run `passes` on a copy of `program`; returns (optimised program, params, {pass: rewrites}).

    `params` is not modified: folded weights go into a new dict next to the original arrays.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> from purepaddle.inference.passes import optimize
            >>> paddle.enable_static()
            >>> main = paddle.static.Program()
            >>> with paddle.static.program_guard(main, paddle.static.Program()):
            ...     x = paddle.static.data('x', [None, 4])
            ...     w = paddle.static.create_parameter([4, 2], 'float32', name='w')
            ...     b = paddle.static.create_parameter([2], 'float32', name='b')
            ...     y = paddle.nn.functional.relu(paddle.matmul(x, w) + b)
            >>> params = {'w': np.ones((4, 2), 'float32'), 'b': np.zeros(2, 'float32')}
            >>> prog, _, stats = optimize(main, params, ['x'], [y.name])
            >>> [op.type for op in prog.global_block().ops], stats['fc_fuse_pass']
            (['fc'], 1)
            >>> paddle.disable_static()
    """
    g = Graph(program.clone(), dict(params), feeds, fetches)
    stats = {}
    for name in passes:
        fn = PASSES.get(name)
        if fn is None:
            raise ValueError(f"(NotFound) Pass {name} has not been registered. purepaddle's passes: {sorted(PASSES)}")
        if log:
            print(f"--- Running IR pass [{name}]", file=sys.stderr)
        stats[name] = fn(g)
        if log and stats[name] and name.endswith("fuse_pass"):
            print(f"---  detected {stats[name]} subgraphs", file=sys.stderr)
    return g.program, g.params, stats
