#!/usr/bin/env python3
"""The transport's memory against a response body that never ends, on a loaded machine; a 1 GiB download and upload.

Starts Tests/Support/loopback_server.py, keeps every core busy with a loop of its own, and runs
transport-memory-probe (built in release) against the server's /endless route: RUNS times with a chunked body and
RUNS times with an HTTP/1.0 close-delimited one, at the transport's default cap (20 MB). Prints how far the probe's
peak resident memory grew past the cap (median and worst), what it kept a second after the answer, and the
floor (the probe's resident size before the request), with the target the transport documents: the cap, 1/32 of
it and 1 MB. Exits 1 when a run misses the target or does not end with the body refused.

Usage: transport_bench.py path/to/transport-memory-probe
"""
import json
import os
import statistics
import subprocess
import sys

RUNS = 5
CAP = 20 * 1024 * 1024
MB = 1024 * 1024
ALLOWANCE = CAP // 32 + MB
# A download or an upload of 1 GiB: FoundationNetworking keeps about 8 MB per GB it reads without a pause (its own,
# measured on 2026-12-07: +5.5 MB for 256 MiB, +7.2 MB for 512 MiB, +12.6 MB for 1 GiB); the transfer itself holds
# no piece of the file.
FILE_BYTES = 1 << 30
FILE_ALLOWANCE = 32 * MB
SERVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Support", "loopback_server.py")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: transport_bench.py path/to/transport-memory-probe")
    probe = sys.argv[1]
    server = subprocess.Popen([sys.executable, SERVER, "600"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    busy = []
    try:
        port = int(server.stdout.readline())
        busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(os.cpu_count() or 1)]
        runs = []
        for framing, query in (("chunked", ""), ("close-delimited", "?close=1")):
            for _ in range(RUNS):
                url = "http://127.0.0.1:%d/endless%s" % (port, query)
                output = subprocess.run([probe, url, str(CAP), "1"], capture_output=True, text=True, timeout=300)
                if output.returncode != 0:
                    print("transport bench: the probe failed: %s" % (output.stdout + output.stderr).strip())
                    return 1
                result = json.loads(output.stdout)
                result["framing"] = framing
                runs.append(result)
    finally:
        for process in busy:
            process.kill()
            process.wait()
        server.stdin.close()
        server.wait(timeout=10)

    downloads = file_runs(probe, "download")
    uploads = file_runs(probe, "upload")
    multiparts = file_runs(probe, "multipart")
    if downloads is None or uploads is None or multiparts is None:
        return 1

    past = [run["peak"] - run["baseline"] - CAP for run in runs]
    kept = [run["resident"] - run["baseline"] for run in runs if run["resident"] >= 0]
    refused = all(run["outcome"] == "tooLarge" for run in runs)
    met = refused and max(past) <= ALLOWANCE
    print(
        "endless body, %d MB cap, every core busy: peak memory the cap + %.2f MB (median of %d; worst + %.2f MB), "
        "a second after the answer + %s; floor: %.0f MB resident before the request; target ≤ the cap + %.2f MB "
        "(1/32 of it and 1 MB)%s"
        % (CAP // MB, statistics.median(past) / MB, len(runs), max(past) / MB,
           "%.2f MB (worst + %.2f MB)" % (statistics.median(kept) / MB, max(kept) / MB) if kept else "unknown here",
           statistics.median(run["baseline"] for run in runs) / MB, ALLOWANCE / MB,
           "" if met else " — MISSED" + ("" if refused else " (a body was not refused)")))
    files_met = True
    for mode, runs_of_mode, done in (("download", downloads, "downloaded"), ("upload", uploads, "uploaded"),
                                     ("multipart", multiparts, "uploaded")):
        grown = [run["peak"] - run["baseline"] for run in runs_of_mode]
        whole = all(run["outcome"] == done and run["bytes"] == FILE_BYTES for run in runs_of_mode)
        mode_met = whole and max(grown) <= FILE_ALLOWANCE
        files_met = files_met and mode_met
        how = {"download": "download of 1 GiB to a file (APIClient.download)",
               "upload": "upload of 1 GiB from a file (APIClient.upload)",
               "multipart": "multipart upload of a 1 GiB file (FileUpload(contentsOf:), APIClient.send)"}[mode]
        print(
            "%s over loopback: peak memory + %.2f MB (median of %d; worst "
            "+ %.2f MB), %.2f s; target ≤ + %d MB%s"
            % (how, statistics.median(grown) / MB, len(runs_of_mode),
               max(grown) / MB, statistics.median(run["seconds"] for run in runs_of_mode), FILE_ALLOWANCE // MB,
               "" if mode_met else " — MISSED" + ("" if whole else " (a transfer failed)")))
    return 0 if met and files_met else 1


def file_runs(probe, mode):
    """RUNS transfers of 1 GiB (mode: download from /bytes, upload or multipart to /sink) on a quiet machine; None
    when the probe failed."""
    server = subprocess.Popen([sys.executable, SERVER, "600"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        port = int(server.stdout.readline())
        runs = []
        for _ in range(RUNS):
            base = "http://127.0.0.1:%d" % port
            output = subprocess.run([probe, mode, base, str(FILE_BYTES)], capture_output=True, text=True, timeout=300)
            if output.returncode != 0:
                print("transport bench: the %s probe failed: %s" % (mode, (output.stdout + output.stderr).strip()))
                return None
            runs.append(json.loads(output.stdout))
        return runs
    finally:
        server.stdin.close()
        server.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
