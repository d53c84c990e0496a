"""Floor 1: the engine (dtype, place, op, tensor, mode, dispatch, autograd); imports numpy only."""
