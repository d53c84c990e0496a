"""Worker script (standard library only, starts fast): rank 1 fails on the job's first attempt only."""
import os
import sys
import time

rank = os.environ["PADDLE_TRAINER_ID"]
marker = os.path.join(sys.argv[1], f"attempted.{rank}")
print(f"rank {rank} attempt {'2+' if os.path.exists(marker) else 1}", flush=True)
if rank == "1" and not os.path.exists(marker):
    open(marker, "w").close()
    sys.exit(5)
open(marker, "w").close()
time.sleep(0.2)
