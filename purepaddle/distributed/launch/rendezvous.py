"""The master launcher's control server (failure reports, nodes joining) and the other nodes' client.

One JSON object per line over TCP. Supervisors send {"kind": "fail", ...} when their rank fails.
A launcher on another node sends {"kind": "join", "host", "log_dir", "rank"}, keeps the connection,
and receives {"kind": "started", ...} then {"kind": "result", "code", "summary"} when the job ends.

Open MPI reaches the other nodes through this server instead of ssh: mpirun's launch agent (agent.py)
sends {"kind": "spawn", "host", "cmd"}; the server passes it on to the launcher that joined from that
host as {"kind": "spawn", "id", "cmd"}, that launcher runs the command (Open MPI's daemon, prted) and
answers {"kind": "exited", "id", "code"}, which goes back to the agent (whose exit status it becomes,
as ssh's would). An agent that goes away first makes the server send {"kind": "kill", "id"}.
"""
import json
import queue
import socket
import threading
import time


class _Lines:
    """The JSON lines of a long-lived connection, one at a time (several may arrive in one recv)."""

    def __init__(self, conn):
        self.conn, self.buf = conn, b""

    def read(self, timeout=None):
        """The next object, or None at EOF."""
        self.conn.settimeout(timeout)
        while b"\n" not in self.buf:
            chunk = self.conn.recv(65536)
            if not chunk:
                return None
            self.buf += chunk
        line, _, self.buf = self.buf.partition(b"\n")
        return json.loads(line.decode())


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
        self.lost = []  # info of joined launchers whose connection closed
        self._cond = threading.Condition()
        self._send_lock = threading.Lock()  # several threads write to one joined launcher's connection
        self._spawns = {}  # spawn id -> (the agent's connection, the node), until the command exits
        self._next_spawn = 0
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
        lines = _Lines(conn)
        try:
            msg = lines.read(timeout=30)
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
            msg["addr"] = msg.get("host") or msg["peer"]  # the node's name in mpirun's --host list
            with self._cond:
                msg["join"] = len(self.joined)
                self.joined.append((conn, msg))
                self._cond.notify_all()
            self._listen(lines, msg)
        elif msg.get("kind") == "spawn":
            self._spawn(conn, msg)
        else:
            conn.close()

    def _listen(self, lines, info):
        """Read a joined launcher's answers ("exited") until its connection closes."""
        while True:
            try:
                msg = lines.read(timeout=None)
            except (OSError, ValueError):
                msg = None
            if msg is None:
                break
            if msg.get("kind") == "exited":
                self._answer(msg.get("id"), {"kind": "exited", "code": int(msg.get("code", 255))})
        with self._cond:
            if not self._closed:
                self.lost.append(info)
                self._cond.notify_all()
            pending = [i for i, (_, node) in self._spawns.items() if node is info]
        for i in pending:  # its daemons are gone with it
            self._answer(i, {"kind": "exited", "code": 255,
                             "error": f"the launcher on {info['addr']} went away"})

    def _answer(self, spawn_id, obj):
        with self._cond:
            agent = self._spawns.pop(spawn_id, (None, None))[0]
        if agent is not None:
            try:
                _send(agent, obj)
            except OSError:
                pass
            try:
                agent.close()
            except OSError:
                pass

    def _spawn(self, agent, msg):
        """mpirun's launch agent asks for a command on host msg['host']: the launcher joined from there runs it."""
        with self._cond:
            node = next((m for c, m in self.joined if m["addr"] == msg.get("host")), None)
        if node is None:
            joined = [m["addr"] for _, m in self.joined] or "none"
            try:
                _send(agent, {"kind": "exited", "code": 255,
                              "error": f"no launcher joined from host {msg.get('host')} (joined: {joined}); run the "
                                       "launcher on every node, or --remote_start=ssh to reach it over ssh"})
            except OSError:
                pass
            agent.close()
            return
        with self._cond:
            self._next_spawn += 1
            spawn_id = self._next_spawn
            self._spawns[spawn_id] = (agent, node)
        conn = next(c for c, m in self.joined if m is node)
        self._send_to(conn, {"kind": "spawn", "id": spawn_id, "cmd": msg.get("cmd", "")})
        try:
            gone = _Lines(agent).read(timeout=None) is None  # the agent only ever closes
        except (OSError, ValueError):
            gone = True
        with self._cond:
            still = spawn_id in self._spawns
        if gone and still:  # mpirun stopped the agent first: stop what it started
            self._send_to(conn, {"kind": "kill", "id": spawn_id})
            self._answer(spawn_id, {"kind": "exited", "code": 255})

    def _send_to(self, conn, obj):
        with self._send_lock:
            try:
                _send(conn, obj)
            except OSError:
                pass

    def wait_joins(self, n, echo, timeout=None, expected=None, every=30.0):
        """Block until n other nodes joined; a progress line every `every` seconds. After `timeout` seconds a
        TimeoutError names who joined and who is missing (`expected`: the addresses of the awaited nodes)."""
        start = last = time.time()
        with self._cond:
            while len(self.joined) < n:
                self._cond.wait(timeout=0.2)
                waited = time.time() - start
                if timeout is not None and waited >= timeout and len(self.joined) < n:
                    raise TimeoutError(self._missing(n, expected, waited))
                if time.time() - last >= every:
                    last = time.time()
                    echo(f"LAUNCH INFO waiting for nodes to join on port {self.port}: "
                         f"{len(self.joined) + 1}/{n + 1} present after {waited:.0f}s "
                         f"(joined: {[m['addr'] for _, m in self.joined] or 'none'})")
            return [m for _, m in self.joined]

    def members(self):
        """The joined launchers still connected (a node whose launcher left is not one), in join order."""
        with self._cond:
            return [m for _, m in self.joined if not any(m is gone for gone in self.lost)]

    def gather(self, lo, hi, settle, echo, timeout=None, every=30.0):
        """Elastic membership (`--nnodes MIN:MAX`, Paddle's wait for peers): the connected launchers once `hi`
        are there, or once at least `lo` are and none joined or left for `settle` seconds (each change restarts
        that wait). Raises TimeoutError when fewer than `lo` are there after `timeout` seconds."""
        start = last = changed = time.time()
        count = -1
        with self._cond:
            while True:
                alive = [m for _, m in self.joined if not any(m is gone for gone in self.lost)]
                now = time.time()
                if len(alive) >= hi:
                    return alive[:hi]
                if len(alive) != count:
                    count, changed = len(alive), now
                if len(alive) >= lo and now - changed >= settle:
                    return alive
                if timeout is not None and now - start >= timeout:
                    raise TimeoutError(self._missing(lo, None, now - start))
                if now - last >= every:
                    last = now
                    echo(f"LAUNCH INFO waiting for nodes to join on port {self.port}: {len(alive) + 1} present "
                         f"(elastic: {lo + 1} to {hi + 1}) after {now - start:.0f}s")
                self._cond.wait(timeout=0.2)

    def _missing(self, n, expected, waited):
        joined = [m["addr"] for m in self.members()]
        if expected:
            missing = [h for h in expected if h not in joined]
            who = f"missing: {', '.join(missing)}"
        else:
            ranks = {m.get("rank", -1) for _, m in self.joined}
            free = [r for r in range(1, n + 1) if r not in ranks][:n - len(joined)]
            who = f"missing: {n - len(joined)} node(s) (node rank {', '.join(map(str, free))})"
        return (f"{len(joined) + 1} of {n + 1} nodes present after {waited:.0f}s; {who}; joined: "
                f"{', '.join(joined) or 'none besides the master'}. Start the launcher on the missing node(s) with "
                f"the same --master/--ips and --nnodes, check that they reach this node's port {self.port}, or "
                "raise --join_timeout")

    def tell(self, join, obj):
        """Send obj to the launcher that joined as number `join`."""
        self._send_to(self.joined[join][0], obj)

    def tell_nodes(self, obj):
        """Send obj to every joined launcher (those that left are skipped)."""
        for conn, _ in self.joined:
            self._send_to(conn, obj)

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


def follow(host, port, info, echo, on_message=None, timeout=None, retry_every=0.5, note_every=30.0):
    """A non-master node: join the master's launcher, wait for the job's end; returns (code, summary).
    Messages other than started/result go to on_message(msg, send) (send: a thread-safe reply)."""
    start = last = time.time()
    while True:
        try:
            conn = socket.create_connection((host, port), timeout=5)
            break
        except OSError:
            waited = time.time() - start
            if timeout is not None and waited >= timeout:
                return 1, (f"LAUNCH ERROR the master launcher at {host}:{port} did not answer within {waited:.0f}s: "
                           "start the launcher on the master node too (same --master/--ips and --nnodes), check "
                           "that this node reaches it, or raise --join_timeout")
            if time.time() - last >= note_every:
                last = time.time()
                echo(f"LAUNCH INFO waiting for the master launcher at {host}:{port} ({waited:.0f}s so far)")
            time.sleep(retry_every)
    lock = threading.Lock()

    def send(obj):
        with lock:
            try:
                _send(conn, obj)
            except OSError:
                pass

    with conn:
        send({"kind": "join", **info})
        lines = _Lines(conn)
        while True:
            try:
                msg = lines.read(timeout=None)
            except (OSError, ValueError):
                msg = None
            if msg is None:
                return 1, f"LAUNCH ERROR lost the connection to the master launcher at {host}:{port}"
            if msg.get("kind") == "started":
                echo(f"LAUNCH INFO this is node {msg['node_rank']} of {msg['nnodes']}; its workers are "
                     f"started by the master's mpirun, logs in {msg['log_dir']}")
            elif msg.get("kind") == "result":
                return int(msg["code"]), msg.get("summary", "")
            elif on_message is not None:
                on_message(msg, send)
