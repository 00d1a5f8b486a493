"""The compiler jobs of a `swift build`, watched in /proc (Linux), for the compile benchmarks (compile_bench.sh,
openapi_bench.py): which processes are jobs, when each ran, and whether the build ran them serialized.

Serialized builds. The driver SwiftPM runs on Linux starts its jobs through TSCBasic's `Process`, which opens each
job's output pipes without `O_CLOEXEC`. When two jobs start at the same moment (the module job and the first compile
batch always do), the second compiler can inherit the first one's pipe ends; the driver then sees the module job end
only when that compiler ends, and its second batch waits for a free slot all along: the build runs its compile
batches one after the other, whatever the code. Which builds it hits is a race (about one in three on some days,
nearly every build on others), so the benchmarks count such builds apart. Xcode plans the same jobs with its own
build system (swift-build), which does not start them through TSCBasic.
"""
import os

# A build is serialized when, before its last job started, its cores sat idle this long in all (core-seconds): a
# build whose jobs run side by side loses about a tenth of a second between one job's end and the next one's start.
SERIALIZED_IDLE_SECONDS = 1.0


def parent(pid):
    try:
        with open("/proc/%s/stat" % pid) as f:
            return f.read().rpartition(")")[2].split()[1]
    except (OSError, IndexError):
        return None


def descends(pid, ancestor):
    """Whether `pid` was started, directly or not, by `ancestor` (other builds on the machine are not counted)."""
    for _ in range(16):
        pid = parent(pid)
        if pid is None or pid in ("0", "1"):
            return False
        if pid == ancestor:
            return True
    return False


def running(pid):
    """Whether the process runs: one that exited stays a zombie until it is waited for, and the serialized driver
    waits for the module job only when its pipes close."""
    try:
        with open("/proc/%s/stat" % pid) as f:
            return f.read().rpartition(")")[2].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def compiler_jobs(known, build=None):
    """The running compiler jobs (`swift-frontend -frontend -c` or `-emit-module`), of the build whose process id is
    `build` when given; `known` caches which process ids are such jobs, so that each command line is read once."""
    jobs = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        if pid not in known:
            try:
                with open("/proc/%s/cmdline" % pid, "rb") as f:
                    argv = f.read().split(b"\0")
            except OSError:
                continue
            known[pid] = len(argv) > 2 and argv[0].endswith(b"swift-frontend") and argv[1] == b"-frontend" \
                and argv[2] in (b"-c", b"-emit-module") and (build is None or descends(pid, build))
        if known[pid] and running(pid):
            jobs.append(pid)
    return jobs


def idle_core_seconds(spans, cores):
    """Core-seconds without a job between the first job's start and the last job's start (of as many cores as there
    are jobs, at most); `spans` are each job's (start, end)."""
    if not spans:
        return 0.0
    cores = min(cores, len(spans))
    last_start = max(start for start, _ in spans)
    points = sorted({point for span in spans for point in span if point <= last_start})
    idle = 0.0
    for begin, end in zip(points, points[1:]):
        busy = sum(1 for start, stop in spans if start <= begin and stop >= end)
        idle += max(0, cores - busy) * (end - begin)
    return idle


def serialized(spans, cores, threshold=SERIALIZED_IDLE_SECONDS):
    """Whether a build whose jobs ran as `spans` was serialized (see the top): a core sat idle while a job waited."""
    return cores > 1 and idle_core_seconds(spans, cores) > threshold
