"""paddle.utils.try_import: import an optional dependency, or say which package to install."""
import importlib

__all__ = ["try_import"]


def try_import(module_name, err_msg=None):
    """Import and return `module_name`; an ImportError telling which package to pip install when it is absent.

    Args:
        module_name (str): The module to import.
        err_msg (str|None, optional): The message of the ImportError instead of the default one.

    Returns:
        module: The imported module.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> json = paddle.utils.try_import("json")
            >>> json.dumps([1])
            '[1]'
    """
    install_name = module_name
    if module_name.find(".") > -1:
        install_name = module_name.split(".")[0]
    if module_name == "cv2":
        install_name = "opencv-python"
    try:
        return importlib.import_module(module_name)
    except ImportError:
        if err_msg is None:
            err_msg = (f"Failed importing {module_name}. This likely means that some paddle modules require "
                       "additional dependencies that have to be manually installed (usually with "
                       f"`pip install {install_name}`). ")
        raise ImportError(err_msg) from None
