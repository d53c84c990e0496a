"""Convert scikit-learn's copy of the UCI optdigits test set into purepaddle's bundled digits.npz.

Run once (the output is committed); scikit-learn is NOT a dependency of purepaddle:

    pip download scikit-learn --no-deps -d /tmp/skl
    python scripts/make_digits.py /tmp/skl/scikit_learn-*.whl

SOURCE may be the scikit-learn wheel (a zip holding sklearn/datasets/data/digits.csv.gz) or the
digits.csv.gz file itself. The csv has 1797 rows of 65 integers: 64 pixels (8x8, row-major,
values 0..16) followed by the label 0..9. The output holds `images` (uint8 [1797, 8, 8], 0..16)
and `labels` (uint8 [1797]) in the original row order; purepaddle.vision.datasets.Digits
upsamples and normalises at load time.
"""
import argparse
import gzip
import io
import zipfile
from pathlib import Path

import numpy as np

MEMBER = "sklearn/datasets/data/digits.csv.gz"
OUT = Path(__file__).resolve().parent.parent / "purepaddle" / "vision" / "datasets" / "data" / "digits.npz"


def read_csv_gz(source):
    """Bytes of digits.csv.gz, from the wheel (zip) or the file itself."""
    if zipfile.is_zipfile(source):
        with zipfile.ZipFile(source) as whl:
            return whl.read(MEMBER)
    return Path(source).read_bytes()


def convert(raw_gz):
    """Parse the csv into (images uint8 [N, 8, 8], labels uint8 [N]) and sanity-check it."""
    table = np.loadtxt(io.StringIO(gzip.decompress(raw_gz).decode("ascii")), delimiter=",", dtype=np.int64)
    if table.shape != (1797, 65):
        raise ValueError(f"unexpected digits.csv shape {table.shape}, expected (1797, 65)")
    pixels, labels = table[:, :64], table[:, 64]
    if pixels.min() < 0 or pixels.max() > 16 or labels.min() < 0 or labels.max() > 9:
        raise ValueError("pixel values must lie in 0..16 and labels in 0..9")
    return pixels.reshape(-1, 8, 8).astype(np.uint8), labels.astype(np.uint8)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source", help="scikit-learn wheel or digits.csv.gz")
    ap.add_argument("-o", "--output", default=str(OUT), help=f"output .npz (default {OUT})")
    args = ap.parse_args(argv)
    images, labels = convert(read_csv_gz(args.source))
    out = Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(out, images=images, labels=labels)
    counts = np.bincount(labels, minlength=10).tolist()
    print(f"wrote {out} ({out.stat().st_size} bytes): {len(labels)} images 8x8, per-class counts {counts}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
