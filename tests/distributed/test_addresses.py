"""Address settings are checked by one rule (purepaddle/distributed/addresses.py): --ips, --master, --host and
PADDLE_TRAINER_ENDPOINTS refuse malformed hosts, ports and empty entries with a message and a non-zero exit,
where real Paddle 3.3.1 runs the script locally and exits 0 (docs/conformance.md)."""
import pytest

import purepaddle.distributed as dist
from purepaddle.distributed.addresses import AddressError, parse_address, parse_addresses

BAD = ["1.2.3", "999.1.1.1", "not a host!", "127.0.0.1:99999", "127.0.0.1;rm -rf x", ""]


@pytest.mark.parametrize("text", BAD)
def test_bad_addresses_are_refused(text):
    for port in ("forbidden", "optional", "required"):
        with pytest.raises(AddressError, match="^--x"):
            parse_address(text, "--x", port=port)


def test_good_addresses_and_lists():
    assert parse_address("192.168.0.16:8090", "--master", port="required") == ("192.168.0.16", 8090)
    assert parse_address("node-1.example.com", "--ips") == ("node-1.example.com", None)
    assert parse_address("[::1]:6070", "e", port="required") == ("::1", 6070)
    assert parse_address("::1", "e") == ("::1", None)
    assert parse_addresses("10.0.0.1:1,10.0.0.2:65535", "e", port="required") == [("10.0.0.1", 1), ("10.0.0.2", 65535)]
    with pytest.raises(AddressError, match="entry 2 .* is empty"):
        parse_addresses("10.0.0.1,,10.0.0.2", "--ips")
    with pytest.raises(AddressError, match="port must be a number from 1 to 65535"):
        parse_address("10.0.0.1:0", "--master", port="required")
    with pytest.raises(AddressError, match="without a port"):
        parse_address("10.0.0.1:80", "--ips")
    with pytest.raises(AddressError, match="give ip:port"):
        parse_address("10.0.0.1", "--master", port="required")


@pytest.mark.parametrize("flag", ["--ips", "--master", "--host"])
@pytest.mark.parametrize("text", BAD + ["10.0.0.1,,10.0.0.2"])
def test_launcher_refuses_bad_addresses(flag, text, tmp_path, monkeypatch, capsys, no_launcher_env):
    from purepaddle.distributed.launch.main import launch
    if flag == "--master" and text == "10.0.0.1,,10.0.0.2":
        return  # not a list flag
    (tmp_path / "x.py").write_text("raise SystemExit('must not run')\n")
    monkeypatch.chdir(tmp_path)
    code = launch([f"{flag}={text}", "x.py"])
    err = capsys.readouterr().err
    assert code == 1 and "LAUNCH ERROR" in err and flag in err, err
    assert "must not run" not in err


@pytest.mark.parametrize("value", ["1.2.3:6070", "127.0.0.1:99999", "127.0.0.1:6070,,127.0.0.1:6071",
                                   "127.0.0.1;rm -rf x", ""])
def test_bad_trainer_endpoints_are_refused(value, monkeypatch, solo):
    monkeypatch.setenv("PADDLE_TRAINER_ENDPOINTS", value)
    with pytest.raises(ValueError, match="PADDLE_TRAINER_ENDPOINTS"):
        dist.init_parallel_env()


def test_good_trainer_endpoints(monkeypatch, solo):
    monkeypatch.setenv("PADDLE_TRAINER_ENDPOINTS", "127.0.0.1:6070")
    monkeypatch.setenv("PADDLE_CURRENT_ENDPOINT", "127.0.0.1:6070")
    assert dist.init_parallel_env().nranks == 1


def test_lone_slurm_tasks_are_refused(monkeypatch, solo):
    monkeypatch.setenv("SLURM_NTASKS", "4")
    with pytest.raises(RuntimeError, match="Slurm started 4 tasks .* each would train alone"):
        dist.init_parallel_env()
    monkeypatch.setenv("SLURM_NTASKS", "1")
    assert dist.init_parallel_env().nranks == 1  # a single task is a world of 1
    dist.destroy_process_group()
    monkeypatch.setenv("SLURM_NTASKS", "4")
    monkeypatch.setenv("SLURM_STEP_NUM_TASKS", "1")  # `srun --ntasks=1` inside a bigger allocation
    assert dist.init_parallel_env().nranks == 1
