"""paddle.static model files: Program <-> ProgramDesc bytes, inference models, static.save/load, paddle.save."""
import os
import pickle
import sys
import warnings

import numpy as np
import pytest

pytest.importorskip("google.protobuf", reason="model files need protobuf (pip install purepaddle[model])")

import purepaddle as paddle  # noqa: E402
from purepaddle.static import framework_proto, program_desc  # noqa: E402
from purepaddle.static.framework_proto import AttrType, messages  # noqa: E402
from purepaddle.static.persistables import params_to_bytes, persistable_names, save_combined_params  # noqa: E402
from purepaddle.static.program_bytes import program_from_bytes, program_to_bytes  # noqa: E402
from purepaddle.static.tensor_record import tensor_record  # noqa: E402
from tests.model_format import legacy_model_files  # noqa: E402

static = paddle.static
pytestmark = [pytest.mark.usefixtures("static_mode"),  # every test here builds static programs
              pytest.mark.filterwarnings("ignore:When training, we now always track")]


def _exe():
    return static.Executor(paddle.CPUPlace())


def _train_net(with_dropout=True):
    """A small trained program: conv + batch_norm + pool + dropout + linear, loss, SGD."""
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup), paddle.utils.unique_name.guard():
        img = static.data("img", [None, 1, 6, 6], "float32")
        label = static.data("label", [None, 1], "int64")
        c = paddle.nn.Conv2D(1, 3, 3, padding=1)(img)
        c = paddle.nn.BatchNorm2D(3)(c)
        c = paddle.nn.MaxPool2D(2, 2)(paddle.nn.functional.relu(c))
        f = paddle.flatten(c, 1)
        if with_dropout:
            f = paddle.nn.functional.dropout(f, 0.5)
        logits = paddle.nn.Linear(27, 4)(f)
        prob = paddle.nn.functional.softmax(logits)
        loss = paddle.nn.functional.cross_entropy(logits, label)
        paddle.optimizer.SGD(0.1).minimize(loss)
    exe = _exe()
    exe.run(startup)
    rng = np.random.RandomState(0)
    feed = {"img": rng.randn(2, 1, 6, 6).astype("float32"), "label": rng.randint(0, 4, (2, 1)).astype("int64")}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exe.run(main, feed=feed, fetch_list=[loss])
    return main, startup, exe, img, prob, logits, feed


def _desc(data):
    return messages().ProgramDesc.FromString(data)


def _attr(desc, op_type, name, block=0):
    for op in desc.blocks[block].ops:
        if op.type == op_type:
            for a in op.attrs:
                if a.name == name:
                    return a
    raise KeyError((op_type, name))


# -- Program <-> bytes ----------------------------------------------------------------------------------
def test_program_round_trip_keeps_vars_ops_and_attrs():
    main, _, _, _, prob, _, feed = _train_net()
    back = program_from_bytes(program_to_bytes(main))
    assert [b.idx for b in back.blocks] == [b.idx for b in main.blocks]
    for b, nb in zip(main.blocks, back.blocks):
        assert sorted(b.vars) == sorted(nb.vars)
        for name, v in b.vars.items():
            w = nb.vars[name]
            assert (w.shape, w.dtype, w.persistable, int(w.type), w.need_check_feed, w.is_parameter) == \
                (v.shape, v.dtype, v.persistable, int(v.type), v.need_check_feed, v.is_parameter), name
            assert w.stop_gradient == v.stop_gradient, name
        assert [op.type for op in nb.ops] == [op.type for op in b.ops]
        for op, nop in zip(b.ops, nb.ops):
            assert nop.inputs == op.inputs and nop.outputs == op.outputs
            for k, val in op.all_attrs().items():
                got = nop.attr(k)
                if isinstance(val, float):  # float attrs are float32 in a ProgramDesc
                    assert got == pytest.approx(val, rel=1e-6), (op.type, k)
                elif hasattr(val, "proto"):
                    assert got == val.proto
                else:
                    assert got == val, (op.type, k)

    def predict(prog):  # the forward part of a program (clone for_test drops backward/optimizer ops)
        return _exe().run(prog.clone(for_test=True), feed=feed, fetch_list=[prob.name])[0]

    np.testing.assert_allclose(predict(back), predict(main), rtol=1e-6)


def test_written_attr_types_follow_paddle_declarations():
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x = static.data("x", [None, 3], "float32")
        k = paddle.full([2, 3], 2, "int64")  # fill_constant: shape LONGS, value FLOAT (given an int)
        c = paddle.to_tensor(np.array([1.5, -2.0, 0.25], "float32"))  # assign_value: values SCALARS
        y = paddle.scale(x * c, scale=3, bias=1)  # FLOAT attrs given ints
        z = paddle.nn.functional.dropout(y, 0.5)
    desc = _desc(program_to_bytes(main))
    assert _attr(desc, "fill_constant", "shape").type == AttrType.LONGS
    assert list(_attr(desc, "fill_constant", "shape").longs) == [2, 3]
    assert _attr(desc, "fill_constant", "value").type == AttrType.FLOAT
    values = _attr(desc, "assign_value", "values")
    assert values.type == AttrType.SCALARS and [s.r for s in values.scalars] == [1.5, -2.0, 0.25]
    assert not any(a.name == "fp32_values" for op in desc.blocks[0].ops for a in op.attrs)
    assert _attr(desc, "scale", "scale").type == AttrType.FLOAT and _attr(desc, "scale", "scale").f == 3.0
    assert _attr(desc, "dropout", "dropout_prob").type == AttrType.FLOAT
    assert _attr(desc, "dropout", "is_test").type == AttrType.BOOLEAN
    assert _attr(desc, "scale", "op_role_var").type == AttrType.STRINGS
    assert desc.version.version == 3003001
    assert len(desc.op_version_map.pair) == len(program_desc.OP_VERSIONS)
    # the constant comes back as Paddle 3's `values` list and still runs
    back = program_from_bytes(program_to_bytes(main))
    out = _exe().run(back, feed={"x": np.ones([1, 3], "float32")}, fetch_list=[y.name])[0]
    np.testing.assert_allclose(out, [[5.5, -5.0, 1.75]])
    assert x.shape == (-1, 3) and k.shape == (2, 3) and z.shape == (-1, 3)


def test_every_attr_type_round_trips_with_its_type():
    m = messages()
    desc = m.ProgramDesc()
    b0 = desc.blocks.add(idx=0, parent_idx=-1)
    desc.blocks.add(idx=1, parent_idx=0)
    desc.version.version = 3003001
    op = b0.ops.add(type="my_op")
    op.inputs.add(parameter="X", arguments=["a", "b"])
    a = op.attrs.add
    a(name="i", type=AttrType.INT, i=-3)
    a(name="f", type=AttrType.FLOAT, f=0.5)
    a(name="s", type=AttrType.STRING, s="hi")
    a(name="ints", type=AttrType.INTS, ints=[1, 2])
    a(name="floats", type=AttrType.FLOATS, floats=[0.25])
    a(name="strings", type=AttrType.STRINGS, strings=["u", "v"])
    a(name="b", type=AttrType.BOOLEAN, b=True)
    a(name="bools", type=AttrType.BOOLEANS, bools=[True, False])
    a(name="blk", type=AttrType.BLOCK, block_idx=1)
    a(name="l", type=AttrType.LONG, l=5)
    a(name="blks", type=AttrType.BLOCKS, blocks_idx=[1, 0])
    a(name="longs", type=AttrType.LONGS, longs=[7])
    a(name="f64s", type=AttrType.FLOAT64S, float64s=[0.1])
    a(name="var", type=AttrType.VAR, var_name="a")
    a(name="vars", type=AttrType.VARS, vars_name=["a", "b"])
    a(name="f64", type=AttrType.FLOAT64, float64=0.1)
    sc = a(name="sc", type=AttrType.SCALAR)
    sc.scalar.type, sc.scalar.i = framework_proto.ScalarType.LONG, 9
    scs = a(name="scs", type=AttrType.SCALARS)
    scs.scalars.add(type=framework_proto.ScalarType.BOOLEAN, b=True)
    scs.scalars.add(type=framework_proto.ScalarType.FLOAT64, r=2.5)
    p = program_from_bytes(desc.SerializeToString())
    got = p.global_block().ops[0].attrs
    assert got["i"] == -3 and got["f"] == 0.5 and got["s"] == "hi" and got["ints"] == [1, 2]
    assert got["strings"] == ["u", "v"] and got["bools"] == [True, False] and got["l"] == 5
    assert got["blk"] is p.blocks[1] and got["blks"] == [p.blocks[1], p.blocks[0]]
    assert got["longs"] == [7] and got["f64s"] == [0.1] and got["f64"] == 0.1
    assert got["var"] == "a" and got["vars"] == ["a", "b"] and got["sc"] == 9 and got["scs"] == [True, 2.5]
    assert p.blocks[1].parent_idx == 0
    again = _desc(program_to_bytes(p))
    assert {x.name: x.type for x in again.blocks[0].ops[0].attrs} == {x.name: x.type for x in op.attrs}
    assert again.blocks[0].ops[0] == op  # the same message, field for field (an op read keeps its attr order)
    p.global_block().ops[0]._set_attr("added", 1)  # new attributes follow, sorted
    assert [x.name for x in _desc(program_to_bytes(p)).blocks[0].ops[0].attrs][-1] == "added"


def test_var_kinds_round_trip():
    main = static.Program()
    block = main.global_block()
    kinds = {"rows": (static.VarType.SELECTED_ROWS, [10, 4], "float32", "selected_rows"),
             "arr": (static.VarType.DENSE_TENSOR_ARRAY, [-1, 3], "int64", "tensor_array"),
             "scopes": (static.VarType.STEP_SCOPES, None, None, None),
             "raw": (static.VarType.RAW, None, None, None)}
    for name, (kind, shape, dtype, _) in kinds.items():
        block.create_var(name=name, type=kind, shape=shape, dtype=dtype, persistable=name == "rows")
    desc = _desc(program_to_bytes(main))
    by_name = {v.name: v for v in desc.blocks[0].vars}
    for name, (kind, shape, dtype, field) in kinds.items():
        assert by_name[name].type.type == int(kind)
        if field == "selected_rows":
            assert list(by_name[name].type.selected_rows.dims) == shape
        elif field == "tensor_array":
            assert list(by_name[name].type.tensor_array.tensor.dims) == shape
            assert by_name[name].type.tensor_array.tensor.data_type == 3  # INT64
    back = program_from_bytes(desc.SerializeToString()).global_block()
    for name, (kind, shape, dtype, _) in kinds.items():
        v = back.var(name)
        assert int(v.type) == int(kind) and v.persistable == (name == "rows")
        if shape is not None:
            assert list(v.shape) == shape and v.dtype.name == dtype


def test_inference_bytes_list_vars_sorted_with_feed_fetch_last():
    main, _, exe, img, prob, logits, _ = _train_net()
    desc = _desc(static.serialize_program([img], [prob], program=main))
    names = [v.name for v in desc.blocks[0].vars]
    assert names[-2:] == ["feed", "fetch"] and names[:-2] == sorted(names[:-2])
    ops = [op.type for op in desc.blocks[0].ops]
    assert ops[0] == "feed" and ops[-1] == "fetch"
    assert not any(t.endswith("_grad") or t == "sgd" for t in ops)
    assert "label" not in names and not any("@GRAD" in n for n in names)
    dropout = next(op for op in desc.blocks[0].ops if op.type == "dropout")
    assert next(a.b for a in dropout.attrs if a.name == "is_test")
    feed_var = next(v for v in desc.blocks[0].vars if v.name == "feed")
    assert feed_var.type.type == 9 and feed_var.persistable
    x = next(v for v in desc.blocks[0].vars if v.name == "img")
    assert x.need_check_feed and list(x.type.dense_tensor.tensor.dims) == [-1, 1, 6, 6]


def test_version_and_garbage_are_rejected():
    desc = messages().ProgramDesc()
    desc.blocks.add(idx=0, parent_idx=-1)
    desc.version.version = 3003001 + 1
    with pytest.raises(ValueError, match="Unsupported program version: 3003002"):
        static.deserialize_program(desc.SerializeToString())
    with pytest.raises(ValueError, match="not a serialized ProgramDesc"):
        static.deserialize_program(b"\x01\x02garbage")


def test_missing_protobuf_names_the_extra(monkeypatch):
    monkeypatch.setitem(sys.modules, "google.protobuf", None)
    with pytest.raises(ImportError, match=r"pip install purepaddle\[model\]"):
        framework_proto._import_protobuf()


# -- inference models ----------------------------------------------------------------------------------------
def test_save_and_load_inference_model(tmp_path):
    main, _, exe, img, prob, logits, feed = _train_net()
    expected = exe.run(main.clone(for_test=True), feed=feed, fetch_list=[prob, logits])
    prefix = str(tmp_path / "sub" / "model")
    static.save_inference_model(prefix, [img], [prob, logits], exe, program=main)
    names = persistable_names(program_from_bytes(open(prefix + ".json", "rb").read()))  # Paddle 3's PIR form
    scope = static.global_scope()
    # .pdiparams: one DenseTensor record per persistable, sorted by name, nothing else
    assert open(prefix + ".pdiparams", "rb").read() == b"".join(
        tensor_record(np.asarray(scope.find_var(n).get_tensor())) for n in sorted(names))
    assert {"batch_norm2d_0.w_1", "batch_norm2d_0.w_2"} <= set(names)  # running mean/variance travel too
    with static.scope_guard(static.Scope()):
        prog, feeds, fetches = static.load_inference_model(prefix, exe)
        # a PIR program names its outputs by their fetch ops, as Paddle 3 does
        assert feeds == ["img"] and [v.name for v in fetches] == ["fetch_name_0", "fetch_name_1"]
        got = exe.run(prog, feed={"img": feed["img"]}, fetch_list=fetches)
    for g, e in zip(got, expected):
        np.testing.assert_allclose(g, e, rtol=1e-6)
    assert [op.type for op in prog.global_block().ops][:1] == ["feed"]


def test_inference_model_layouts_directory_and_memory(tmp_path):
    main, _, exe, img, prob, _, feed = _train_net(with_dropout=False)
    expected = exe.run(main.clone(for_test=True), feed=feed, fetch_list=[prob])[0]
    static.save_inference_model(str(tmp_path / "d" / "ignored"), [img], [prob], exe, program=main,
                                separate_parameters=True)
    assert "__model__" in os.listdir(tmp_path / "d")
    static.save_inference_model(str(tmp_path / "m"), [img], [prob], exe, program=main)
    model = static.load_from_file(str(tmp_path / "m.json"))
    params = static.load_from_file(str(tmp_path / "m.pdiparams"))
    loads = [lambda: static.load_inference_model(str(tmp_path / "d"), exe, model_filename="__model__"),
             lambda: static.load_inference_model(str(tmp_path), exe, model_filename="m", params_filename="m"),
             lambda: static.load_inference_model(None, exe, model_filename=model, params_filename=params)]
    for load in loads:
        with static.scope_guard(static.Scope()):
            prog, feeds, fetches = load()
            np.testing.assert_allclose(exe.run(prog, feed={feeds[0]: feed["img"]}, fetch_list=fetches)[0],
                                       expected, rtol=1e-6)


def test_save_inference_model_errors_and_no_partial_files(tmp_path):
    main, _, exe, img, prob, _, _ = _train_net()
    with pytest.raises(ValueError, match="'path_prefix' should be a string."):
        static.save_inference_model(3, [img], [prob], exe, program=main)
    with pytest.raises(ValueError, match="'path_prefix' should not be a directory"):
        static.save_inference_model(str(tmp_path) + "/", [img], [prob], exe, program=main)
    with pytest.raises(ValueError, match="'feed_vars' should be a Variable or a list of Variable."):
        static.save_inference_model(str(tmp_path / "m"), ["img"], [prob], exe, program=main)
    with pytest.raises(TypeError, match="expected type is base.Program"):
        static.save_inference_model(str(tmp_path / "m"), [img], [prob], exe, program="main")
    with pytest.raises(ValueError, match="program must not be empty"):
        static.save_inference_model(str(tmp_path / "m"), [img], [prob], exe, program=static.Program())
    label = main.global_block().var("label")
    with pytest.raises(ValueError, match=r"The feeded_var_names\[1\]: 'label' doesn't exist in pruned"):
        static.save_inference_model(str(tmp_path / "m"), [img, label], [prob], exe, program=main)
    (tmp_path / "old.json").write_bytes(b"old model")
    with static.scope_guard(static.Scope()):  # parameters were never initialised here
        with pytest.raises(RuntimeError, match="to be saved is not initialized"):
            static.save_inference_model(str(tmp_path / "old"), [img], [prob], exe, program=main)
    assert (tmp_path / "old.json").read_bytes() == b"old model"
    assert not (tmp_path / "old.pdiparams").exists()
    os.makedirs(tmp_path / "dir.json")
    with pytest.raises(ValueError, match="dir.json' is an existing directory."):
        static.save_inference_model(str(tmp_path / "dir"), [img], [prob], exe, program=main)
    paddle.disable_static()
    with pytest.raises(AssertionError, match=r"'save_inference_model\(\)' is only supported in static graph mode"):
        static.save_inference_model(str(tmp_path / "m"), [img], [prob], exe, program=main)
    paddle.enable_static()


def test_load_inference_model_errors(tmp_path):
    exe = _exe()
    with pytest.raises(ValueError, match=r"doesn't support argument 'foo'"):
        static.load_inference_model(str(tmp_path / "m"), exe, foo=1)
    with pytest.raises(ValueError, match=r"argument 'pserver_endpoints' in function 'load_inference_model' is"):
        static.load_inference_model(str(tmp_path / "m"), exe, pserver_endpoints=[])
    with pytest.raises(ValueError, match="There is no directory named"):
        static.load_inference_model(str(tmp_path / "no" / "m"), exe)
    with pytest.raises(ValueError, match="params_filename cannot be None when path_prefix is None."):
        static.load_inference_model(None, exe, model_filename=b"")
    main, _, exe, img, prob, _, _ = _train_net()
    static.save_inference_model(str(tmp_path / "m"), [img], [prob], exe, program=main)
    raw = (tmp_path / "m.pdiparams").read_bytes()
    (tmp_path / "m.pdiparams").write_bytes(raw[:-8])
    with pytest.raises(ValueError, match="Deserialize to tensor failed"):
        static.load_inference_model(str(tmp_path / "m"), exe)
    (tmp_path / "m.pdiparams").write_bytes(raw + tensor_record(np.zeros(2, "float32")))
    with pytest.raises(ValueError, match="not allowed to load partial data via load_combine_op"):
        static.load_inference_model(str(tmp_path / "m"), exe)


def test_serialize_and_deserialize_persistables():
    main, _, exe, img, prob, _, feed = _train_net(with_dropout=False)
    data = static.serialize_persistables([img], [prob], exe, program=main)
    scope = static.global_scope()
    w_name = next(p.name for p in main.all_parameters() if p.name.startswith("linear"))
    w = np.asarray(scope.find_var(w_name).get_tensor()).copy()
    with static.scope_guard(static.Scope()):
        prog = static.deserialize_program(static.serialize_program([img], [prob], program=main))
        assert static.deserialize_persistables(prog, data, exe) is None
        np.testing.assert_array_equal(np.asarray(static.global_scope().find_var(w_name).get_tensor()), w)
    # every persistable of the training program (learning rate included), with a wrongly shaped weight
    bad = params_to_bytes({n: (np.zeros([1], "float32") if n == w_name else _value(n))
                               for n in persistable_names(main)})
    with pytest.raises(RuntimeError, match=rf"Shape mismatch, program needs a parameter with shape \(\(27, 4\)\), "
                                          rf"but the loaded parameter \('{w_name}'\) has a shape of \(\(1,\)\)."):
        static.deserialize_persistables(main, bad, exe)
    with pytest.raises(ValueError, match="'content' type should be bytes."):
        static.save_to_file("x", "text")


def test_normalize_program_and_sub_blocks():
    main = static.Program()
    with static.program_guard(main, static.Program()):
        x = static.data("x", [2], "float32")
        y = paddle.nn.functional.relu(x)
        z = y * 2.0
    unused = main._create_block()
    main._rollback()
    sub = main._create_block()
    main._rollback()
    sub.append_op(type="scale", inputs={"X": [y]}, outputs={"Out": [y]}, attrs={"scale": 2.0})
    main.global_block().append_op(type="my_cond", inputs={"Input": [y]}, outputs={"Out": [z]},
                                  attrs={"sub_block": sub})
    prog = static.normalize_program(main, [x], [z])
    assert [op.type for op in prog.global_block().ops] == ["feed", "relu", "scale", "my_cond", "fetch"]
    assert len(prog.blocks) == 2 and prog.blocks[1].ops[0].type == "scale"  # the unused block is gone
    assert prog.global_block().ops[3].attrs["sub_block"] is prog.blocks[1]
    back = program_from_bytes(program_to_bytes(prog))
    assert back.global_block().ops[3].attrs["sub_block"] is back.blocks[1] and back.blocks[1].parent_idx == 0
    assert unused.idx == 1
    with pytest.raises(TypeError, match="program type must be `base.Program`"):
        static.normalize_program("p", [x], [z])
    with pytest.raises(TypeError, match="fetch_vars type must be a Variable or a list of Variable."):
        static.normalize_program(main, [x], ["z"])


# -- static.save / load / program state -------------------------------------------------------------------
def _adam_net():
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup), paddle.utils.unique_name.guard():
        x = static.data("x", [None, 4], "float32")
        y = paddle.nn.Linear(4, 2)(x)
        loss = paddle.mean(y)
        paddle.optimizer.Adam(0.1).minimize(loss)
    exe = _exe()
    exe.run(startup)
    exe.run(main, feed={"x": np.ones([3, 4], "float32")}, fetch_list=[loss])
    return main, startup, exe


def _value(name):
    return np.asarray(static.global_scope().find_var(name).get_tensor()).copy()


def test_static_save_load_and_program_state(tmp_path):
    main, startup, exe = _adam_net()
    prefix = str(tmp_path / "ck" / "m")
    static.save(main, prefix)
    params = pickle.load(open(prefix + ".pdparams", "rb"))
    opt = pickle.load(open(prefix + ".pdopt", "rb"))
    assert sorted(params) == ["linear_0.b_0", "linear_0.w_0"]
    assert "linear_0.w_0_moment1_0" in opt and "learning_rate_0" in opt and "linear_0.w_0" not in opt
    assert isinstance(paddle.load(prefix + ".pdmodel"), static.Program)
    saved = {n: _value(n) for n in list(params) + list(opt)}
    exe.run(startup)
    assert not np.array_equal(_value("linear_0.w_0"), saved["linear_0.w_0"])
    static.load(main, prefix + ".pdparams", exe)
    for n, a in saved.items():
        np.testing.assert_array_equal(_value(n), a)
    state = static.load_program_state(prefix)
    assert sorted(state) == sorted(saved)
    exe.run(startup)
    static.set_program_state(main, state)
    np.testing.assert_array_equal(_value("linear_0.w_0_moment2_0"), saved["linear_0.w_0_moment2_0"])
    with pytest.warns(UserWarning, match="not found in program. There are: extra"):
        static.set_program_state(main, {"extra": np.zeros(1)})
    with pytest.raises(AssertionError, match=r"the shape of \(\(4, 2\)\), while the loaded parameter \(namely "
                                             r"\[ linear_0.w_0 \]\) has a shape of  \(\(2,\)\)"):
        static.set_program_state(main, {"linear_0.w_0": np.zeros(2, "float32")})


def test_static_save_load_errors_and_legacy_layouts(tmp_path):
    main, startup, exe = _adam_net()
    with pytest.raises(ValueError, match=r"Expected 1<'protocol'<5, but received protocol=5"):
        static.save(main, str(tmp_path / "m"), protocol=5)
    with pytest.raises(AssertionError, match="received model_path is empty string"):
        static.save(main, str(tmp_path) + "/")
    static.save(main, str(tmp_path / "m"))
    os.remove(tmp_path / "m.pdopt")
    with pytest.raises(AssertionError, match=r"Optimizer file \[.*m.pdopt\] not exits"):
        static.load(main, str(tmp_path / "m"), exe)
    with pytest.raises(ValueError, match="executor is required when loading model file saved with"):
        static.load(main, str(tmp_path / "nothing"))
    # 1.x layouts: a directory of per-variable files, and one combined file
    w, b = _value("linear_0.w_0"), _value("linear_0.b_0")
    os.makedirs(tmp_path / "vars")
    (tmp_path / "vars" / "linear_0.w_0").write_bytes(tensor_record(w * 2))
    (tmp_path / "vars" / "linear_0.b_0").write_bytes(tensor_record(b * 2))
    static.load(main, str(tmp_path / "vars"), exe)
    np.testing.assert_array_equal(_value("linear_0.w_0"), w * 2)
    assert sorted(static.load_program_state(str(tmp_path / "vars"))) == ["linear_0.b_0", "linear_0.w_0"]
    save_combined_params(str(tmp_path / "all"), {"linear_0.w_0": w * 3, "linear_0.b_0": b * 3})
    blk = main.global_block()
    var_list = [blk.var("linear_0.w_0"), blk.var("linear_0.b_0")]
    with pytest.raises(ValueError, match="var_list is required"):
        static.load(main, str(tmp_path / "all"), exe)
    static.load(main, str(tmp_path / "all"), exe, var_list=var_list)
    np.testing.assert_array_equal(_value("linear_0.b_0"), b * 3)
    with pytest.raises(ValueError, match="var_list can not be None when model_path is a file type"):
        static.load_program_state(str(tmp_path / "all"))
    np.testing.assert_array_equal(static.load_program_state(str(tmp_path / "all"), var_list)["linear_0.w_0"], w * 3)


def test_paddle_save_program_and_load_prefix_state_dict(tmp_path):
    main, _, exe, img, prob, _, _ = _train_net()
    paddle.save(main, str(tmp_path / "prog.pdmodel"))
    p = paddle.load(str(tmp_path / "prog.pdmodel"))
    assert [op.type for op in p.global_block().ops] == [op.type for op in main.global_block().ops]
    with legacy_model_files():  # the .pdiparams.info of a legacy save names structured names
        static.save_inference_model(str(tmp_path / "inf"), [img], [prob], exe, program=main)
    paddle.disable_static()
    try:
        sd = paddle.load(str(tmp_path / "inf"))
        assert sorted(sd) == persistable_names(program_from_bytes((tmp_path / "inf.pdmodel").read_bytes()))
        name = next(n for n in sd if n.startswith("linear"))
        assert isinstance(sd[name], np.ndarray)
        # jit.save's .pdiparams.info maps variable names to structured names
        info = {n: {"structured_name": f"layer.{n}", "stop_gradient": False, "trainable": True} for n in sd}
        (tmp_path / "inf.pdiparams.info").write_bytes(pickle.dumps(info))
        sd2 = paddle.load(str(tmp_path / "inf"))
        assert sorted(sd2) == sorted(f"layer.{n}" for n in sd)
        np.testing.assert_array_equal(sd2[f"layer.{name}"], sd[name])
        os.makedirs(tmp_path / "inf")
        with pytest.raises(ValueError, match="directory exist at the same time"):
            paddle.load(str(tmp_path / "inf"))
    finally:
        paddle.enable_static()
