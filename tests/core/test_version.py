"""paddle.version, paddle.utils.require_version, disable_signal_handler, static.log_helper."""
import logging

import pytest

import purepaddle as paddle


def test_version_parts():
    assert paddle.version.full_version == paddle.__version__ == "3.3.1"
    assert (paddle.version.major, paddle.version.minor, paddle.version.patch) == ("3", "3", "1")
    assert paddle.version.cuda() == "False" and paddle.version.cuda_archs() == []


def test_show_prints_key_value_lines(capsys):
    paddle.version.show()
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "full_version: 3.3.1" and "cuda: False" in lines


@pytest.mark.parametrize("low,high", [("0.1.0", None), ("3.3.1", None), ("0.1.0", "10.0.0"), ("3", "3.3.1")])
def test_require_version_accepts(low, high):
    paddle.utils.require_version(low, high)


@pytest.mark.parametrize("low,high,text", [("3.3.2", None, "3.3.2 or higher is required"),
                                           ("1.0", "3.3.0", r"in \[1.0, 3.3.0\] required")])
def test_require_version_rejects(low, high, text):
    with pytest.raises(Exception, match=text):
        paddle.utils.require_version(low, high)


def test_require_version_bad_arguments():
    with pytest.raises(TypeError, match="'min_version' in require_version must be str"):
        paddle.utils.require_version(1)
    with pytest.raises(TypeError, match="'max_version'"):
        paddle.utils.require_version("1.0", 2)
    with pytest.raises(ValueError, match="but received 1.x"):
        paddle.utils.require_version("1.x")


def test_disable_signal_handler_and_logger(capsys):
    assert paddle.disable_signal_handler() is None
    logger = paddle.static.log_helper.get_logger("pp_test_logger", logging.INFO, fmt="%(levelname)s| %(message)s")
    logger.info("hello")
    assert "INFO| hello" in capsys.readouterr().err
    assert logger.propagate is False


def test_pir_guards():
    with paddle.pir_utils.OldIrGuard():
        assert not paddle.framework.in_pir_mode()
    with pytest.raises(NotImplementedError, match="legacy ProgramDesc IR .pir.Value"):
        with paddle.pir_utils.IrGuard():
            pass
