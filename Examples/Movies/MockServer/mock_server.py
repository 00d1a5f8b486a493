#!/usr/bin/env python3
"""The Movies example's mock API: canned JSON on 127.0.0.1 (Python 3 standard library only).

Serves the endpoints of Sources/Movies/movies.lucid.yaml under /3 (the `api` server) and /images (the `images`
server), from the spec's fixtures and the canned bodies below. Prints its port alone on the first stdout line.

  mock_server.py [--port N] [--lifetime SECONDS] [--stdin-lifeline]

Stops after --lifetime seconds (default 300), and with --stdin-lifeline also when its stdin closes, so a test
or script that dies cannot leave it running.

Credentials it accepts: api_key `demo-key` (query), session `demo-session` (bearer), partner token `demo-partner`
(X-Partner-Token). Log in with username `demo` and password `secret` to get the session.

For tests and demos, under /_mock:
  GET  /_mock/requests                      every request received, oldest first: {method, path, query (decoded,
                                            name -> list of values), raw_query, headers (lowercased names), body}
  POST /_mock/reset                         forgets requests, ratings, failures and delays
  POST /_mock/fail?path=P&status=S&count=N  the next N requests to path P answer status S with an error payload
  POST /_mock/delay?path=P&ms=M             requests to path P wait M milliseconds (at most 5000) first
  GET  /_mock/ratings                       the ratings stored so far: {movie id: value}

Streams and downloads: GET /3/movie/ID/reviews/live answers the movie's new reviews as server-sent events (with
`id:` and `retry:`), then ends the body; a reconnection whose Last-Event-ID is the last review's gets 204, which
ends the stream. GET /images/posters/ID answers a poster's bytes (deterministic, POSTER_BYTES long) with an ETag
and Accept-Ranges, and serves `Range: bytes=N-` as 206 (a download resumed where it broke).
"""

import argparse
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "Sources", "Movies", "fixtures")
API_KEY, SESSION, PARTNER = "demo-key", "demo-session", "demo-partner"
MAX_DELAY_MS = 5000
# The fixture's discover list has two movies: one a page makes the app's paging visible.
DISCOVER_PAGE_SIZE = 1
POSTER_BYTES = 256 * 1024


def fixture(name):
    with open(os.path.join(FIXTURES, name), encoding="utf-8") as f:
        return json.load(f)


MOVIES = {
    603: fixture("movie.json"),
    680: {"id": 680, "title": "Pulp Fiction", "release_date": "1994-09-10", "popularity": 64.1,
          "runtime": 9240, "genre_ids": [80], "rating": 8.5, "review_count": 7,
          "credits": {"director": {"name": "Quentin Tarantino"}}},
}
LIVE_REVIEWS = {
    603: [{"review_id": "r-%d" % n, "author": author, "content": text, "movie_id": 603,
           "created_at": 1733500000000 + n * 60000}
          for n, (author, text) in enumerate([("neo", "There is no spoon."), ("trinity", "Follow the white rabbit."),
                                              ("morpheus", "Free your mind.")], start=1)],
}


def poster(movie_id):
    """A poster's bytes: the same for the same movie on every run, so a download can be checked byte for byte."""
    seed = bytes("poster-%d" % movie_id, "ascii")
    return (seed * (POSTER_BYTES // len(seed) + 1))[:POSTER_BYTES]


CREDITS = {
    603: [{"person_id": "6384", "name": "Keanu Reeves", "known_for": [603]},
          {"person_id": "2975", "name": "Laurence Fishburne", "known_for": [603]}],
    680: [{"person_id": "62", "name": "Bruce Willis", "known_for": [680]}],
}


class State:
    """Everything the server remembers, behind one lock."""

    def __init__(self):
        self.lock = threading.Lock()
        self.reset()

    def reset(self):
        self.requests = []
        self.ratings = {}
        self.failures = {}      # path -> [status, remaining count]
        self.delays = {}        # path -> milliseconds
        self.answered_keys = {}  # Idempotency-Key -> (status, payload)


STATE = State()


def error(status, code, message):
    return status, {"status_code": code, "status_message": message}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def send_json(self, status, payload):
        body = b"" if payload is None else json.dumps(payload, sort_keys=True).encode("utf-8")
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length > 0 else b""
        raw_path, _, raw_query = self.path.partition("?")
        path = unquote(raw_path)
        query = parse_qs(raw_query, keep_blank_values=True)
        if path.startswith("/_mock/"):
            self.send_json(*self.control(path, query))
            return
        with STATE.lock:
            STATE.requests.append({
                "method": self.command, "path": raw_path, "query": query, "raw_query": raw_query,
                "headers": {name.lower(): value for name, value in self.headers.items()},
                "body": body.decode("utf-8", errors="replace"),
            })
            delay = STATE.delays.get(path, 0)
            failure = STATE.failures.get(path)
            if failure and failure[1] > 0:
                failure[1] -= 1
                status = failure[0]
            else:
                status = None
        if delay:
            time.sleep(delay / 1000.0)
        if status is not None:
            self.send_json(*error(status, status, "failing on purpose (/_mock/fail)"))
            return
        if self.command == "GET" and self.serve_transfer(path, query):
            return
        try:
            self.send_json(*self.route(path, query, body))
        except (ValueError, KeyError, TypeError) as problem:
            self.send_json(*error(400, 400, "bad request: %s" % problem))

    def serve_transfer(self, path, query):
        """Answers the streaming and download routes, which write their bodies themselves; False for any other."""
        parts = path.strip("/").split("/")
        try:
            if parts[:2] == ["3", "movie"] and parts[3:] == ["reviews", "live"] and len(parts) == 5:
                if query.get("api_key") != [API_KEY]:
                    self.send_json(*error(401, 7, "Invalid API key: You must be granted a valid key."))
                else:
                    self.stream_reviews(int(parts[2]))
                return True
            if parts[:2] == ["images", "posters"] and len(parts) == 3:
                self.send_poster(int(parts[2]))
                return True
        except ValueError:
            self.send_json(*error(400, 400, "bad request: not a number"))
            return True
        except (BrokenPipeError, ConnectionResetError):
            return True
        return False

    def stream_reviews(self, movie_id):
        reviews = LIVE_REVIEWS.get(movie_id, [])
        last = self.headers.get("Last-Event-ID")
        ids = [review["review_id"] for review in reviews]
        if last is not None and (not ids or last == ids[-1]):
            self.send_response(204)  # nothing new: the client stops reconnecting
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        start = ids.index(last) + 1 if last in ids else 0
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        self.wfile.write(b": live reviews\nretry: 100\n\n")
        for review in reviews[start:]:
            time.sleep(0.05)
            event = "id: %s\ndata: %s\n\n" % (review["review_id"], json.dumps(review, sort_keys=True))
            self.wfile.write(event.encode("utf-8"))
            self.wfile.flush()

    def send_poster(self, movie_id):
        if movie_id not in MOVIES:
            self.send_json(*error(404, 34, "The resource you requested could not be found."))
            return
        body = poster(movie_id)
        etag = '"poster-%d-%d"' % (movie_id, len(body))
        start = 0
        ranged = self.headers.get("Range", "")
        if ranged.startswith("bytes=") and ranged.endswith("-") and self.headers.get("If-Range") in (None, etag):
            start = min(int(ranged[len("bytes="):-1]), len(body))
        self.send_response(206 if start else 200)
        self.send_header("Content-Type", "image/jpeg")
        self.send_header("Content-Length", str(len(body) - start))
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("ETag", etag)
        if start:
            self.send_header("Content-Range", "bytes %d-%d/%d" % (start, len(body) - 1, len(body)))
        self.end_headers()
        self.wfile.write(body[start:])

    def control(self, path, query):
        first = lambda name, default=None: query.get(name, [default])[0]
        with STATE.lock:
            if path == "/_mock/requests":
                return 200, STATE.requests
            if path == "/_mock/reset":
                STATE.reset()
                return 200, {"reset": True}
            if path == "/_mock/ratings":
                return 200, {str(k): v for k, v in STATE.ratings.items()}
            if path == "/_mock/fail":
                STATE.failures[first("path")] = [int(first("status", "503")), int(first("count", "1"))]
                return 200, {"failing": first("path")}
            if path == "/_mock/delay":
                STATE.delays[first("path")] = min(max(int(first("ms", "0")), 0), MAX_DELAY_MS)
                return 200, {"delaying": first("path")}
        return error(404, 404, "no mock control " + path)

    def route(self, path, query, body):
        parts = path.strip("/").split("/")
        if parts[:1] == ["3"]:
            return self.api(parts[1:], query, body)
        if parts[:2] == ["images", "upload"] and len(parts) == 3 and self.command == "POST":
            if not self.has_session():
                return error(401, 3, "Authentication failed: session required.")
            return 200, {"url": "https://images.example-movies.com/posters/%s.jpg" % parts[2], "size": len(body)}
        return error(404, 34, "The resource you requested could not be found.")

    def has_session(self):
        return self.headers.get("Authorization") == "Bearer " + SESSION

    def api(self, parts, query, body):
        method = self.command
        if parts == ["status"] and method == "HEAD":
            return 200, None
        if parts == ["authentication", "session"] and method == "POST":
            form = parse_qs(body.decode("utf-8"))
            if form.get("username") == ["demo"] and form.get("password") == ["secret"]:
                return 200, {"session_id": SESSION}
            return error(401, 30, "Invalid username and/or password: You did not provide a valid login.")
        if parts == ["genre", "movie", "list"] and method == "GET":
            if self.headers.get("X-Partner-Token") != PARTNER:
                return error(401, 3, "Authentication failed: partner token required.")
            return 200, {"genres": {"Action": "action", "Comedy": "comedy", "Science Fiction": "sci-fi"}}
        if parts[:1] == ["movie"] and len(parts) >= 2:
            return self.movie(int(parts[1]), parts[2:], query, body)
        if parts == ["discover", "movie"] and method == "GET":
            if query.get("api_key") != [API_KEY]:
                return error(401, 7, "Invalid API key: You must be granted a valid key.")
            return 200, self.discover_page(query)
        return error(404, 34, "The resource you requested could not be found.")

    def discover_page(self, query):
        """The fixture's movies matching `with_genres`, DISCOVER_PAGE_SIZE a page, so that paging shows."""
        payload = fixture("discover.json")
        results = payload["data"]["results"]
        genres = query.get("with_genres")
        if genres:
            wanted = {int(g) for value in genres for g in value.split(",")}
            results = [m for m in results if wanted & set(m.get("genre_ids", []))]
        try:
            page = max(1, int(query.get("page", ["1"])[0]))
        except ValueError:
            page = 1
        start = (page - 1) * DISCOVER_PAGE_SIZE
        payload["data"]["page"] = page
        payload["data"]["results"] = results[start:start + DISCOVER_PAGE_SIZE]
        payload["data"]["total_results"] = len(results)
        payload["data"]["total_pages"] = max(1, -(-len(results) // DISCOVER_PAGE_SIZE))
        return payload

    def movie(self, movie_id, rest, query, body):
        method = self.command
        if rest == ["rating"]:
            if not self.has_session():
                return error(401, 3, "Authentication failed: session required.")
            key = self.headers.get("Idempotency-Key")
            with STATE.lock:
                if key and key in STATE.answered_keys:
                    return STATE.answered_keys[key]
            if movie_id not in MOVIES:
                return error(404, 34, "The resource you requested could not be found.")
            if method == "POST":
                value = float(json.loads(body.decode("utf-8"))["value"])
                if not 0.5 <= value <= 10:
                    return error(400, 18, "Value too high: Value must be less than, or equal to 10.0.")
                answer = (201, {"data": {"result": {"success": True, "status_message": "Rated %.1f." % value}}})
                with STATE.lock:
                    STATE.ratings[movie_id] = value
            elif method == "DELETE":
                answer = (200, None)
                with STATE.lock:
                    STATE.ratings.pop(movie_id, None)
            else:
                return error(405, 405, "method not allowed")
            with STATE.lock:
                if key:
                    STATE.answered_keys[key] = answer
            return answer
        if query.get("api_key") != [API_KEY]:
            return error(401, 7, "Invalid API key: You must be granted a valid key.")
        if movie_id not in MOVIES:
            return error(404, 34, "The resource you requested could not be found.")
        if rest == [] and method == "GET":
            return 200, MOVIES[movie_id]
        if rest == ["credits"] and method == "GET":
            return 200, {"id": movie_id, "cast": CREDITS.get(movie_id, [])}
        return error(404, 34, "The resource you requested could not be found.")

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = handle_any


def exit_when_stdin_closes():
    try:
        while sys.stdin.buffer.read(4096):
            pass
    except Exception:
        pass
    os._exit(0)


def main():
    parser = argparse.ArgumentParser(description="The Movies example's mock API.")
    parser.add_argument("--port", type=int, default=0, help="port to listen on (default: a free one)")
    parser.add_argument("--lifetime", type=float, default=300.0, help="seconds before it stops by itself")
    parser.add_argument("--stdin-lifeline", action="store_true", help="also stop when stdin closes")
    arguments = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", arguments.port), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    if arguments.stdin_lifeline:
        threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    timer = threading.Timer(arguments.lifetime, lambda: os._exit(0))
    timer.daemon = True
    timer.start()
    server.serve_forever()


if __name__ == "__main__":
    main()
