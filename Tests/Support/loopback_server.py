#!/usr/bin/env python3
"""A loopback HTTP server for LucidRuntime's integration tests (Python 3 standard library only).

Listens on 127.0.0.1 on a free port and prints that port alone on its first stdout line. Exits when stdin
closes (the test process ended) or after a bounded lifetime (default 120 s; first argument overrides).

Routes (any method):
  /echo/...              200 with JSON {method, path (raw, still percent-encoded), query (raw),
                         headers (names lowercased), body (text)}
  /status/<code>         <code> with JSON {"status_code": <code>, "status_message": "..."}
  /slow/<ms>             sleeps <ms> milliseconds (at most 30000), then 200 with JSON {"slept_ms": <ms>}
  /flaky/<key>/<n>       503 the first <n> times per <key>, then 200 with JSON {"attempt": <count>}
  /auth/<token>/...      401 unless the request's Authorization is "Bearer <token>"; then like /echo
  /mirror/...            200 whose body is exactly the request's body, with the request's method in
                         X-Mirror-Method and its headers (names lowercased) as JSON in X-Mirror-Headers
  /redirect/<code>/<rest...>
                         <code> with Location: /<rest...> (the query is kept), or http://<host>:<port>/<rest...>
                         when the query has host=<host> (another origin on this same server); the body is read
  /bytes/<n>             200 with <n> bytes (at most 256 MiB) and a Content-Length
  /chunked/<n>           200 with <n> bytes (at most 256 MiB), chunked: no Content-Length; with pace=<ms> in the
                         query, it waits <ms> milliseconds after each 64 KiB chunk
  /drip/<n>/<ms>         200 with a Content-Length of <n> (at most 200), then one byte every <ms> milliseconds
  /endless               200 with a body that never ends, sent as fast as the client reads it, chunked (no
                         Content-Length); with close=1 in the query, HTTP/1.0-style instead: neither length nor
                         chunks, the body running until the connection closes. With warmup=1 in the query, a
                         2-byte body with a Content-Length instead (for a client to warm up first)
/bytes, /chunked, /drip and /endless take key=<key> in the query: how the transfer ended is kept under <key>, and
  /result/<key>          waits (up to wait=<s> seconds from the query, at most 30) until the transfer under <key>
                         ended, then 200 with JSON {"state": "complete" | "disconnected" | "running" | "unknown",
                         "sent": <bytes written>}; "disconnected" means the client hung up before the end
Anything else is a 404 with the same JSON error payload as /status.
"""

import json
import os
import select
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

MAX_SLEEP_MS = 30000
MAX_BYTES = 1024 * 1024 * 1024
MAX_DRIP_BYTES = 200
MAX_RESULT_WAIT_S = 30
CHUNK = b"x" * 65536
flaky_counts = {}
flaky_lock = threading.Lock()
# key -> {"state": ..., "sent": ...}, for the transfers of /bytes, /chunked and /drip that name a key.
transfers = {}
transfers_changed = threading.Condition()


def record(key, state, sent):
    if key is None:
        return
    with transfers_changed:
        transfers[key] = {"state": state, "sent": sent}
        transfers_changed.notify_all()


def wait_for_result(key, seconds):
    deadline = time.monotonic() + min(max(seconds, 0.0), MAX_RESULT_WAIT_S)
    with transfers_changed:
        while transfers.get(key, {}).get("state") in (None, "running"):
            left = deadline - time.monotonic()
            if left <= 0:
                break
            transfers_changed.wait(left)
        return transfers.get(key, {"state": "unknown", "sent": 0})


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def send_json(self, status, payload):
        body = json.dumps(payload, sort_keys=True).encode("utf-8")
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def read_body(self):
        return b"".join(self.body_pieces())

    def body_pieces(self):
        """The request body a piece at a time: `Content-Length` bytes, or the chunks of a chunked body (what
        FoundationNetworking sends for a stream body), their framing removed."""
        if "chunked" not in (self.headers.get("Transfer-Encoding") or "").lower():
            yield from self.pieces_of(int(self.headers.get("Content-Length") or 0))
            return
        while True:
            # A connection closed mid-body reads as an empty line: size 0, the end.
            size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
            if size == 0:
                while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                    pass  # Trailer fields, up to the blank line.
                return
            yield from self.pieces_of(size)
            self.rfile.readline()

    def pieces_of(self, count):
        """The next `count` bytes of the request, a MiB at most at a time; fewer when the connection closes."""
        while count > 0:
            piece = self.rfile.read(min(count, 1 << 20))
            if not piece:
                return
            count -= len(piece)
            yield piece

    def error_payload(self, status, message):
        return {"status_code": status, "status_message": message}

    def sink(self):
        """Reads the body in pieces without keeping it (an upload of any size) and answers how long it was."""
        self.send_json(200, {"bytes": sum(len(piece) for piece in self.body_pieces())})

    def handle_any(self):
        if self.path.startswith("/sink"):
            return self.sink()
        body = self.read_body()
        raw_path, _, query = self.path.partition("?")
        parts = raw_path.split("/")[1:]
        route = parts[0] if parts else ""
        try:
            if route == "auth" and len(parts) >= 2 and self.headers.get("Authorization") != "Bearer " + parts[1]:
                self.send_json(401, self.error_payload(401, "not authorised"))
            elif route in ("echo", "auth"):
                self.send_json(200, {
                    "method": self.command,
                    "path": raw_path,
                    "query": query,
                    "headers": {name.lower(): value for name, value in self.headers.items()},
                    "body": body.decode("utf-8", errors="replace"),
                })
            elif route == "status" and len(parts) >= 2:
                code = int(parts[1])
                self.send_json(code, self.error_payload(code, "status %d as requested" % code))
            elif route == "slow" and len(parts) >= 2:
                ms = min(max(int(parts[1]), 0), MAX_SLEEP_MS)
                time.sleep(ms / 1000.0)
                self.send_json(200, {"slept_ms": ms})
            elif route == "mirror":
                self.mirror(body)
            elif route == "redirect" and len(parts) >= 3:
                self.redirect(int(parts[1]), "/" + "/".join(parts[2:]), query)
            elif route == "endless" and "warmup" in parse_qs(query):
                self.send_json(200, {})
            elif route == "endless":
                params = parse_qs(query)
                self.endless(params.get("key", [None])[0], params.get("close", ["0"])[0] == "1")
            elif route in ("bytes", "chunked", "drip") and len(parts) >= 2:
                params = parse_qs(query)
                pace = min(max(int(params.get("pace", ["0"])[0]), 0), MAX_SLEEP_MS) / 1000.0
                self.stream(route, parts, params.get("key", [None])[0], pace)
            elif route == "result" and len(parts) >= 2:
                wait = float(parse_qs(query).get("wait", ["0"])[0])
                self.send_json(200, wait_for_result(parts[1], wait))
            elif route == "flaky" and len(parts) >= 3:
                key, failures = parts[1], int(parts[2])
                with flaky_lock:
                    count = flaky_counts.get(key, 0) + 1
                    flaky_counts[key] = count
                if count <= failures:
                    self.send_json(503, self.error_payload(503, "flaky attempt %d of %s" % (count, key)))
                else:
                    self.send_json(200, {"attempt": count})
            else:
                self.send_json(404, self.error_payload(404, "no route for " + raw_path))
        except ValueError:
            self.send_json(400, self.error_payload(400, "bad number in " + raw_path))

    def mirror(self, body):
        headers = {name.lower(): value for name, value in self.headers.items()}
        try:
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("X-Mirror-Method", self.command)
            self.send_header("X-Mirror-Headers", json.dumps(headers, sort_keys=True))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def redirect(self, code, path, query):
        params = parse_qs(query)
        host = params.pop("host", [None])[0]
        rest = "&".join("%s=%s" % (name, value) for name, values in params.items() for value in values)
        location = path + ("?" + rest if rest else "")
        if host is not None:
            location = "http://%s:%d%s" % (host, self.server.server_address[1], location)
        try:
            self.send_response(code)
            self.send_header("Location", location)
            self.send_header("Content-Length", "0")
            self.end_headers()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def client_gone(self):
        """Whether the client closed its end (readable, yet nothing to read)."""
        try:
            readable, _, _ = select.select([self.connection], [], [], 0)
            return bool(readable) and self.connection.recv(1, socket.MSG_PEEK) == b""
        except OSError:
            return True

    def stream(self, route, parts, key, pace):
        total = min(max(int(parts[1]), 0), MAX_DRIP_BYTES if route == "drip" else MAX_BYTES)
        interval = min(max(int(parts[2]), 0), MAX_SLEEP_MS) / 1000.0 if route == "drip" and len(parts) >= 3 else 0
        sent = 0
        record(key, "running", 0)
        try:
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            if route == "chunked":
                self.send_header("Transfer-Encoding", "chunked")
            else:
                self.send_header("Content-Length", str(total))
            self.end_headers()
            if self.command == "HEAD":
                total = 0
            while sent < total:
                if route == "drip":
                    if self.client_gone():
                        raise ConnectionResetError("client gone")
                    self.wfile.write(b"x")
                    sent += 1
                    if sent < total:
                        time.sleep(interval)
                else:
                    part = CHUNK[:min(len(CHUNK), total - sent)]
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(part), part) if route == "chunked" else part)
                    sent += len(part)
                    if pace:
                        time.sleep(pace)
            if route == "chunked":
                self.wfile.write(b"0\r\n\r\n")
            record(key, "complete", sent)
        except OSError:
            self.close_connection = True
            record(key, "disconnected", sent)

    def endless(self, key, close):
        """A body without end: chunked, or (close) delimited by the connection's end, as HTTP/1.0 allows."""
        sent = 0
        record(key, "running", 0)
        frame = CHUNK if close else b"%x\r\n%s\r\n" % (len(CHUNK), CHUNK)
        try:
            if close:
                self.protocol_version = "HTTP/1.0"  # this response only: its status line says HTTP/1.0
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            if close:
                self.close_connection = True
            else:
                self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            while True:
                self.wfile.write(frame)
                sent += len(CHUNK)
                if sent % (16 * len(CHUNK)) == 0:
                    record(key, "running", sent)
        except OSError:
            self.close_connection = True
            record(key, "disconnected", sent)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = handle_any


class Server(ThreadingHTTPServer):
    # The default backlog of 5 overflows when the test suites connect at once: the kernel then drops handshakes
    # (retried a second later, past short deadlines) or resets connections.
    request_queue_size = 128
    daemon_threads = True


def exit_when_stdin_closes():
    try:
        while sys.stdin.buffer.read(4096):
            pass
    except Exception:
        pass
    os._exit(0)


def main():
    lifetime = float(sys.argv[1]) if len(sys.argv) > 1 else 120.0
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    timer = threading.Timer(lifetime, lambda: os._exit(0))
    timer.daemon = True
    timer.start()
    server.serve_forever()


if __name__ == "__main__":
    main()
