"""paddle.incubate.autotune.set_config: switch kernel, layout and DataLoader auto-tuning on or off.

purepaddle has one NumPy kernel per op and one layout, so there is nothing to tune: set_config validates the
configuration as Paddle does (same warnings for malformed entries) and records it in AUTOTUNE_STATE, which changes no
computation.
"""
import json
import warnings

__all__ = ["set_config"]

AUTOTUNE_STATE = {"kernel": False, "tuning_range": [1, 10], "layout": False, "dataloader": False,
                  "tuning_steps": 500}


def _flag(section, key, kind, what):
    value = section[key]
    if isinstance(value, kind):
        return True
    warnings.warn(f"The auto-tuning configuration of the {what} is incorrect.The `{key}` should be "
                  f"{kind.__name__}. Use default parameter instead.")
    return False


def set_config(config=None):
    """Set the auto-tuning configuration (kernel, layout, dataloader).

    Args:
        config (dict|str, optional): a dict, or the path of a JSON file holding one, with the optional sections
            "kernel" ({"enable": bool, "tuning_range": [start, end]}), "layout" ({"enable": bool}) and
            "dataloader" ({"enable": bool, "tuning_steps": int}). None enables every kind of tuning.

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> config = {"kernel": {"enable": True, "tuning_range": [1, 5]}, "layout": {"enable": True},
            ...           "dataloader": {"enable": True}}
            >>> paddle.incubate.autotune.set_config(config)
    """
    if config is None:
        AUTOTUNE_STATE.update(kernel=True, layout=True, dataloader=True)
        return
    settings = {}
    if isinstance(config, dict):
        settings = config
    elif isinstance(config, str):
        try:
            with open(config) as handle:
                settings = json.load(handle)
        except Exception as e:  # Paddle reports and falls back to the defaults
            print(f"Load config error: {e}")
            warnings.warn("Use default configuration for auto-tuning.")
    kernel = settings.get("kernel", {})
    if "enable" in kernel and _flag(kernel, "enable", bool, "kernel"):
        AUTOTUNE_STATE["kernel"] = kernel["enable"]
    if "tuning_range" in kernel and _flag(kernel, "tuning_range", list, "kernel"):
        if len(kernel["tuning_range"]) != 2:
            raise AssertionError("tuning_range must hold [start, end]")
        AUTOTUNE_STATE["tuning_range"] = list(kernel["tuning_range"])
    layout = settings.get("layout", {})
    if "enable" in layout and _flag(layout, "enable", bool, "layout"):
        AUTOTUNE_STATE["layout"] = layout["enable"]
    if "dataloader" in settings:
        loader = settings["dataloader"]
        enable = loader["enable"] if "enable" in loader and _flag(loader, "enable", bool, "dataloader") else False
        if "tuning_steps" in loader:
            AUTOTUNE_STATE["dataloader"] = enable
            if _flag(loader, "tuning_steps", int, "dataloader"):
                AUTOTUNE_STATE["tuning_steps"] = loader["tuning_steps"]
