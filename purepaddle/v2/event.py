"""v2 training events (`paddle.event.BeginPass`, ...) handed to the trainer's event_handler."""

__all__ = ["BeginPass", "EndPass", "BeginIteration", "EndForwardBackward", "EndIteration", "TestResult",
           "WithMetric"]


class WithMetric:
    """An event carrying an evaluator; `metrics` is its {name: value} dict."""

    def __init__(self, evaluator):
        self.evaluator = evaluator

    @property
    def metrics(self):
        """The evaluator's metrics, e.g. {'classification_error_evaluator': 0.25}."""
        return dict(self.evaluator.metrics) if self.evaluator is not None else {}


class BeginPass:
    """Fired before the first batch of pass `pass_id`."""

    def __init__(self, pass_id):
        self.pass_id = pass_id


class EndPass(WithMetric):
    """Fired after the last batch of pass `pass_id`; metrics are averaged over the pass."""

    def __init__(self, pass_id, evaluator, gm):
        super().__init__(evaluator)
        self.pass_id, self.gm = pass_id, gm


class BeginIteration:
    """Fired before a mini-batch's forward."""

    def __init__(self, pass_id, batch_id):
        self.pass_id, self.batch_id = pass_id, batch_id


class EndForwardBackward:
    """Fired after forward and backward, before the update: parameters.get_grad(name) is readable."""

    def __init__(self, pass_id, batch_id, gm):
        self.pass_id, self.batch_id, self.gm = pass_id, batch_id, gm


class EndIteration(WithMetric):
    """Fired after the update; `cost` is the mini-batch's mean cost."""

    def __init__(self, pass_id, batch_id, cost, evaluator, gm):
        super().__init__(evaluator)
        self.pass_id, self.batch_id, self.cost, self.gm = pass_id, batch_id, cost, gm


class TestResult(WithMetric):
    """What `trainer.test(...)` returns: the mean `cost` over the test set and its metrics."""

    def __init__(self, evaluator, cost):
        super().__init__(evaluator)
        self.cost = cost
