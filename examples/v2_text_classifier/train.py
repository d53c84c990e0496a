"""A paddle.v2 text classifier trained from a PyDataProvider2 provider with two trainer threads.

Run it as a v2 program (`import paddle.v2 as paddle` gives purepaddle's): `python -m purepaddle
examples/v2_text_classifier/train.py` (or `paddle` itself after `purepaddle-install-alias`). The same network
as a legacy trainer config is trainer_config.py, for `purepaddle train --config=... --trainer_count=2`.

Reviews are bags of word ids over a 5000-word dictionary (sparse_binary_vector): the first fc multiplies the
sparse input without densifying it, and its weight is updated sparsely (ParamAttr(sparse_update=True): only
the rows of words in a batch change, and Adam keeps moments for words seen so far only). paddle.init's
trainer_count=2 splits every batch between two threads and sums their gradients. The provider reads the
data asynchronously into a shuffle pool and keeps the first pass in memory (CACHE_PASS_IN_MEM)."""
import argparse
import os
import sys
import tempfile

import paddle.v2 as paddle

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dataprovider  # noqa: E402

BATCH_SIZE, HIDDEN = 64, 32


def network(dict_size):
    """The classifier: sparse words -> fc(tanh) with a sparse-update weight -> fc(softmax) -> cost."""
    word = paddle.layer.data(name="word", type=paddle.data_type.sparse_binary_vector(dict_size))
    label = paddle.layer.data(name="label", type=paddle.data_type.integer_value(2))
    hidden = paddle.layer.fc(input=word, size=HIDDEN, act=paddle.activation.Tanh(), name="hidden",
                             param_attr=paddle.attr.Param(name="word_weights", sparse_update=True,
                                                          initial_std=0.01))
    prob = paddle.layer.fc(input=hidden, size=2, act=paddle.activation.Softmax(), name="prob")
    return prob, paddle.layer.classification_cost(input=prob, label=label)


def main(argv=None):
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--passes", type=int, default=5)
    args.add_argument("--trainer-count", type=int, default=2)
    args.add_argument("--train-size", type=int, default=2000)
    args.add_argument("--max-test-error", type=float, default=0.15)
    args = args.parse_args(argv)

    paddle.init(use_gpu=False, trainer_count=args.trainer_count, seed=1)
    work = tempfile.mkdtemp(prefix="v2_text_classifier_")
    train_file, test_file = os.path.join(work, "train.txt"), os.path.join(work, "test.txt")
    dataprovider.write_corpus(train_file, args.train_size, seed=0)
    dataprovider.write_corpus(test_file, 500, seed=1)
    words = dataprovider.dictionary()
    train_reader = dataprovider.process.reader([train_file], is_train=True, seed=0, dictionary=words)
    test_reader = dataprovider.process.reader([test_file], is_train=False, dictionary=words)

    prob, cost = network(len(words))
    parameters = paddle.parameters.create(cost)
    trainer = paddle.trainer.SGD(cost=cost, parameters=parameters,
                                 update_equation=paddle.optimizer.Adam(learning_rate=2e-3))
    feeding = train_reader.feeding()
    print(f"v2 text classifier: {args.train_size} reviews, {len(words)}-word dictionary, "
          f"trainer_count={args.trainer_count}")
    result = {}

    def event_handler(event):
        if isinstance(event, paddle.event.EndPass):
            test = trainer.test(paddle.batch(test_reader, BATCH_SIZE), feeding=feeding)
            result["error"] = test.metrics["classification_error_evaluator"]
            print(f"pass {event.pass_id}: train error {event.metrics['classification_error_evaluator']:.4f}, "
                  f"test cost {test.cost:.4f}, test error {result['error']:.4f}")

    trainer.train(paddle.batch(train_reader, BATCH_SIZE), num_passes=args.passes, event_handler=event_handler,
                  feeding=feeding)
    print(f"the provider ran its generator {train_reader.generator_calls} time(s) for {args.passes} passes")
    probs = paddle.infer(output_layer=prob, parameters=parameters,
                         input=[([words["w5"], words["w17"], words["w4000"]],), ([words["w105"], words["w142"]],)])
    print(f"P(positive): {probs[0, 1]:.3f} for a negative review, {probs[1, 1]:.3f} for a positive one")
    ok = result["error"] <= args.max_test_error and probs[0, 1] < 0.5 < probs[1, 1]
    print("OK" if ok else f"FAILED: test error {result['error']:.4f} > {args.max_test_error}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
