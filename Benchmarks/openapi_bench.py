#!/usr/bin/env python3
"""`make bench-openapi`: lucid-gen against apple/swift-openapi-generator 1.14.3 on the same OpenAPI documents,
measured side by side in one run.

For each of the largest documents of ../shared/testdata/openapi that both tools accept, and a forum-shaped one
whose every schema is written in place (make_inline_document.py) (DOCUMENTS below):

- lucid-gen: `import-openapi` then `generate`, and a clean debug build of the output in a throwaway package whose
  target depends on LucidRuntime from this checkout by path;
- the peer: `swift-openapi-generator generate` (types and client, `openapi-generator-config.yaml`), and a clean
  debug build of its output in a throwaway package whose target depends on swift-openapi-runtime and
  swift-openapi-urlsession.

Both packages build their dependencies first, untimed; each timed build then compiles only the generated target,
from nothing (its objects, module and incremental state deleted), three times, alternating between the tools (each
figure is the median of the builds whose compile jobs ran side by side; a build SwiftPM serialized is listed apart,
and more builds are made to get three others: see RUNS; each build's wall time is printed too). Figures, for both: the generation's CPU time,
lines of generated Swift, the build's wall and CPU time (the build and every compiler it started), warnings in
the generated code, and peak compiler memory.

Peak compiler memory: every compiler job the build starts (a `swift-frontend -frontend -c` or `-emit-module`
process descending from it; other builds on the machine are not counted) is watched in /proc every 0.05 s while the build runs. "peak" is
the largest sum of the resident memory (VmRSS) of the jobs running at the same instant, what the machine must
hold; "largest job" is the largest high-water mark (VmHWM, which the kernel keeps per process, so it misses only
what a job grows in the last 0.05 s before it exits): the peak memory of one compiler process, the figure the
target is checked on (the peer's reported problem: one compiler job of 9-10 GB). /usr/bin/time -v on `swift build`
gives neither: it reports the memory of the one process it started, or of the largest it waited for, never the
compiler jobs that ran side by side.

Target (issue 31): compile time (the build's wall time) and peak compiler memory (of a compiler job) at least 3x
better than the peer's on each document. The ratios are printed and the exit status is 1 when one is missed.
When the peer cannot be built (the package store lacks swift-openapi-generator 1.14.3) its column is skipped with
the reason, and nothing is compared.

Usage: openapi_bench.py LUCID_GEN [--peer PATH_TO_swift-openapi-generator] [--documents a.yaml,b.yml] [--runs 3]
Without --peer, the peer is built from Benchmarks/OpenAPIPeer (`swift build -c release`).
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from swift_jobs import compiler_jobs, serialized

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PEER_PACKAGE = os.path.join(HERE, "OpenAPIPeer")
CORPUS = os.environ.get("LUCID_TESTDATA", os.path.join(ROOT, "..", "shared", "testdata"))
CORPUS = os.path.join(os.path.abspath(CORPUS), "openapi")
# The largest documents both tools accept: Xero (926 KB, 235 operations), Spotify (286 KB, 97) and Adyen (129 KB,
# schemas only). Lob (909 KB) is in 475 files, and swift-openapi-generator reads no `$ref` to another file.
# And a forum-shaped document written by Benchmarks/make_inline_document.py (93 operations, every schema written in
# place, the same shapes under many names): the case where one type per place costs most (issue 39).
GENERATED = "generated/forum.json"
DOCUMENTS = [
    "xero/xero_accounting.yaml",
    "spotify/fixed-spotify-open-api.yml",
    "adyen/BalancePlatformTransferNotification-v4.yaml",
    GENERATED,
]
TARGET_RATIO = 3.0
# Builds of each output, alternating between the tools; each figure is the median of the builds whose compile jobs
# ran side by side. SwiftPM's driver on Linux sometimes runs a build's compile batches one after the other, whatever
# the code (a race: swift_jobs.py); such a build is counted apart and listed, and up to RUNS more builds are made to
# get RUNS of the others. The race costs a module of two balanced batches (lucid-gen's split output) its second core,
# and one big file and a small one (the peer's) almost nothing, so counting those builds would measure the race.
RUNS = 3
SWIFT = os.environ.get("SWIFT", "swift")
POLL = 0.05


def cpu_seconds(argv, cwd=None, log=None):
    """Runs argv; (wall, CPU of it and its children, exit code), its output into `log` (a path) or discarded."""
    start = time.monotonic()
    before = os.times()
    with open(log or os.devnull, "wb") as out:
        code = subprocess.call(argv, cwd=cwd, stdout=out, stderr=subprocess.STDOUT)
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return time.monotonic() - start, cpu, code


def memory_kb(pid):
    """(VmRSS, VmHWM) of a live process in kB, or None (gone, or a zombie: no memory left)."""
    try:
        with open("/proc/%s/status" % pid) as f:
            fields = dict(line.split(":", 1) for line in f if ":" in line)
        return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])
    except (OSError, KeyError, ValueError):
        return None


def watched_build(package, target, log):
    """A debug build of `target` in `package`, the compiler jobs watched. A dict of figures."""
    known, peak_sum, peak_job, spans = {}, 0, 0, {}
    start = time.monotonic()
    before = os.times()
    with open(log, "wb") as out:
        build = subprocess.Popen([SWIFT, "build", "--target", target], cwd=package, stdout=out,
                                 stderr=subprocess.STDOUT)
        while build.poll() is None:
            now = time.monotonic()
            total = 0
            for pid in compiler_jobs(known, str(build.pid)):
                spans.setdefault(pid, [now, now])[1] = now
                memory = memory_kb(pid)
                if memory:
                    total += memory[0]
                    peak_job = max(peak_job, memory[1])
            peak_sum = max(peak_sum, total)
            time.sleep(POLL)
    after = os.times()
    wall = time.monotonic() - start
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    with open(log, errors="replace") as f:
        text = f.read()
    warnings = len(set(line for line in text.splitlines() if ": warning: " in line))
    return {"ok": build.returncode == 0, "wall": wall, "cpu": cpu, "peak": peak_sum / 1024.0,
            "job": peak_job / 1024.0, "jobs": len(spans), "warnings": warnings, "log": text,
            "serialized": serialized(list(spans.values()), os.cpu_count() or 1)}


def clean_target(package, target):
    """Deletes what compiling `target` wrote, so that the next build compiles it from nothing."""
    products = subprocess.run([SWIFT, "build", "--show-bin-path"], cwd=package, capture_output=True,
                              text=True).stdout.strip()
    # Everything the compile wrote, but the files SwiftPM writes once when it plans the build (it plans again only
    # when the target's files change, so two documents whose outputs have the same file names need them).
    build = os.path.join(products, target + ".build")
    for name in os.listdir(build) if os.path.isdir(build) else []:
        if name not in ("output-file-map.json", "sources", "include"):
            path = os.path.join(build, name)
            shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
    modules = os.path.join(products, "Modules")
    if os.path.isdir(modules):
        for name in os.listdir(modules):
            if name.startswith(target + "."):
                path = os.path.join(modules, name)
                shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)


def swift_lines(folder):
    lines = files = 0
    for directory, _, names in os.walk(folder):
        for name in names:
            if name.endswith(".swift"):
                files += 1
                with open(os.path.join(directory, name), "rb") as f:
                    lines += f.read().count(b"\n")
    return lines, files


def write_package(folder, name, target, dependencies, products):
    os.makedirs(os.path.join(folder, "Sources", target), exist_ok=True)
    with open(os.path.join(folder, "Package.swift"), "w") as f:
        f.write("""// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "%s",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    dependencies: [%s],
    targets: [.target(name: "%s", dependencies: [%s])],
    swiftLanguageModes: [.v6]
)
""" % (name, ", ".join(dependencies), target, ", ".join(products)))


def warm_up(package, target, placeholder):
    """Builds the package's dependencies (and a one-line target), untimed: the timed builds compile only the
    generated code."""
    sources = os.path.join(package, "Sources", target)
    with open(os.path.join(sources, "Placeholder.swift"), "w") as f:
        f.write(placeholder)
    result = subprocess.run([SWIFT, "build", "--target", target], cwd=package, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit("openapi_bench: the %s package does not build:\n%s"
                 % (target, (result.stdout + result.stderr)[-3000:]))
    os.remove(os.path.join(sources, "Placeholder.swift"))


def replace_sources(package, target):
    sources = os.path.join(package, "Sources", target)
    shutil.rmtree(sources, ignore_errors=True)
    os.makedirs(sources)
    return sources


def build_peer():
    """The peer's binary, or (None, why not)."""
    if not os.path.exists(os.path.join(PEER_PACKAGE, "Package.swift")):
        return None, "%s is missing" % PEER_PACKAGE
    print("building swift-openapi-generator 1.14.3 in %s (release; untimed)" % os.path.relpath(PEER_PACKAGE, ROOT))
    result = subprocess.run([SWIFT, "build", "-c", "release", "--product", "swift-openapi-generator"],
                            cwd=PEER_PACKAGE, capture_output=True, text=True)
    if result.returncode != 0:
        lines = [line for line in (result.stdout + result.stderr).splitlines() if "error" in line.lower()]
        return None, "it does not build here (%s)" % ((lines or ["exit %d" % result.returncode])[0].strip()[:300])
    products = subprocess.run([SWIFT, "build", "-c", "release", "--show-bin-path"], cwd=PEER_PACKAGE,
                              capture_output=True, text=True).stdout.strip()
    return os.path.join(products, "swift-openapi-generator"), None


def load():
    try:
        with open("/proc/loadavg") as f:
            return f.read().split()[0]
    except OSError:
        return "?"


def summary(builds):
    """The median of each figure over the builds whose jobs ran side by side (over all, when every one was
    serialized), with each build's wall time."""
    counted = [build for build in builds if not build["serialized"]] or builds
    result = {"ok": all(build["ok"] for build in builds), "log": builds[-1]["log"],
              "warnings": builds[0]["warnings"], "walls": [build["wall"] for build in counted],
              "serialized": [build["wall"] for build in builds if build["serialized"]],
              "all_serialized": all(build["serialized"] for build in builds)}
    for key in ("wall", "cpu", "peak", "job", "jobs"):
        result[key] = statistics.median(build[key] for build in counted)
    return result


def side_by_side(builds):
    return sum(1 for build in builds if not build["serialized"])


def describe(label, generation, lines, files, build):
    status = "" if build["ok"] else "   BUILD FAILED"
    walls = " ".join("%.1f" % wall for wall in build["walls"])
    if build["all_serialized"]:
        walls += "; every build serialized"
    elif build["serialized"]:
        walls += "; serialized, not counted: " + " ".join("%.1f" % wall for wall in build["serialized"])
    print("  %-24s generate %5.2f s CPU   %6d lines, %2d files   build %5.1f s wall (%s), %5.1f s CPU   "
          "peak %5.0f MB (a job %5.0f MB)   %d warnings%s" % (
              label, generation, lines, files, build["wall"], walls, build["cpu"], build["peak"], build["job"],
              build["warnings"], status))


def main():
    if len(sys.argv) < 2 or sys.argv[1].startswith("-"):
        sys.exit(__doc__)
    lucid = os.path.abspath(sys.argv[1])
    peer, why_not = None, None
    documents = DOCUMENTS
    runs = RUNS
    arguments = sys.argv[2:]
    while arguments:
        option = arguments.pop(0)
        if option == "--peer" and arguments:
            peer = os.path.abspath(arguments.pop(0))
        elif option == "--documents" and arguments:
            documents = arguments.pop(0).split(",")
        elif option == "--runs" and arguments:
            runs = int(arguments.pop(0))
        else:
            sys.exit(__doc__)
    if not os.path.isdir(CORPUS):
        print("bench-openapi: no corpus at %s (set LUCID_TESTDATA): the generated document alone" % CORPUS)
        documents = [name for name in documents if name.startswith("generated/")]
    if peer is None:
        peer, why_not = build_peer()
    elif not os.access(peer, os.X_OK):
        peer, why_not = None, "%s is not an executable" % peer
    if why_not:
        print("swift-openapi-generator: column skipped: %s" % why_not)

    work = tempfile.mkdtemp(prefix="lucid-openapi-bench-")
    missed = []
    try:
        lucid_package = os.path.join(work, "lucid")
        write_package(lucid_package, "LucidBench", "Imported", ['.package(path: "%s")' % ROOT],
                      ['.product(name: "LucidRuntime", package: "%s")' % os.path.basename(ROOT)])
        warm_up(lucid_package, "Imported", "import LucidRuntime\n")
        peer_package = os.path.join(work, "peer")
        if peer:
            write_package(
                peer_package, "PeerBench", "Peer",
                ['.package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4")',
                 '.package(url: "https://github.com/apple/swift-openapi-urlsession", exact: "1.4.0")'],
                ['.product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")',
                 '.product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession")'])
            warm_up(peer_package, "Peer", "import OpenAPIRuntime\nimport OpenAPIURLSession\n")
        print("clean debug builds of the generated target, dependencies built; %d cores, load %s at the start"
              % (os.cpu_count(), load()))
        for name in documents:
            document = os.path.join(CORPUS, name)
            if name.startswith("generated/"):
                document = os.path.join(work, os.path.basename(name))
                subprocess.run([sys.executable, os.path.join(HERE, "make_inline_document.py"), document], check=True)
            print("%s (%d KB), load %s" % (name, os.path.getsize(document) // 1024, load()))
            spec = os.path.join(work, "imported.lucid.yaml")
            sources = replace_sources(lucid_package, "Imported")
            _, imported, code = cpu_seconds([lucid, "import-openapi", document, "--output", spec, "--force"])
            _, generated, code2 = cpu_seconds([lucid, "generate", spec, "--output", sources, "--quiet"])
            if code or code2:
                missed.append(name + ": lucid-gen does not import or generate it")
                print("  lucid-gen: import-openapi or generate failed")
                continue
            lines, files = swift_lines(sources)
            peer_generation = None
            if peer:
                sources = replace_sources(peer_package, "Peer")
                config = os.path.join(work, "openapi-generator-config.yaml")
                with open(config, "w") as f:
                    f.write("generate:\n  - types\n  - client\n")
                output = os.path.join(work, "peer-output")
                shutil.rmtree(output, ignore_errors=True)
                _, peer_generation, code = cpu_seconds(
                    [peer, "generate", document, "--config", config, "--output-directory", output],
                    log=os.path.join(work, "peer-generate.log"))
                if code:
                    peer_generation = None
                    with open(os.path.join(work, "peer-generate.log"), errors="replace") as f:
                        print("  swift-openapi-generator: does not generate it: %s" % f.read()[-600:])
                else:
                    for generated_file in os.listdir(output):
                        shutil.copy(os.path.join(output, generated_file), sources)
                    peer_lines, peer_files = swift_lines(sources)
            # The runs alternate, so that both tools meet the same moments of the machine's other work.
            ours_runs, theirs_runs = [], []
            for attempt in range(2 * runs):
                ours_needed = side_by_side(ours_runs) < runs
                theirs_needed = peer_generation is not None and side_by_side(theirs_runs) < runs
                if attempt >= runs and not (ours_needed or theirs_needed):
                    break
                if attempt < runs or ours_needed:
                    clean_target(lucid_package, "Imported")
                    ours_runs.append(watched_build(lucid_package, "Imported", os.path.join(work, "lucid.log")))
                if peer_generation is not None and (attempt < runs or theirs_needed):
                    clean_target(peer_package, "Peer")
                    theirs_runs.append(watched_build(peer_package, "Peer", os.path.join(work, "peer.log")))
            ours = summary(ours_runs)
            describe("lucid-gen", imported + generated, lines, files, ours)
            if not ours["ok"]:
                missed.append(name + ": lucid-gen's output does not build")
                print(ours["log"][-2000:])
            if peer_generation is None:
                continue
            theirs = summary(theirs_runs)
            describe("swift-openapi-generator", peer_generation, peer_lines, peer_files, theirs)
            if not theirs["ok"]:
                print("  swift-openapi-generator's output does not build (not compared):\n" + theirs["log"][-2000:])
                continue
            if not ours["ok"]:
                continue
            time_ratio = theirs["wall"] / ours["wall"]
            cpu_ratio = theirs["cpu"] / ours["cpu"]
            memory_ratio = theirs["peak"] / ours["peak"] if ours["peak"] else float("inf")
            job_ratio = theirs["job"] / ours["job"] if ours["job"] else float("inf")
            verdicts = []
            for label, ratio in (("compile time", time_ratio), ("peak memory of a compiler job", job_ratio)):
                met = ratio >= TARGET_RATIO
                if not met:
                    missed.append("%s: %s %.2fx" % (name, label, ratio))
                verdicts.append("%s %.2fx (%s)" % (label, ratio, "met" if met else "MISSED"))
            print("  ratios, peer / lucid-gen: %s; build CPU %.2fx, peak of the jobs together %.2fx, lines %.1fx"
                  "   target >= %gx" % (", ".join(verdicts), cpu_ratio, memory_ratio, peer_lines / float(lines),
                                       TARGET_RATIO))
    finally:
        shutil.rmtree(work, ignore_errors=True)
        locks = os.path.dirname(work)
        prefix = work.replace("/", "_") + "_"
        for name in os.listdir(locks):
            if name.startswith(prefix) and name.endswith(".lock"):
                os.remove(os.path.join(locks, name))
    if missed:
        print("targets missed: " + "; ".join(missed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
