#!/bin/bash
# Times a clean debug build of the code lucid-gen generates for the benchmark spec (make_scale_spec.py N: N entities,
# 3N endpoints), the way a user's package builds it: a throwaway SwiftPM package in a temporary folder whose target
# `Scale` holds the generated code and depends on LucidRuntime from this checkout (a path dependency).
#
# LucidRuntime and everything else are built first, untimed, with one build of `Scale` that also warms the module
# cache; then each run deletes what compiling `Scale` wrote (objects, module, incremental state) and times
# `swift build --target Scale`. Prints the median, then each run's time with its CPU time and the load average when it
# started (other work on the machine slows a build down; the CPU time moves much less). The temporary folder is
# deleted however the script ends.
#
# Serialized runs. SwiftPM's driver on Linux sometimes runs the compile batches one after the other (a race in how it
# starts its jobs: Benchmarks/swift_jobs.py), the same for any code, so such a run is counted apart: the median is
# that of the runs whose compile jobs ran side by side (up to RUNS more runs are made to get RUNS of them), and the
# serialized runs are listed after it. On Linux the script watches the compiler's jobs in /proc and calls a run
# serialized when a core sat idle while a batch waited; elsewhere, when its wall time is over 80% of its CPU time.
#
# SwiftPM names a path dependency after its folder, hence `package:` is the checkout's folder name.
#
# Usage: Benchmarks/compile_bench.sh path/to/lucid-gen [N=100] [RUNS=3] [extra `lucid-gen generate` options...]
#   e.g. Benchmarks/compile_bench.sh .build/release/lucid-gen 100 5 --files-per-kind 4
set -euo pipefail

if [ $# -lt 1 ]; then
    echo "usage: $0 path/to/lucid-gen [N=100] [RUNS=3] [generate options...]" >&2
    exit 2
fi
tool=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
count=${2:-100}
runs=${3:-3}
shift $(($# < 3 ? $# : 3))
root=$(cd "$(dirname "$0")/.." && pwd)
swift=${SWIFT:-swift}

work=$(mktemp -d "${TMPDIR:-/tmp}/lucid-compile-bench.XXXXXX")
# SwiftPM also leaves lock files beside the folder, named after its path (`/tmp/x/.build` → `/tmp/_tmp_x_.build.lock`).
locks="$(dirname "$work")/$(printf '%s' "$work" | tr / _)_"
trap 'rm -rf "$work"; rm -f "$locks".build*.lock' EXIT
mkdir -p "$work/Sources/Scale"
cat > "$work/Package.swift" <<EOF
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "CompileBench",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    dependencies: [.package(path: "$root")],
    targets: [.target(name: "Scale", dependencies: [.product(name: "LucidRuntime", package: "$(basename "$root")")])],
    swiftLanguageModes: [.v6]
)
EOF
python3 "$root/Benchmarks/make_scale_spec.py" "$count" > "$work/scale.lucid.yaml"
"$tool" generate "$work/scale.lucid.yaml" --output "$work/Sources/Scale" --quiet "$@"
files=$(find "$work/Sources/Scale" -name '*.swift' | wc -l | tr -d ' ')

cd "$work"
if ! "$swift" build --target Scale > "$work/warmup.log" 2>&1; then
    tail -20 "$work/warmup.log" >&2
    exit 1
fi
products=$("$swift" build --show-bin-path)
cores=$(nproc 2>/dev/null || sysctl -n hw.ncpu)
times=()
details=()
serialized=()
attempts=0
while [ ${#times[@]} -lt "$runs" ] && [ "$attempts" -lt $((runs * 2)) ]; do
    attempts=$((attempts + 1))
    # Everything the compile wrote, but the files SwiftPM writes once when it plans the build.
    find "$products/Scale.build" -mindepth 1 -maxdepth 1 \
        -not -name output-file-map.json -not -name sources -not -name include -exec rm -rf {} +
    rm -rf "$products/Modules/Scale."*
    load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || uptime | sed 's/.*load averages*: *//; s/,.*//')
    # Wall time, and the CPU time (user + sys) of the build and every compiler it started: the CPU figure moves
    # little with other work on the machine, so it tells a slow build from a busy machine.
    if ! measured=$(LUCID_BENCHMARKS="$root/Benchmarks" python3 - "$swift" "$work/build.log" "$cores" <<'PY'
import os, resource, subprocess, sys, time

sys.path.insert(0, os.environ["LUCID_BENCHMARKS"])
from swift_jobs import compiler_jobs, serialized

# Where /proc exists, the compiler's jobs (the module job and the compile batches) are watched every 0.1 s: the
# build is serialized when, before its last batch started, a core sat idle for over 3 s in all (swift_jobs.py).
# Elsewhere, when its wall time is over 80% of its CPU time.
watch = sys.platform.startswith("linux")
seen, known = {}, {}
start = time.time()
with open(sys.argv[2], "wb") as log:
    build = subprocess.Popen([sys.argv[1], "build", "--target", "Scale"], stdout=log, stderr=subprocess.STDOUT)
    while build.poll() is None:
        if watch:
            now = time.time()
            for job in compiler_jobs(known):
                seen.setdefault(job, [now, now])[1] = now
        time.sleep(0.1)
wall = time.time() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = usage.ru_utime + usage.ru_stime
if watch and seen:
    one_by_one = serialized(list(seen.values()), int(sys.argv[3]), threshold=3)
else:
    one_by_one = wall > 0.8 * cpu
print("%.1f %.1f %d" % (wall, cpu, one_by_one))
sys.exit(build.returncode)
PY
    ); then
        tail -20 "$work/build.log" >&2
        exit 1
    fi
    read -r wall cpu serial <<< "$measured"
    warnings=$(grep -c 'warning:' "$work/build.log" || true)
    detail="${wall} s (CPU $cpu s, load $load, $warnings warnings)"
    # The serialized schedule described at the top, on a machine with cores to spare.
    if [ "$cores" -gt 1 ] && [ "$serial" = 1 ]; then
        serialized+=("$detail")
    else
        times+=("$wall")
        details+=("$detail")
    fi
done
if [ ${#times[@]} -eq 0 ]; then
    echo "compile N=$count output: every run serialized by SwiftPM: $(IFS=';'; echo "${serialized[*]}")" >&2
    exit 1
fi
median=$(printf '%s\n' "${times[@]}" | sort -n |
    awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
best=$(printf '%s\n' "${times[@]}" | sort -n | head -1)
echo "compile N=$count output (debug, clean target): $median s (best $best s)"
echo "  $files files; median of ${#times[@]} runs: $(IFS=';'; echo "${details[*]}" | sed 's/;/, /g');" \
    "$cores cores"
if [ ${#serialized[@]} -gt 0 ]; then
    echo "  serialized by SwiftPM's job pipes (see Benchmarks/swift_jobs.py), not counted:" \
        "$(IFS=';'; echo "${serialized[*]}" | sed 's/;/, /g')"
fi
