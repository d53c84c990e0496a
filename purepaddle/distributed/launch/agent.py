"""mpirun's launch agent in place of ssh: `agent.py MASTER_HOST:PORT [ssh options] HOST COMMAND...`.

Open MPI runs its agent as it would run ssh (`--prtemca plm_ssh_agent`): with the target host and the
command that starts its daemon there. This one asks the master launcher's control server, which has the
launcher that joined from HOST run the command (remote.py), and exits with the command's status, as ssh
would. It imports the standard library only.
"""
import json
import socket
import sys


def split_ssh_args(argv):
    """[ssh options] HOST COMMAND... -> (host, command line); options (starting with '-') are ignored."""
    i = 0
    while i < len(argv) and argv[i].startswith("-"):
        i += 1
    if i >= len(argv):
        raise SystemExit("purepaddle launch agent: no host given")
    return argv[i], " ".join(argv[i + 1:])


def main(argv):
    master, rest = argv[0], argv[1:]
    host, cmd = split_ssh_args(rest)
    mhost, _, mport = master.rpartition(":")
    try:
        conn = socket.create_connection((mhost, int(mport)), timeout=10)
    except OSError as e:
        sys.stderr.write(f"purepaddle launch agent: cannot reach the master launcher at {master}: {e}\n")
        return 255
    with conn:
        conn.sendall((json.dumps({"kind": "spawn", "host": host, "cmd": cmd}) + "\n").encode())
        conn.settimeout(None)
        buf = b""
        while not buf.endswith(b"\n"):
            try:
                chunk = conn.recv(65536)
            except OSError:
                chunk = b""
            if not chunk:
                sys.stderr.write(f"purepaddle launch agent: the master launcher closed the connection ({host})\n")
                return 255
            buf += chunk
    reply = json.loads(buf.decode())
    if reply.get("error"):
        sys.stderr.write(f"purepaddle launch agent: {reply['error']}\n")
    return int(reply.get("code", 255))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
