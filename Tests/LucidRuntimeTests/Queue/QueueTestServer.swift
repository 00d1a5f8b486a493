import Foundation

/// The crash test's HTTP server: a small Python 3 script (standard library only, 127.0.0.1 only).
///
/// Kept as a Swift string rather than a `.py` file beside the tests because SwiftPM warns about files a
/// target does not handle, and the package manifest does not exclude any here. ``write(to:)`` puts it on disk.
enum QueueTestServer {
    static let script = #"""
        """A tiny HTTP server for the APIClientQueue crash test (standard library only, 127.0.0.1 only).

        Usage: python3 queue_test_server.py [delay_seconds [hold_after]]

        Prints the port it listens on (one line), then answers every request with 200 after `delay_seconds`
        (default 0.1), recording its method, path, Idempotency-Key and Authorization. `GET /seen` returns the records as JSON.
        With `hold_after` N, every request after the first N is recorded and then held, unanswered, until
        `GET /release`: a client sending one at a time is stuck at request N + 1 for as long as the test wants.
        Exits when stdin closes or after 120 seconds, whichever comes first.
        """
        import json
        import sys
        import threading
        import time
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        DELAY = float(sys.argv[1]) if len(sys.argv) > 1 else 0.1
        HOLD_AFTER = int(sys.argv[2]) if len(sys.argv) > 2 else None
        LIFETIME = 120
        seen = []
        seen_lock = threading.Lock()
        released = threading.Event()


        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format, *args):
                pass

            def reply(self, status, body):
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                try:
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client was killed mid-request: that is the point of the test

            def record(self):
                length = int(self.headers.get("Content-Length") or 0)
                if length:
                    self.rfile.read(min(length, 1 << 20))
                with seen_lock:
                    seen.append({
                        "method": self.command,
                        "path": self.path,
                        "key": self.headers.get("Idempotency-Key"),
                        "auth": self.headers.get("Authorization"),
                        "time": time.time(),
                    })
                    held = HOLD_AFTER is not None and len(seen) > HOLD_AFTER
                if held:
                    released.wait(LIFETIME)
                time.sleep(DELAY)
                self.reply(200, {"ok": True})

            def do_GET(self):
                if self.path == "/seen":
                    with seen_lock:
                        records = list(seen)
                    self.reply(200, records)
                elif self.path == "/release":
                    released.set()
                    self.reply(200, {"released": True})
                else:
                    self.record()

            do_POST = record
            do_PUT = record
            do_PATCH = record
            do_DELETE = record


        def main():
            class QuietServer(ThreadingHTTPServer):
                def handle_error(self, request, client_address):
                    pass

            server = QuietServer(("127.0.0.1", 0), Handler)
            server.daemon_threads = True
            print(server.server_address[1], flush=True)
            threading.Thread(target=server.serve_forever, daemon=True).start()

            stdin_closed = threading.Event()

            def watch_stdin():
                try:
                    while sys.stdin.read(1024):
                        pass
                except Exception:
                    pass
                stdin_closed.set()

            threading.Thread(target=watch_stdin, daemon=True).start()
            stdin_closed.wait(LIFETIME)
            server.shutdown()


        if __name__ == "__main__":
            main()
        """#

    /// Writes the script into `directory` and returns its path.
    static func write(to directory: URL) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("queue_test_server.py")
        try Data(script.utf8).write(to: url)
        return url
    }
}
