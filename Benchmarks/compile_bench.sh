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
# Serialized runs. The driver SwiftPM runs on Linux starts its jobs through TSCBasic's `Process`, which opens each
# job's output pipes without `O_CLOEXEC`. When two jobs start at the same moment (the module job and the first
# compile batch always do), the second compiler can inherit the first one's pipe ends; the driver then sees the
# module job end only when that compiler ends, and its second batch waits for a free slot all along: the build runs
# on one core and its wall time equals its CPU time. Which runs it hits is a race (about one in three here), the
# same for any code, so a run whose wall time is over 80% of its CPU time is counted apart: the median is that of
# the runs whose compile jobs ran side by side (up to RUNS more runs are made to get RUNS of them), and the
# serialized runs are listed after it. Xcode plans the same jobs with its own build system (swift-build), which
# does not start them through TSCBasic.
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
trap 'rm -rf "$work"' EXIT
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
    if ! measured=$(python3 - "$swift" "$work/build.log" <<'PY'
import resource, subprocess, sys, time
start = time.time()
with open(sys.argv[2], "wb") as log:
    code = subprocess.call([sys.argv[1], "build", "--target", "Scale"], stdout=log, stderr=subprocess.STDOUT)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%.1f %.1f" % (time.time() - start, usage.ru_utime + usage.ru_stime))
sys.exit(code)
PY
    ); then
        tail -20 "$work/build.log" >&2
        exit 1
    fi
    wall=${measured% *}
    cpu=${measured#* }
    warnings=$(grep -c 'warning:' "$work/build.log" || true)
    detail="${wall} s (CPU $cpu s, load $load, $warnings warnings)"
    # One core's worth of work on two or more: the serialized schedule described at the top.
    cores=$(nproc 2>/dev/null || sysctl -n hw.ncpu)
    if [ "$cores" -gt 1 ] && awk -v w="$wall" -v c="$cpu" 'BEGIN { exit !(w > 0.8 * c) }'; then
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
    echo "  serialized by SwiftPM's job pipes (see the top of $(basename "$0")), not counted:" \
        "$(IFS=';'; echo "${serialized[*]}" | sed 's/;/, /g')"
fi
