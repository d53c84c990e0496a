"""A seeded high-level API run in the style of Paddle's tutorials: paddle.Model over a small MLP, prepare with
SGD, CrossEntropyLoss and Accuracy, fit 2 epochs on a shuffled synthetic dataset, evaluate; prints the evaluation
and a weight sum. Runs unchanged on real Paddle and on purepaddle (`python -m purepaddle hapi_seeded.py`)."""
import numpy as np
import paddle

rng = np.random.RandomState(0)
features = rng.randn(64, 4).astype("float32")
labels = (features.sum(axis=1) > 0).astype("int64")[:, None]


class Synthetic(paddle.io.Dataset):
    def __len__(self):
        return len(features)

    def __getitem__(self, i):
        return features[i], labels[i]


paddle.seed(5)
np.random.seed(5)
net = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.Tanh(), paddle.nn.Linear(8, 2))
model = paddle.Model(net)
model.prepare(paddle.optimizer.SGD(learning_rate=0.1, parameters=net.parameters()), paddle.nn.CrossEntropyLoss(),
              paddle.metric.Accuracy())
model.fit(Synthetic(), epochs=2, batch_size=8, shuffle=True, verbose=0)
result = model.evaluate(Synthetic(), batch_size=16, verbose=0)
print(f"eval loss {float(result['loss'][0]):.8f} acc {float(result['acc']):.6f}")
print(f"first weight sum {float(net[0].weight.sum()):.8f}")
