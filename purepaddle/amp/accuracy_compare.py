"""paddle.amp.debugging.compare_accuracy: compare the tensor statistics two runs dumped (an FP32 run and a
low-precision run, through TensorCheckerConfig(output_dir=...)) into an Excel workbook, one sheet per worker log.

Reading follows Paddle's rules: every `[PRECISION]` line of each `worker_*` file gives one tensor record
(op, tensor, dtype, numel, max, min, mean, num_inf, num_nan, num_zero); the low-precision records are matched to
the FP32 ones by op/tensor (".cast_fp16"/".cast_fp32" dropped) and occurrence; a pair is abnormal when a value is
not finite in float16, the low-precision run saw inf/nan, or a gradient's extremes differ from loss_scale times the
FP32 ones (rtol = atol = 1e-2). The workbook needs the `xlsxwriter` package, as in Paddle.
"""
import os

import numpy as np

__all__ = ["TensorRecord", "TensorPair", "parse_log", "pair_records", "compare_accuracy"]

_FIELDS = {"op": ("op_type", str), "device": ("device", str), "tensor": ("tensor_name", str), "dtype": ("dtype", str),
           "numel": ("numel", np.int64), "max": ("max_value", np.float32), "min": ("min_value", np.float32),
           "mean": ("mean_value", np.float32), "num_inf": ("has_inf", int), "num_nan": ("has_nan", int),
           "num_zero": ("num_zero", np.int64)}


class TensorRecord:
    """One `[PRECISION]` line: the statistics of one op output."""

    def __init__(self, line):
        for attr, _ in _FIELDS.values():
            setattr(self, attr, None)
        for frag in line.strip().split(" "):
            words = frag.replace("[", "").replace("]", "").replace(",", "").split("=")
            if words[0] in _FIELDS and len(words) > 1:
                attr, kind = _FIELDS[words[0]]
                try:
                    setattr(self, attr, kind(words[1]))
                except ValueError:
                    print(f"!! Error parsing {line}")

    def key(self):
        return f"{self.op_type}/{self.tensor_name or ''}"


def _finite16(value):
    with np.errstate(over="ignore"):  # an overflow to inf is the answer sought, not a problem
        return bool(np.isfinite(np.array([value]).astype(np.float16))[0])


def _close(a, b):
    return np.allclose(np.array([a]), np.array([b]), atol=1e-2, rtol=1e-2)


class TensorPair:
    """An FP32 record and its low-precision counterpart (either may be None), with the comparison."""

    def __init__(self, fp32, low, index=0, grad_scale=1.0):
        self.fp32, self.low, self.index = fp32, low, index
        ref = low if low is not None else fp32
        self.op_type, self.numel = ref.op_type, ref.numel
        self.scaled_max = self.scaled_min = None
        if fp32 is not None and "GRAD" in (fp32.tensor_name or ""):
            self.scaled_max, self.scaled_min = grad_scale * fp32.max_value, grad_scale * fp32.min_value
        self.ratios = [None, None, None]
        if fp32 is not None and low is not None:
            self.ratios = [None if a is None or b is None else (a / b if b != 0 else 1) for a, b in (
                (low.max_value, fp32.max_value), (low.min_value, fp32.min_value), (low.mean_value, fp32.mean_value))]
        self.is_normal = self._normal()

    def _normal(self):
        if self.numel is not None and self.numel > np.iinfo(np.int32).max:
            return False
        values = [self.scaled_max, self.scaled_min]
        for rec in (self.fp32, self.low):
            if rec is not None:
                values += [rec.max_value, rec.min_value]
        if any(v is not None and not _finite16(v) for v in values):
            return False
        if self.low is not None and (self.low.has_inf or self.low.has_nan):
            return False
        for scaled, low in ((self.scaled_max, getattr(self.low, "max_value", None)),
                            (self.scaled_min, getattr(self.low, "min_value", None))):
            if scaled is not None and low is not None and not _close(low, scaled):
                return False
        return True

    def tensor_name(self):
        if self.fp32 is None:
            return self.low.tensor_name
        if self.low is None:
            return f"{self.fp32.tensor_name}#{self.index}"
        return f"{self.low.tensor_name.replace('.cast_fp16', '/.cast_fp16/')}#{self.index}"


def parse_log(log_dir, filename):
    """The records of one worker log (None when the file is missing)."""
    path = os.path.join(log_dir, filename)
    if not os.path.exists(path):
        print("the file ", path, "is not found")
        return None
    with open(path) as f:
        return [TensorRecord(line) for line in f if "[PRECISION]" in line]


def pair_records(fp32_records, low_records, grad_scale=1.0):
    """Match each low-precision record to the FP32 record of the same op/tensor and occurrence."""
    if low_records is None:
        counts, pairs = {}, []
        for rec in fp32_records or []:
            n = counts.get(rec.key(), 0)
            counts[rec.key()] = n + 1
            pairs.append(TensorPair(rec, None, n, grad_scale))
        return pairs
    by_key, written = {}, {}
    for rec in fp32_records or []:
        n = written.get(rec.key(), 0)
        written[rec.key()] = n + 1
        by_key[f"{rec.key()}#{n}"] = rec
    read, pairs = {}, []
    for rec in low_records:
        key = rec.key().replace(".cast_fp16", "").replace(".cast_fp32", "")
        n = read.get(key, 0)
        match = by_key.get(f"{key}#{n}")
        if match is not None:
            read[key] = n + 1
        pairs.append(TensorPair(match, rec, n, grad_scale))
    return pairs


_TITLES = ["op_type", "tensor_name", "numel", "infinite", "fp32 dtype", "fp32 max", "fp32 min", "fp32 mean",
           "fp32 num_zero", "scaled fp32 max", "scaled fp32 min", "low dtype", "low max", "low min", "low mean",
           "low num_zero", "low num_inf", "low num_nan", "low/fp32 max", "low/fp32 min", "low/fp32 mean"]


def _row(pair):
    f, lo = pair.fp32, pair.low
    get = lambda rec, attr: None if rec is None else getattr(rec, attr)  # noqa: E731
    cells = [pair.op_type, pair.tensor_name(), pair.numel, "" if pair.is_normal else "abnormal",
             get(f, "dtype"), get(f, "max_value"), get(f, "min_value"), get(f, "mean_value"), get(f, "num_zero"),
             pair.scaled_max, pair.scaled_min, get(lo, "dtype"), get(lo, "max_value"), get(lo, "min_value"),
             get(lo, "mean_value"), get(lo, "num_zero"), get(lo, "has_inf"), get(lo, "has_nan"), *pair.ratios]
    return [c.item() if isinstance(c, np.generic) else c for c in cells]


def compare_accuracy(dump_path, another_dump_path, output_filename, loss_scale=1, dump_all_tensors=False):
    """Compare two runs' tensor dumps (FP32 in dump_path, low precision in another_dump_path) into an Excel file.

    Args:
        dump_path (str): the FP32 run's TensorCheckerConfig output_dir (its worker_* logs).
        another_dump_path (str): the low-precision run's output_dir.
        output_filename (str): the .xlsx file to write.
        loss_scale (float, optional): the loss scale of the low-precision run (gradients compare to loss_scale
            times the FP32 ones). Default 1.
        dump_all_tensors (bool, optional): only False is supported, as in Paddle.

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> # doctest: +SKIP('needs the xlsxwriter package')
            >>> import paddle
            >>> paddle.amp.debugging.compare_accuracy("dump_fp32", "dump_fp16", "compare.xlsx", loss_scale=1)
    """
    if dump_all_tensors:
        raise AssertionError("It is currently not supported.")
    try:
        import xlsxwriter
    except ImportError:
        raise ImportError("import xlsxwriter failed. please run 'pip install xlsxwriter==3.0.9' to install it") \
            from None
    workbook = xlsxwriter.Workbook(output_filename)
    title = workbook.add_format({"bold": True, "border": 1, "bg_color": "#6495ED", "align": "center"})
    red = workbook.add_format({"bold": True, "bg_color": "red"})
    names = sorted(n for n in os.listdir(dump_path) if "worker_" in n)
    print(f"-- There are {len(names)} workerlogs under {dump_path}: {names}")
    for name in names:
        pairs = pair_records(parse_log(dump_path, name), parse_log(another_dump_path, name), loss_scale)
        sheet = workbook.add_worksheet(name[:31])
        for col, text in enumerate(_TITLES):
            sheet.write(0, col, text, title)
        for r, pair in enumerate(pairs, start=1):
            for col, value in enumerate(_row(pair)):
                if value is not None:
                    sheet.write(r, col, value, red if (col == 3 and value) else None)
    workbook.close()
    print(f"-- Write to {output_filename}")
