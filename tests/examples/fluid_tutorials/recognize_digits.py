"""Recognize digits, the fluid way: paddle.dataset.mnist's reader, shuffled and batched with paddle.reader and
paddle.batch, fed through paddle.base.DataFeeder into a static program (two fc layers, softmax, Adam) run by an
Executor; after each pass the cloned test program measures loss and accuracy on the test reader.
Runs unchanged on real Paddle (legacy IR: FLAGS_enable_pir_api=0) and on purepaddle; the data comes from
~/.cache/paddle/dataset/mnist (tests use a tiny fake set there)."""
import random

import numpy as np
import paddle
import paddle.nn.functional as F

paddle.enable_static()
paddle.seed(90)
random.seed(90)

main_program, startup_program = paddle.static.Program(), paddle.static.Program()
with paddle.static.program_guard(main_program, startup_program):
    img = paddle.static.data(name="img", shape=[None, 1, 28, 28], dtype="float32")
    label = paddle.static.data(name="label", shape=[None, 1], dtype="int64")
    hidden = paddle.static.nn.fc(paddle.flatten(img, 1), size=64, activation="relu")
    prediction = paddle.static.nn.fc(hidden, size=10, activation="softmax")
    avg_loss = paddle.mean(F.cross_entropy(prediction, label, use_softmax=False))
    acc = paddle.static.accuracy(input=prediction, label=label)
    test_program = main_program.clone(for_test=True)
    paddle.optimizer.Adam(learning_rate=0.01).minimize(avg_loss)

train_reader = paddle.batch(paddle.reader.shuffle(paddle.dataset.mnist.train(), buf_size=500), batch_size=64)
test_reader = paddle.batch(paddle.dataset.mnist.test(), batch_size=64)

place = paddle.CPUPlace()
exe = paddle.static.Executor(place)
feeder = paddle.base.DataFeeder(feed_list=[img, label], place=place)
exe.run(startup_program)

for pass_id in range(3):
    for step, data in enumerate(train_reader()):
        loss_v, acc_v = exe.run(main_program, feed=feeder.feed(data), fetch_list=[avg_loss, acc])
        print(f"pass {pass_id} step {step} loss {float(loss_v):.6f} acc {float(acc_v):.6f}")
    losses, accs = [], []
    for data in test_reader():
        loss_v, acc_v = exe.run(test_program, feed=feeder.feed(data), fetch_list=[avg_loss, acc])
        losses.append(float(loss_v))
        accs.append(float(acc_v))
    print(f"pass {pass_id} test loss {np.mean(losses):.6f} acc {np.mean(accs):.6f}")
