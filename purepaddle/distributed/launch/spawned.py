"""The script each worker of paddle.distributed.spawn runs (by path, under the launcher's runner).

argv: the spawn's work directory, holding call.pkl (multiprocessing's preparation data, then the function and its
arguments). Writes return.{rank}.pkl with the function's return value, or error.{rank}.txt with the traceback of
what it raised (then raises it again, so the launcher reports the failure as for any script).
"""
import multiprocessing.spawn
import os
import pickle
import sys
import traceback

workdir = sys.argv[1]
rank = int(os.environ.get("PADDLE_TRAINER_ID", "0"))
try:
    with open(os.path.join(workdir, "call.pkl"), "rb") as f:
        multiprocessing.spawn.prepare(pickle.load(f))  # the caller's __main__, re-run as __mp_main__
        func, args = pickle.load(f)
    result = func(*args)
except BaseException:
    with open(os.path.join(workdir, f"error.{rank}.txt"), "w", encoding="utf-8") as f:
        f.write(traceback.format_exc())
    raise
with open(os.path.join(workdir, f"return.{rank}.pkl"), "wb") as f:
    pickle.dump(result, f)
