"""Floor 2: static graphs: Program, Block, Variable, OpDesc, Executor, Scope, append_backward."""
