"""Run by REAL paddlepaddle (.venv-ref, FLAGS_enable_pir_api=0) for tests/static/test_model_files.py: check our models.

    .venv-ref/bin/python tests/static/ref_model_check.py DIR NAME [NAME ...]

For each DIR/NAME.pdmodel + .pdiparams (inputs in DIR/NAME.inputs.npz) it
- parses the ProgramDesc with Paddle's own framework_pb2 and lists every attribute whose type
  differs from the type Paddle's op registry declares (OpProto);
- loads the model with paddle.static.load_inference_model and runs it with an Executor;
- runs it again through paddle.inference.Config / create_predictor;
- saves it back with paddle.static.save_inference_model (DIR/NAME.paddle.pdiparams) so the test can
  compare the parameter files byte for byte.
It prints one JSON object; outputs go to DIR/NAME.paddle_out.npz.
"""
import json
import os
import sys

import numpy as np
import paddle
from paddle.base import framework
from paddle.base.proto import framework_pb2
from paddle.inference import Config, create_predictor


def attr_type_mismatches(desc):
    holder = framework.OpProtoHolder.instance()
    names = {v: k for k, v in framework_pb2.AttrType.items()}
    bad = []
    for block in desc.blocks:
        for op in block.ops:
            try:
                proto = holder.get_op_proto(op.type)
            except Exception:  # noqa: BLE001 - an op Paddle does not register
                bad.append(f"{op.type}: not a Paddle op")
                continue
            declared = {a.name: a.type for a in proto.attrs}
            for a in op.attrs:
                if a.name in declared and declared[a.name] != a.type:
                    bad.append(f"{op.type}.{a.name}: written {names[a.type]}, Paddle declares "
                               f"{names[declared[a.name]]}")
    return bad


def check(d, name):
    prefix = os.path.join(d, name)
    desc = framework_pb2.ProgramDesc()
    with open(prefix + ".pdmodel", "rb") as f:
        desc.ParseFromString(f.read())
    inputs = dict(np.load(prefix + ".inputs.npz"))
    exe = paddle.static.Executor(paddle.CPUPlace())
    prog, feeds, fetches = paddle.static.load_inference_model(prefix, exe)
    outs = exe.run(prog, feed={n: inputs[n] for n in feeds}, fetch_list=fetches)
    block = prog.global_block()
    paddle.static.save_inference_model(prefix + ".paddle", [block.var(n) for n in feeds], fetches, exe,
                                       program=prog)
    config = Config(prefix + ".pdmodel", prefix + ".pdiparams")
    config.disable_gpu()
    config.disable_glog_info()
    predictor = create_predictor(config)
    for n in predictor.get_input_names():
        h = predictor.get_input_handle(n)
        h.reshape(inputs[n].shape)
        h.copy_from_cpu(inputs[n])
    predictor.run()
    pred = [predictor.get_output_handle(n).copy_to_cpu() for n in predictor.get_output_names()]
    np.savez(prefix + ".paddle_out.npz", **{f"exe{i}": a for i, a in enumerate(outs)},
             **{f"pred{i}": a for i, a in enumerate(pred)})
    return {"version": desc.version.version, "blocks": len(desc.blocks), "feeds": feeds,
            "fetches": [v.name for v in fetches], "attr_mismatches": attr_type_mismatches(desc),
            "predictor_inputs": predictor.get_input_names(), "n_exe": len(outs), "n_pred": len(pred)}


def main():
    paddle.enable_static()
    d, names = sys.argv[1], sys.argv[2:]
    print(json.dumps({n: check(d, n) for n in names}))


if __name__ == "__main__":
    main()
