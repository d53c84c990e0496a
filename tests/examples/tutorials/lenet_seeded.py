"""A seeded LeNet-style convnet on synthetic 1x28x28 images, in the style of Paddle's tutorials: Conv2D,
MaxPool2D, Linear, Momentum, DataLoader(shuffle=True), 3 epochs; prints the loss per epoch and the accuracy.
Runs unchanged on real Paddle and on purepaddle (`python -m purepaddle lenet_seeded.py`)."""
import numpy as np
import paddle

rng = np.random.RandomState(0)
images = rng.rand(96, 1, 28, 28).astype("float32")
labels = rng.randint(0, 2, 96).astype("int64")
images[labels == 1, 0, 4:10, 4:10] += 1.0  # a bright patch marks class 1

paddle.seed(2024)
np.random.seed(2024)


class Images(paddle.io.Dataset):
    def __len__(self):
        return len(images)

    def __getitem__(self, i):
        return images[i], labels[i]


class LeNet(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.conv1 = paddle.nn.Conv2D(1, 6, 5, padding=2)
        self.conv2 = paddle.nn.Conv2D(6, 16, 5)
        self.pool = paddle.nn.MaxPool2D(2, 2)
        self.fc1 = paddle.nn.Linear(16 * 5 * 5, 64)
        self.fc2 = paddle.nn.Linear(64, 2)

    def forward(self, x):
        x = self.pool(paddle.nn.functional.relu(self.conv1(x)))
        x = self.pool(paddle.nn.functional.relu(self.conv2(x)))
        x = paddle.flatten(x, 1)
        return self.fc2(paddle.nn.functional.relu(self.fc1(x)))


model = LeNet()
loader = paddle.io.DataLoader(Images(), batch_size=16, shuffle=True)
opt = paddle.optimizer.Momentum(learning_rate=0.01, momentum=0.9, parameters=model.parameters())

for epoch in range(3):
    total, batches = 0.0, 0
    for x, y in loader:
        loss = paddle.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        opt.clear_grad()
        total += float(loss)
        batches += 1
    print(f"epoch {epoch} loss {total / batches:.8f}")

model.eval()
with paddle.no_grad():
    pred = model(paddle.to_tensor(images)).argmax(axis=1).numpy()
print(f"accuracy {(pred == labels).mean():.6f}")
print(f"conv1 weight sum {float(model.conv1.weight.sum()):.8f}")
