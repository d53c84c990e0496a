"""Runs a fleet.save_inference_model directory of tests/distributed/job_ps.py with the inference Predictor (and,
with argv[3] == 'static', paddle.static.load_inference_model) on fixed ids and dense features; prints the outputs as
JSON. Run by purepaddle and by real Paddle (tests/distributed/test_ps.py). argv: model_dir out.json [static]."""
import json
import sys

import numpy as np

import paddle

model_dir, out_path = sys.argv[1], sys.argv[2]
ids = np.array([[0], [3], [9], [7], [42], [999]], "int64")  # 42, 999: ids no worker touched
dense = np.linspace(-1, 1, 12).reshape(6, 2).astype("float32")
pred = paddle.inference.create_predictor(paddle.inference.Config(model_dir))
for name, value in (("ids", ids), ("dense", dense)):
    pred.get_input_handle(name).copy_from_cpu(value)
pred.run()
result = {"predictor": pred.get_output_handle(pred.get_output_names()[0]).copy_to_cpu().tolist()}
if len(sys.argv) > 3:
    paddle.enable_static()
    exe = paddle.static.Executor()
    prog, feeds, fetches = paddle.static.load_inference_model(model_dir, exe, model_filename="__model__")
    result["static"] = exe.run(prog, feed={"ids": ids, "dense": dense}, fetch_list=fetches)[0].tolist()
    result["feeds"] = feeds
with open(out_path, "w") as f:
    json.dump(result, f)
