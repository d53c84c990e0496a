"""Executor.train_from_dataset / infer_from_dataset: run a program once per batch of a dataset
(paddle.distributed.InMemoryDataset / QueueDataset, or any object with Paddle's dataset protocol here:
`_feeds()` yielding one {variable name: array} feed per batch).

Every `print_period` batches the fetched values are printed, labelled by fetch_info, or handed to the
fetch_handler (its handler({name: value}) is called with the fetch_var_dict's values every period_secs in
Paddle; here every print_period batches). infer_from_dataset runs the program without its optimizer ops.
"""

__all__ = ["run_from_dataset"]


def run_from_dataset(exe, program, dataset, scope, fetch_list, fetch_info, print_period, fetch_handler, infer):
    """Run `program` on every batch of `dataset` with Executor `exe`; prints (or hands over) the fetches."""
    from .program import default_main_program
    if dataset is None:
        raise RuntimeError("dataset is need and should be initialized")
    if not hasattr(dataset, "_feeds"):
        raise TypeError(f"dataset must be a paddle.distributed.InMemoryDataset or QueueDataset, but received "
                        f"{type(dataset).__name__}")
    program = default_main_program() if program is None else program
    program = getattr(program, "_program", program)  # a CompiledProgram
    if infer:
        program = program.clone(for_test=True)  # without backward and optimizer ops
    fetch_list = list(fetch_list or [])
    if fetch_handler is not None:
        fetch_list = list(fetch_handler.var_dict.values())
    labels = list(fetch_info or [getattr(v, "name", str(v)) for v in fetch_list])
    dataset._prepare_to_run()
    try:
        for step, feed in enumerate(dataset._feeds(), 1):
            values = exe.run(program, feed=feed, fetch_list=fetch_list, scope=scope)
            if fetch_list and step % max(int(print_period), 1) == 0:
                if fetch_handler is not None:
                    fetch_handler.handler(dict(zip(fetch_handler.var_dict, values)))
                else:
                    print(", ".join(f"{label}: {value}" for label, value in zip(labels, values)), flush=True)
    finally:
        dataset._finish_to_run()
    return None
