"""fleet.utils.DistributedInfer: inference with a model trained in parameter-server mode.

init_distributed_infer_env sets the job up as Paddle does: unless fleet's parameter-server runtime already runs,
it initialises fleet, splits the program with an a_sync strategy (a stand-in SGD: inference updates nothing),
and then servers serve (loading `dirname`) while workers run the startup program, connect, and load the dense
parameters found in `dirname`. get_dist_infer_program gives the program to run: purepaddle's parameter-server
programs already pull sparse rows from the servers inside their lookup ops, so it is the original program.
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from ...ps.program import LOOKUPS, as_distributed_lookup

if TYPE_CHECKING:  # names for annotations only
    from purepaddle.static import Executor, Program

__all__ = ["DistributedInfer"]


class DistributedInfer:
    """Run inference with a parameter-server model.

    Args:
        main_program (Program|None, optional): The inference program (cloned); None means the default main
            program. Default: None.
        startup_program (Program|None, optional): Its startup program; None means the default one. Default: None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.distributed.fleet.utils import DistributedInfer
            >>> paddle.enable_static()
            >>> main, startup = paddle.static.Program(), paddle.static.Program()
            >>> with paddle.static.program_guard(main, startup):
            ...     x = paddle.static.data('x', [None, 2], 'float32')
            ...     loss = paddle.mean(paddle.static.nn.fc(x, 1))
            >>> infer = DistributedInfer(main_program=main, startup_program=startup)
            >>> prog = infer.get_dist_infer_program()
            >>> [op.type for op in prog.global_block().ops] == [op.type for op in main.global_block().ops]
            True
            >>> paddle.disable_static()
    """

    def __init__(self, main_program: Program | None = None, startup_program: Program | None = None) -> None:
        from ....static.program import default_main_program, default_startup_program
        self.origin_main_program = (main_program or default_main_program()).clone()
        self.origin_startup_program = startup_program or default_startup_program()
        self.sparse_table_maps = None

    def init_distributed_infer_env(self, exe: Executor, loss: Any, role_maker: Any = None,
                                   dirname: str | None = None) -> None:
        """Set up parameter-server inference (see the module docstring); nothing when the runtime already runs.

        Args:
            exe (Executor): The executor.
            loss (Variable): The program's loss (the split needs it).
            role_maker (RoleMaker|None, optional): For fleet.init; None reads the launcher's environment.
                Default: None.
            dirname (str|None, optional): Where the trained parameters are (fleet.save_persistables' directory).
                Default: None.
        """
        from ... import fleet as _fleet
        from ....optimizer import SGD
        from ....static.program import default_startup_program
        f = _fleet.fleet
        if f._ps_plan is not None:
            return
        strategy = _fleet.DistributedStrategy()
        strategy.a_sync = True
        f.init(role_maker=role_maker, strategy=strategy)
        _fleet.distributed_optimizer(SGD()).minimize(
            loss, startup_program=self.origin_startup_program)
        if f.is_server():
            f.init_server(dirname) if dirname else f.init_server()
            f.run_server()
        else:
            exe.run(default_startup_program())
            f.init_worker()
            self._init_dense_params(exe, dirname)

    def _get_sparse_table_map(self):
        """{sparse parameter name: table id} of the parameter-server plan ({} without one)."""
        if self.sparse_table_maps is None:
            from ... import fleet as _fleet
            plan = _fleet.fleet._ps_plan
            tables = plan["tables"] if plan is not None else {}
            self.sparse_table_maps = {name: i for i, name in enumerate(tables)}
        return self.sparse_table_maps

    def _init_dense_params(self, exe=None, dirname=None):
        """Load the dense persistables of the program that have a file in dirname."""
        if dirname is None or exe is None:
            return
        from ....static.var_files import load_vars
        from ....static.variable import is_persistable
        sparse = self._get_sparse_table_map()
        wanted = [v for v in self.origin_main_program.list_vars()
                  if is_persistable(v) and v.name not in sparse and os.path.isfile(os.path.join(dirname, v.name))]
        if wanted:
            load_vars(exe, dirname, main_program=self.origin_main_program, vars=wanted)

    def get_dist_infer_program(self) -> Program:
        """The program to run for inference: the original program whose lookups of the servers' sparse tables
        pull their rows from the servers (distributed_lookup_table, as the training split made them).

        Returns:
            Program: the inference program.
        """
        from ... import fleet as _fleet
        plan = _fleet.fleet._ps_plan
        if plan is None or not plan["tables"]:
            return self.origin_main_program
        return self._convert_program(self.origin_main_program, plan["tables"])

    def _convert_program(self, program, tables):
        """Rewrite the lookups of `tables` ({name: table info of the plan}) in `program`, in place."""
        block = program.global_block()
        for idx, op in enumerate(list(block.ops)):
            w = op.inputs.get("W", [None])[0] if op.type in LOOKUPS else None
            if w in tables:
                as_distributed_lookup(block, idx, tables[w])
        for w in tables:
            block.vars.pop(w, None)
        program._version += 1
        return program
