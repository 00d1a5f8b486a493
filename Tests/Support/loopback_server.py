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
Anything else is a 404 with the same JSON error payload as /status.
"""

import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MAX_SLEEP_MS = 30000
flaky_counts = {}
flaky_lock = threading.Lock()


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
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def error_payload(self, status, message):
        return {"status_code": status, "status_message": message}

    def handle_any(self):
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

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = handle_any


def exit_when_stdin_closes():
    try:
        while sys.stdin.buffer.read(4096):
            pass
    except Exception:
        pass
    os._exit(0)


def main():
    lifetime = float(sys.argv[1]) if len(sys.argv) > 1 else 120.0
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    timer = threading.Timer(lifetime, lambda: os._exit(0))
    timer.daemon = True
    timer.start()
    server.serve_forever()


if __name__ == "__main__":
    main()
