"""A seeded MLP classifier in the style of Paddle's tutorials: synthetic data from np.random.RandomState(0),
paddle.seed(2024), Linear + ReLU, DataLoader(shuffle=True), Adam, 3 epochs; prints the loss per epoch and
the final accuracy. Runs unchanged on real Paddle and on purepaddle (`python -m purepaddle mlp_seeded.py`)."""
import numpy as np
import paddle

rng = np.random.RandomState(0)
features = rng.randn(256, 8).astype("float32")
labels = ((features[:, 0] + 0.5 * features[:, 1] - features[:, 2] * features[:, 3]) > 0).astype("int64")

paddle.seed(2024)
np.random.seed(2024)  # the DataLoader's shuffle draws from NumPy's global generator


class Synthetic(paddle.io.Dataset):
    def __len__(self):
        return len(features)

    def __getitem__(self, i):
        return features[i], labels[i]


model = paddle.nn.Sequential(
    paddle.nn.Linear(8, 32), paddle.nn.ReLU(),
    paddle.nn.Linear(32, 16), paddle.nn.ReLU(),
    paddle.nn.Linear(16, 2))
loader = paddle.io.DataLoader(Synthetic(), batch_size=16, shuffle=True)
opt = paddle.optimizer.Adam(learning_rate=0.01, parameters=model.parameters())
loss_fn = paddle.nn.CrossEntropyLoss()

for epoch in range(3):
    total, batches = 0.0, 0
    for x, y in loader:
        loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()
        opt.clear_grad()
        total += float(loss)
        batches += 1
    print(f"epoch {epoch} loss {total / batches:.8f}")

model.eval()
with paddle.no_grad():
    pred = model(paddle.to_tensor(features)).argmax(axis=1).numpy()
print(f"accuracy {(pred == labels).mean():.6f}")
print(f"first weight sum {float(model[0].weight.sum()):.8f}")
