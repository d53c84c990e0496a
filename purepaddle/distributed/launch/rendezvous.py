"""The master launcher's control server (failure reports, nodes joining) and the other nodes' client.

One JSON object per line over TCP. Supervisors send {"kind": "fail", ...} when their rank fails.
A launcher on another node sends {"kind": "join", "host", "log_dir", "rank"}, keeps the connection,
and receives {"kind": "started", ...} then {"kind": "result", "code", "summary"} when the job ends.
"""
import json
import queue
import socket
import threading
import time


def _read_line(conn, timeout=None):
    """One newline-terminated JSON object from conn (None at EOF)."""
    conn.settimeout(timeout)
    buf = b""
    while not buf.endswith(b"\n"):
        chunk = conn.recv(65536)
        if not chunk:
            return None
        buf += chunk
    return json.loads(buf.decode())


def _send(conn, obj):
    conn.sendall((json.dumps(obj) + "\n").encode())


class ControlServer:
    """Listens on the master port: queues failure reports, collects joining nodes."""

    def __init__(self, port=0, host="0.0.0.0"):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind((host, port))  # OSError when another launcher already holds it
        self.sock.listen(64)
        self.port = self.sock.getsockname()[1]
        self.reports = queue.Queue()
        self.joined = []  # (conn, info) of the other nodes' launchers
        self._cond = threading.Condition()
        self._closed = False
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while not self._closed:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._handle, args=(conn,), daemon=True).start()

    def _handle(self, conn):
        try:
            msg = _read_line(conn, timeout=30)
        except (OSError, ValueError):
            conn.close()
            return
        if not msg:
            conn.close()
        elif msg.get("kind") == "fail":
            msg["received"] = time.time()
            self.reports.put(msg)
            try:
                conn.sendall(b"ok")
            except OSError:
                pass
            conn.close()
        elif msg.get("kind") == "join":
            try:
                msg["peer"] = conn.getpeername()[0]  # how this machine reaches that node
            except OSError:
                msg["peer"] = ""
            with self._cond:
                msg["join"] = len(self.joined)
                self.joined.append((conn, msg))
                self._cond.notify_all()
        else:
            conn.close()

    def wait_joins(self, n, echo, every=30.0):
        """Block until n other nodes joined; a progress line every `every` seconds."""
        start = last = time.time()
        with self._cond:
            while len(self.joined) < n:
                self._cond.wait(timeout=1.0)
                if time.time() - last >= every:
                    last = time.time()
                    echo(f"LAUNCH INFO waiting for nodes to join on port {self.port}: "
                         f"{len(self.joined) + 1}/{n + 1} present after {time.time() - start:.0f}s "
                         f"(joined: {[m['host'] for _, m in self.joined] or 'none'})")
            return [m for _, m in self.joined]

    def tell(self, join, obj):
        """Send obj to the launcher that joined as number `join`."""
        try:
            _send(self.joined[join][0], obj)
        except OSError:
            pass

    def tell_nodes(self, obj):
        """Send obj to every joined launcher (those that left are skipped)."""
        for conn, _ in self.joined:
            try:
                _send(conn, obj)
            except OSError:
                pass

    def close(self):
        self._closed = True
        try:
            self.sock.close()
        except OSError:
            pass
        for conn, _ in self.joined:
            try:
                conn.close()
            except OSError:
                pass


def follow(host, port, info, echo, retry_every=0.5, note_every=30.0):
    """A non-master node: join the master's launcher, wait for the job's end; returns (code, summary)."""
    start = last = time.time()
    while True:
        try:
            conn = socket.create_connection((host, port), timeout=5)
            break
        except OSError:
            if time.time() - last >= note_every:
                last = time.time()
                echo(f"LAUNCH INFO waiting for the master launcher at {host}:{port} "
                     f"({time.time() - start:.0f}s so far)")
            time.sleep(retry_every)
    with conn:
        _send(conn, {"kind": "join", **info})
        while True:
            try:
                msg = _read_line(conn, timeout=None)
            except (OSError, ValueError):
                msg = None
            if msg is None:
                return 1, f"LAUNCH ERROR lost the connection to the master launcher at {host}:{port}"
            if msg.get("kind") == "started":
                echo(f"LAUNCH INFO this is node {msg['node_rank']} of {msg['nnodes']}; its workers are "
                     f"started by the master's mpirun, logs in {msg['log_dir']}")
            elif msg.get("kind") == "result":
                return int(msg["code"]), msg.get("summary", "")
