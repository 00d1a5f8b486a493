#!/usr/bin/env python3
"""Times `lucid-gen lint` on hostile inputs and on a large generated spec, and `generate` on that spec.

Prints one line per input: wall time, peak memory, exit code, and whether it met the bound
(hostile inputs: a diagnostic within 2 s and 200 MB). Usage: lint_bench.py path/to/lucid-gen
"""
import os
import sys
import tempfile
import time

BOUND_SECONDS, BOUND_BYTES = 2.0, 200 * 1024 * 1024


def write(path, data):
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def make_inputs(folder):
    inputs = {}
    bomb = "lucid: 1\nmodule: A\nx-a0: &a0 [" + ", ".join(["lol"] * 10) + "]\n"
    for level in range(1, 10):
        bomb += "x-a%d: &a%d [%s]\n" % (level, level, ", ".join(["*a%d" % (level - 1)] * 10))
    inputs["alias bomb (10^10 nodes)"] = bomb
    inputs["100,000 levels of nesting"] = "lucid: 1\nmodule: A\nx: " + "[" * 100000 + "]" * 100000
    inputs["invalid UTF-8"] = b"lucid: 1\nmodule: \xff\xfe\n"
    inputs["NUL bytes"] = b"lucid: 1\nmodule: a\x00b\n" * 1000
    inputs["empty file"] = ""
    line = "  - [a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p]\n"
    inputs["15 MB of tiny nodes"] = "lucid: 1\nmodule: A\nx-many:\n" + line * (15 * 1024 * 1024 // len(line))
    paths = {}
    for name, data in inputs.items():
        path = os.path.join(folder, name.replace(" ", "-").replace(",", "").replace("/", "") + ".yaml")
        write(path, data)
        paths[name] = path
    big = os.path.join(folder, "50mb.yaml")
    with open(big, "wb") as f:
        f.truncate(50 * 1024 * 1024)
    paths["50 MB file"] = big
    paths["a directory"] = folder
    return paths


def make_large_spec(folder, entities=1000):
    out = ["lucid: 1\nmodule: Big\nservers:\n  api: https://api.example.com\nentities:\n"]
    for i in range(entities):
        out.append("  e%d:\n    identifier: int\n    properties:\n" % i)
        out.extend("      p%d: { type: string, nullable: true }\n" % j for j in range(20))
        out.append("      rel: { type: e%d, id_only: true }\n" % ((i + 1) % entities))
    out.append("services:\n  s:\n    endpoints:\n")
    for i in range(entities):
        out.append("      get%d:\n        get: /e%d/{id}\n        params: { id: int }\n        response: { entity: e%d }\n" % (i, i, i))
    path = os.path.join(folder, "big.lucid.yaml")
    write(path, "".join(out))
    return path


def run(binary, path, *arguments, command="lint"):
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        os.execv(binary, [binary, command, path] + list(arguments))
    _, status, usage = os.wait4(pid, 0)
    return time.monotonic() - start, usage.ru_maxrss * 1024, os.waitstatus_to_exitcode(status)


def main():
    binary = sys.argv[1]
    with tempfile.TemporaryDirectory() as folder:
        # Generation stamps go to this run's folder, not the user's cache.
        os.environ["LUCID_GEN_CACHE"] = os.path.join(folder, "cache")
        hostile_folder = os.path.join(folder, "hostile")
        os.makedirs(hostile_folder)
        hostile = make_inputs(hostile_folder)
        failures = 0
        for name, path in hostile.items():
            seconds, memory, code = run(binary, path)
            ok = seconds <= BOUND_SECONDS and memory <= BOUND_BYTES and code == 1
            failures += not ok
            print("hostile %-28s %7.3f s %6.1f MB exit %d %s" % (name, seconds, memory / 1048576, code, "ok" if ok else "OVER BOUND"))
        spec = make_large_spec(folder)
        best = min(run(binary, spec) for _ in range(5))
        print("lint 1,000 entities + 1,000 endpoints %7.3f s %6.1f MB exit %d (best of 5)" % (best[0], best[1] / 1048576, best[2]))
        for layout, extra in (("one file per declaration", []), ("plugin layout, 4 files per kind", ["--files-per-kind", "4"])):
            output = os.path.join(folder, "out-%d" % len(extra))
            first = run(binary, spec, "--output", output, *extra, command="generate")
            warm = min(run(binary, spec, "--output", output, *extra, command="generate") for _ in range(5))
            failures += first[2] != 0 or warm[2] != 0
            print("generate 1,000 entities, %s: first write %.3f s, unchanged %.3f s %6.1f MB (best of 5)"
                  % (layout, first[0], warm[0], warm[1] / 1048576))
        sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
