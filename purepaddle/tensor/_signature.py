"""paddle_signature: the signature Paddle shows for functions that also take alias keywords."""
import inspect


def paddle_signature(func, *required):
    """Show Paddle's signature (no alias **kwargs, `required` without defaults) to inspect, as Paddle does."""
    sig = inspect.signature(func)
    params = [p.replace(default=inspect.Parameter.empty) if p.name in required else p
              for p in sig.parameters.values() if p.kind is not inspect.Parameter.VAR_KEYWORD]
    func.__signature__ = sig.replace(parameters=params)
    return func
