#!/usr/bin/env python3
"""`make bench`: how lucid-gen scales, at N=100 and N=1000 entities (3 endpoints and 10 properties each).

For each N it prints every figure of issue 17 beside the floor measured in the same run and the ratio to it:

- reading and validating the spec (`lint`), against libyaml producing the spec's events alone (`yaml-events`);
- the first generation into a fresh folder (CPU and wall), against Python writing the same bytes the same way
  (a temp file and a rename per file);
- system calls per written file (with strace, when installed);
- an unchanged rerun (the stamp), against Python doing its checks (a stat of every output, SHA-256 of the spec),
  and the same rerun without stamps;
- a debug build of the generated code (Benchmarks/compile_bench.sh).

Targets are checked where the issue sets them; the exit status is 1 when one is missed.
usage: scale_bench.py LUCID_GEN YAML_EVENTS [--skip-compile]
"""
import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from make_scale_spec import scale_spec  # noqa: E402

RUNS = 5
# A quotation, not a measurement of this run: apple/swift-openapi-generator 1.14.3 compiling its output for the
# N=100 spec's `lucid-gen openapi` document, measured on 2026-11-23 on the same kind of machine (issue 17). It is
# printed labelled so; `make bench-openapi` (Benchmarks/openapi_bench.py) measures the peer in its own run.
PEER_QUOTE = (46.0, "2026-11-23")
missed = []


def run(argv, env=None):
    """Runs argv with stdout and stderr discarded; (wall seconds, CPU seconds, exit code)."""
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        os.execve(argv[0], argv, env or os.environ)
    _, status, usage = os.wait4(pid, 0)
    run.last_user = usage.ru_utime
    return time.monotonic() - start, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def median(values):
    return statistics.median(values)


def target(label, value, bound, unit="s"):
    met = value <= bound
    if not met:
        missed.append(label)
    return "target ≤ %g %s: %s" % (bound, unit, "met" if met else "MISSED")


def python_write(files, folder):
    """Writes (relative path, bytes) pairs as lucid-gen does: each folder made once, a temp file and a rename."""
    made = set()
    for relative, data in files:
        path = os.path.join(folder, relative)
        parent = os.path.dirname(path)
        if parent not in made:
            os.makedirs(parent, exist_ok=True)
            made.add(parent)
        temporary = os.path.join(parent, ".%s.tmp" % os.path.basename(path))
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        os.write(descriptor, data)
        os.close(descriptor)
        os.rename(temporary, path)


def python_check(paths, spec):
    """What an unchanged rerun must at least do: stat every output and hash the spec."""
    for path in paths:
        os.stat(path)
    with open(spec, "rb") as f:
        hashlib.sha256(f.read()).hexdigest()


def timed_in_process(body, runs=RUNS):
    """Median (wall, CPU) of running body() in this process."""
    walls, cpus = [], []
    for index in range(runs):
        before, start = os.times(), time.monotonic()
        body(index)
        after = os.times()
        walls.append(time.monotonic() - start)
        cpus.append((after.user - before.user) + (after.system - before.system))
    return median(walls), median(cpus)


def read_tree(folder):
    files = []
    for root, _, names in os.walk(folder):
        for name in sorted(names):
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                files.append((os.path.relpath(path, folder), f.read()))
    return files


def syscalls(argv, env):
    """Total system calls of argv (children included), or None without strace."""
    if not shutil.which("strace"):
        return None
    with tempfile.NamedTemporaryFile("r", suffix=".strace") as summary:
        subprocess.run(["strace", "-f", "-c", "-o", summary.name] + argv, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        for line in summary.read().splitlines():
            fields = line.split()
            if fields and fields[-1] == "total":
                return int(fields[3] if len(fields) >= 5 else fields[2])
    return None


def times(figure, floor):
    """`×12.3`, the figure over its floor; `×—` when the floor took less than the clock shows (a few small files)."""
    return "×%.1f" % (figure / floor) if floor > 0 else "×—"


def bench(n, binary, events, work, compile_script):
    spec = os.path.join(work, "scale%d.lucid.yaml" % n)
    with open(spec, "w") as f:
        f.write(scale_spec(n))
    size = os.path.getsize(spec)
    env = dict(os.environ, LUCID_GEN_CACHE="off")
    print("N=%d: %.1f MB spec, %d endpoints" % (n, size / 1048576, 3 * n))

    lint = [run([binary, "lint", spec], env) for _ in range(RUNS)]
    floor = float(subprocess.run([events, spec, str(RUNS)], capture_output=True, text=True).stdout.split()[1])
    lint_cpu = median([cpu for _, cpu, _ in lint])
    print("  read + validate (lint)        %6.3f s CPU   floor: libyaml events %6.3f s   %s"
          % (lint_cpu, floor, times(lint_cpu, floor)))

    # First generation: a new folder each run (deleting thousands of files right before creating as many makes
    # ext4's inode allocation slow, for any writer), removed at the end. lucid-gen and the Python floor take turns,
    # so both meet the file system in the same state.
    generations, users, pythons = [], [], []
    files = None
    for index in range(RUNS):
        generations.append(run([binary, "generate", spec, "--output", os.path.join(work, "gen%d-%d" % (n, index)),
                                "--quiet"], env))
        users.append(run.last_user)
        if generations[-1][2] != 0:
            sys.exit("generate failed for N=%d" % n)
        if files is None:
            files = read_tree(os.path.join(work, "gen%d-0" % n))
        pythons.append(timed_in_process(lambda _: python_write(files, os.path.join(work, "py%d-%d" % (n, index))),
                                        runs=1))
    output = os.path.join(work, "gen%d-0" % n)
    written = len(files)
    python = (median([w for w, _ in pythons]), median([c for _, c in pythons]))
    wall, cpu = median([w for w, _, _ in generations]), median([c for _, c, _ in generations])
    user = median(users)
    line = "  first generation, %5d files %6.3f s CPU (user %.3f + sys %.3f; %.3f s wall)   floor: Python writing " \
           "the same bytes %6.3f s CPU (%.3f s wall)   %s" % (written, cpu, user, cpu - user, wall, python[1],
                                                           python[0], times(cpu, python[1]))
    if n == 1000:
        line += "   " + target("first generation CPU at N=1000", cpu, 0.8)
    print(line)

    # The writer's cost per file, measured where files are many: 64 files per kind (`--files-per-kind 64`, the most
    # it takes), as a plugin writes them. The default layout writes a few dozen large files, where the run's fixed
    # system calls (threads that render on every core, the stamp, the allocator's) would be counted as the files'.
    strace_output = os.path.join(work, "strace%d" % n)
    per_kind = min(n, 64)
    calls = syscalls(
        [binary, "generate", spec, "--output", strace_output, "--files-per-kind", str(per_kind), "--quiet"], env)
    baseline = syscalls([binary, "lint", spec], env)
    if calls is None or baseline is None:
        print("  system calls per written file   n/a (strace is not installed)")
    else:
        many = sum(len([f for f in names if f.endswith(".swift")]) for _, _, names in os.walk(strace_output))
        per_file = (calls - baseline) / many
        print("  system calls per written file %6.1f (%d files, %d per kind: generate %d, lint of the same spec %d)"
              "   %s" % (per_file, many, per_kind, calls, baseline,
                         target("system calls per written file", per_file, 8, "calls")))

    stamped = dict(os.environ, LUCID_GEN_CACHE=os.path.join(work, "cache"))
    argv = [binary, "generate", spec, "--output", output, "--quiet"]
    run(argv, stamped)
    reruns = [run(argv, stamped) for _ in range(RUNS)]
    paths = [os.path.join(output, relative) for relative, _ in files]
    check = timed_in_process(lambda _: python_check(paths, spec))
    rerun = median([w for w, _, _ in reruns])
    line = "  unchanged rerun               %6.3f s wall   floor: Python stat of every output + SHA-256 of the spec " \
           "%6.3f s   %s" % (rerun, check[0], times(rerun, check[0]))
    if n == 1000:
        line += "   " + target("unchanged rerun at N=1000", rerun, 0.1)
    print(line)
    unstamped = median([run(argv, env)[0] for _ in range(3)])
    print("  unchanged rerun, no stamp     %6.3f s wall (reads every output and compares)" % unstamped)
    return cpu, user


def compile_figure(n, binary, compile_script):
    if not os.path.exists(compile_script):
        print("  debug compile                 n/a (%s is missing)" % compile_script)
        return
    # Five runs for the N=100 target; one for the N=1000 figure, which takes minutes a build.
    runs = 5 if n == 100 else 1
    result = subprocess.run([compile_script, binary, str(n), str(runs)], capture_output=True, text=True)
    figure = [line for line in result.stdout.splitlines() if line.startswith("compile")]
    if result.returncode != 0 or not figure:
        missed.append("compile N=%d" % n)
        print("  debug compile                 FAILED\n" + result.stdout[-2000:] + result.stderr[-2000:])
        return
    seconds = float(figure[-1].split(":")[-1].split()[0])
    line = "  debug compile of the output   %6.1f s (clean target)" % seconds
    if n == 100:
        line += "   %s   (swift-openapi-generator: %.0f s, quoted from a run of %s, not measured now: ×%.1f;" \
            " make bench-openapi measures it)" % (
                target("debug compile at N=100", seconds, 10), PEER_QUOTE[0], PEER_QUOTE[1], PEER_QUOTE[0] / seconds)
    print(line)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    binary, events = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    skip_compile = "--skip-compile" in sys.argv
    compile_script = os.path.join(HERE, "compile_bench.sh")
    work = tempfile.mkdtemp(prefix="lucid-gen-bench-")
    try:
        cpus, users = {}, {}
        for n in (100, 1000):
            cpus[n], users[n] = bench(n, binary, events, work, compile_script)
            if not skip_compile:
                compile_figure(n, binary, compile_script)
        ratio = cpus[1000] / cpus[100]
        print("linearity: first-generation CPU at N=1000 is %.1f× that at N=100 (user CPU alone: %.1f×)   %s"
              % (ratio, users[1000] / users[100], target("linearity", ratio, 12, "×")))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if missed:
        print("missed: " + ", ".join(missed))
        sys.exit(1)
    print("every target met")


if __name__ == "__main__":
    main()
