#!/usr/bin/env python3
"""APIClient against bare URLSession over loopback (issues 28 §6 and 40), as `make bench` runs it.

usage: client_bench.py LUCID_BENCH [options for `lucid-bench client`: --requests N --rounds N --concurrency 1,10,100]

Starts nginx on a free port of 127.0.0.1 with a configuration written into a temporary folder (one worker, no
access log, keep-alive connections kept for the whole run), answering every path with the same small JSON body, as
an API would, except two static files it writes into the folder: /events, an event stream of EVENTS OpenAI-shaped
chat chunks (`data: {json}` events, then `data: [DONE]`, as text/event-stream), and /files/body.bin, DOWNLOAD_BYTES
bytes (a sparse file: served from memory, never read from disk). Runs, against http://127.0.0.1:PORT:
`LUCID_BENCH client`, which prints the figures and exits 1 when a ratio misses its target; `LUCID_BENCH paging` (a
PageSequence's time per page against single calls, exit 1 over 5% more); `LUCID_BENCH stream` (events per second
through ResponseStream against a bare URLSession line loop, exit 1 under 0.9×); `LUCID_BENCH download` (APIClient's
download against URLSession.download(for:), into the folder, with TMPDIR there too so that URLSession's own
temporary files land in it; exit 1 under 0.95×). Then stops nginx and removes the folder, whatever happened. Also
prints the CPU time nginx used, to show the server is not what limits the throughput.
"""

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

# What `BenchCredits` and the generated `MoviesCreditsResponse` decode (Sources/lucid-bench/ClientBench.swift): a
# movie's cast of three people.
BODY = (
    '{"id":603,"cast":['
    '{"person_id":"6384","name":"Keanu Reeves","popularity":8.5,"known_for":[603,604]},'
    '{"person_id":"2975","name":"Laurence Fishburne","popularity":6.1,"known_for":[603]},'
    '{"person_id":"530","name":"Carrie-Anne Moss","popularity":5.4,"known_for":[603]}]}'
)
# The event stream (`lucid-bench stream`): EVENTS chunks shaped as `StreamBench.Chunk` decodes them (about 120 bytes
# each), 6 MB in all: under the 8 MiB a reader may fall behind a stream on Linux (`HTTPTransport.streamLagLimit`),
# which nginx, sending the whole file at once, would otherwise test rather than the reading.
EVENTS = 50000
EVENT = (
    '{"id":"chatcmpl-1","created":1733500000,"model":"gpt-4o",'
    '"choices":[{"index":0,"delta":{"content":"word %d "}}]}'
)
# The download (`lucid-bench download`): 256 MiB a run, long enough that opening the connection is lost in it.
DOWNLOAD_BYTES = 256 * 1024 * 1024

CONFIG = """\
daemon off;
master_process off;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    keepalive_requests 10000000;
    keepalive_timeout 300s;
    sendfile on;
    server {{
        listen 127.0.0.1:{port};
        location / {{
            default_type application/json;
            return 200 '{body}';
        }}
        location = /events {{
            default_type text/event-stream;
            alias {folder}/events.txt;
        }}
        location = /files/body.bin {{
            default_type application/octet-stream;
            alias {folder}/body.bin;
        }}
    }}
}}
"""


def write_static_files(folder):
    """The event stream and the download's body that nginx serves from `folder`."""
    with open(os.path.join(folder, "events.txt"), "w") as events:
        for index in range(EVENTS):
            events.write("data: " + EVENT % index + "\n\n")
        events.write("data: [DONE]\n\n")
    with open(os.path.join(folder, "body.bin"), "wb") as body:
        body.truncate(DOWNLOAD_BYTES)


def find_nginx():
    found = shutil.which("nginx")
    if found:
        return found
    for candidate in ("/usr/sbin/nginx", "/opt/homebrew/bin/nginx", "/usr/local/bin/nginx"):
        if os.access(candidate, os.X_OK):
            return candidate
    sys.exit("client_bench: nginx is not installed (`make bench` installs it: apt-get install nginx, or brew install nginx)")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(port, server):
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if server.poll() is not None:
            return False
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return True
        except OSError:
            time.sleep(0.05)
    return False


def cpu_seconds(pid):
    """The user and system CPU time of process `pid` (Linux: /proc), or None where it cannot be read."""
    try:
        with open("/proc/%d/stat" % pid) as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    bench, options = sys.argv[1], sys.argv[2:]
    nginx = find_nginx()
    folder = tempfile.mkdtemp(prefix="lucid-client-bench-")
    server = None
    try:
        write_static_files(folder)
        for _ in range(5):  # another process may take the port between probing and listening
            port = free_port()
            with open(os.path.join(folder, "nginx.conf"), "w") as config:
                config.write(CONFIG.format(folder=folder, port=port, body=BODY))
            server = subprocess.Popen(
                [nginx, "-p", folder, "-c", os.path.join(folder, "nginx.conf"), "-e", os.path.join(folder, "error.log")],
                stdin=subprocess.DEVNULL,
            )
            if wait_for(port, server):
                break
            server.kill()
            server.wait()
            server = None
        if server is None:
            with open(os.path.join(folder, "error.log")) as log:
                sys.exit("client_bench: nginx did not start:\n" + log.read())
        print("client bench: %s on 127.0.0.1:%d, a %d-byte JSON body" % (nginx, port, len(BODY)), flush=True)
        cpu_before, start = cpu_seconds(server.pid), time.monotonic()
        result = subprocess.run([bench, "client", "http://127.0.0.1:%d" % port] + options)
        # Paging over single calls (issue 30), against the same server: its own options are not passed.
        paging = subprocess.run([bench, "paging", "http://127.0.0.1:%d" % port])
        # A stream and a download (issue 40), against the same server.
        stream = subprocess.run([bench, "stream", "http://127.0.0.1:%d" % port, "--events", str(EVENTS)])
        downloads = os.path.join(folder, "downloads")
        os.mkdir(downloads)
        download = subprocess.run(
            [bench, "download", "http://127.0.0.1:%d" % port, "--bytes", str(DOWNLOAD_BYTES), "--folder", downloads],
            env=dict(os.environ, TMPDIR=downloads),
        )
        cpu_after, wall = cpu_seconds(server.pid), time.monotonic() - start
        if cpu_before is not None and cpu_after is not None:
            busy = (cpu_after - cpu_before) / wall
            print(
                "  nginx: %.1f s CPU in %.1f s, busy %.0f%% of the run: %s"
                % (
                    cpu_after - cpu_before,
                    wall,
                    100 * busy,
                    "not the bottleneck" if busy < 0.5 else "it may be the bottleneck, the ratios say little",
                )
            )
        return result.returncode or paging.returncode or stream.returncode or download.returncode
    finally:
        if server is not None and server.poll() is None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
