"""purepaddle demo: LeNet learns to read handwritten digits, in the words of Paddle's high-level API.

Run it with `make demo` (or `python examples/demo.py`, or unchanged-Paddle style with
`python -m purepaddle examples/demo.py`). The data is the UCI optdigits set bundled with
purepaddle (1797 digits, 8x8 upsampled to 28x28; see purepaddle/vision/datasets/data/README.md),
split 1500 for training and 297 for testing. Seeds are fixed, so runs repeat.

Steps: paddle.Model(LeNet).prepare(Adam, CrossEntropyLoss, Accuracy).fit(...) with the progress
bar; evaluate on the held-out digits; paddle.save the weights and the optimizer state; load
them into a fresh LeNet; evaluate again and check the two runs agree exactly.
"""
import argparse
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout without installing
import purepaddle as paddle  # noqa: E402
from purepaddle.static import InputSpec  # noqa: E402
from purepaddle.vision.datasets import Digits  # noqa: E402
from purepaddle.vision.models import LeNet  # noqa: E402

EPOCHS, BATCH_SIZE, LR, SEED, TARGET = 6, 64, 2e-3, 0, 0.95


def build(net):
    """A prepared paddle.Model around `net` (Adam, cross-entropy, top-1 accuracy) and its optimizer."""
    model = paddle.Model(net, InputSpec([None, 1, 28, 28], "float32", "image"),
                         InputSpec([None, 1], "int64", "label"))
    optimizer = paddle.optimizer.Adam(learning_rate=LR, parameters=net.parameters())
    model.prepare(optimizer, paddle.nn.CrossEntropyLoss(), paddle.metric.Accuracy())
    return model, optimizer


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--epochs", type=int, default=EPOCHS, help=f"training epochs (default {EPOCHS})")
    ap.add_argument("--min-accuracy", type=float, default=TARGET,
                    help=f"fail below this test accuracy (default {TARGET})")
    ap.add_argument("--verbose", type=int, default=1, help="fit's verbosity: 0 silent, 1 progress bar, 2 lines")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    paddle.seed(SEED)
    np.random.seed(SEED)  # the training sampler shuffles with NumPy
    train, test = Digits(mode="train"), Digits(mode="test")
    print(f"{paddle.__name__} {paddle.__version__}: LeNet on handwritten digits (UCI optdigits, 8x8 upsampled "
          f"to 28x28): {len(train)} for training, {len(test)} held out")

    model, optimizer = build(LeNet())
    model.fit(train, epochs=args.epochs, batch_size=BATCH_SIZE, verbose=args.verbose, log_freq=6)
    acc = model.evaluate(test, batch_size=len(test), verbose=0)["acc"]
    trained = time.perf_counter() - start
    print(f"trained {args.epochs} epochs in {trained:.1f} s: test accuracy {acc:.4f} ({round(acc * len(test))}/"
          f"{len(test)} digits right)")

    with tempfile.TemporaryDirectory(prefix="purepaddle-demo-") as tmp:
        params, opt_state = Path(tmp) / "lenet.pdparams", Path(tmp) / "lenet.pdopt"
        paddle.save(model.network.state_dict(), str(params))
        paddle.save(optimizer.state_dict(), str(opt_state))
        print(f"saved {params.name} ({params.stat().st_size // 1024} KB) and {opt_state.name} with paddle.save")
        fresh = LeNet()  # new random weights, replaced by the saved ones
        fresh.set_state_dict(paddle.load(str(params)))
        reloaded, fresh_optimizer = build(fresh)
        fresh_optimizer.set_state_dict(paddle.load(str(opt_state)))  # ready to resume training
    acc2 = reloaded.evaluate(test, batch_size=len(test), verbose=0)["acc"]
    same = np.array_equal(model.predict_batch([test.images])[0], reloaded.predict_batch([test.images])[0])
    print(f"reloaded into a fresh LeNet: test accuracy {acc2:.4f}, predictions identical: {same}")
    print(f"done in {time.perf_counter() - start:.1f} s")
    if acc < args.min_accuracy or acc2 != acc or not same:
        print(f"FAILED: test accuracy must reach {args.min_accuracy} and survive save/load unchanged",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
