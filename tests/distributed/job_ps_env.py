"""PS job script: writes {out_dir}/{role}.{index}.json with Paddle's PS environment and fleet's view of it."""
import json
import os
import sys

import paddle.distributed.fleet as fleet

fleet.init()
keys = ("TRAINING_ROLE", "PADDLE_PSERVERS_IP_PORT_LIST", "PADDLE_TRAINER_ENDPOINTS", "PADDLE_TRAINERS_NUM",
        "PADDLE_TRAINER_ID", "PADDLE_PORT", "POD_IP")
role = "server" if fleet.is_server() else "worker"
index = fleet.server_index() if fleet.is_server() else fleet.worker_index()
with open(os.path.join(sys.argv[1], f"{role}.{index}.json"), "w") as f:
    json.dump({"env": {k: os.environ.get(k) for k in keys}, "worker_num": fleet.worker_num(),
               "server_num": fleet.server_num()}, f)
