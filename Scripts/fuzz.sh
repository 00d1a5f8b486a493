#!/usr/bin/env bash
# Runs the lucid-fuzz libFuzzer binary (built by `make fuzz`) for SECONDS seconds, or for exactly RUNS inputs, with
# the spec dictionary, from the committed seed corpus: every spec the project keeps (golden cases, the invalid
# corpus, the examples), past findings (Tests/LucidFuzzTests/Findings) and kept fuzz inputs
# (Tests/LucidFuzzTests/Corpus). A crash, a hang, memory past the limit or a broken promise of FuzzTarget stops the
# run; libFuzzer saves the input in .build-fuzz/findings/ and this script exits non-zero saying how to replay it.
#
# Reproducible: the run is seeded, and the seed is printed first. The same commit, seed and RUNS make the same
# inputs again (`make fuzz SEED=... RUNS=...`, both printed at the end); a timed run is the start of that sequence.
# The corpus the run grows is kept in .build-fuzz/corpus (replaced by the next run); `make fuzz-corpus` adds what
# in it reaches code the committed corpus does not to Tests/LucidFuzzTests/Corpus ($LUCID_FUZZ_KEPT).
#
# With LUCID_FUZZ_TARGET=openapi (make fuzz-openapi), the inputs are OpenAPI documents that the import reads
# (OpenAPIFuzzTarget), seeded with OpenAPIFuzzSeeds, with Scripts/fuzz-openapi.dict, in .build-fuzz/openapi.
#
# usage: Scripts/fuzz.sh BINARY SECONDS [SEED]     SEED: else $LUCID_FUZZ_SEED, else a random one;
#                                                  $LUCID_FUZZ_RUNS: run that many inputs instead of SECONDS
#        Scripts/fuzz.sh --merge BINARY            keep the last run's new coverage in Tests/LucidFuzzTests/Corpus
set -uo pipefail
cd "$(dirname "$0")/.."

# The run's folder: .build-fuzz (the fuzz build's scratch folder), or $LUCID_FUZZ_WORK (the script's own tests);
# the target's dictionary, and the make target that runs it.
if [ "${LUCID_FUZZ_TARGET:-}" = openapi ]; then
    work=${LUCID_FUZZ_WORK:-.build-fuzz/openapi}
    dictionary=Scripts/fuzz-openapi.dict
    target=fuzz-openapi
    # Inputs past 64 KB are too slow to import thousands of; the seeds are smaller.
    lengths=-max_len=65536
    prefix="LUCID_FUZZ_TARGET=openapi "
else
    work=${LUCID_FUZZ_WORK:-.build-fuzz}
    dictionary=Scripts/fuzz.dict
    target=fuzz
    lengths=""
    prefix=""
fi
findings=$work/findings
corpus=$work/corpus
kept=${LUCID_FUZZ_KEPT:-Tests/LucidFuzzTests/Corpus}

# Swift seeds its hashing per process: Set and Dictionary orders, and with them the coverage libFuzzer steers by,
# would differ between two runs of one seed. (The fuzz build also renders on one thread, for the same reason.)
export SWIFT_DETERMINISTIC_HASHING=1

# Writes the committed seed corpus into the empty folder $1 (what every run starts from).
write_seeds() {
    rm -rf "$1" && mkdir -p "$1" && "$binary" --seeds "$1" >/dev/null
}

if [ $# -eq 2 ] && [ "$1" = "--merge" ]; then
    binary=$2
    if [ ! -d "$corpus" ]; then
        echo "lucid-fuzz: no corpus in $corpus: run make fuzz first" >&2
        exit 1
    fi
    # libFuzzer's merge copies into the first folder each input of the others that adds coverage to it; starting
    # it from the committed seeds, the inputs it adds are those that reach code the committed corpus does not.
    merged=$(mktemp -d "${TMPDIR:-/tmp}/lucid-fuzz-merge.XXXXXX")
    trap 'rm -rf "$merged"' EXIT
    write_seeds "$merged/all" || exit 1
    LC_ALL=C ls "$merged/all" >"$merged/before"
    SWIFT_BACKTRACE=enable=no "$binary" -merge=1 -dict=$dictionary "$merged/all" "$corpus" \
        >"$merged/log" 2>&1 || { tail -n 20 "$merged/log" >&2; exit 1; }
    mkdir -p "$kept"
    added=0
    for name in $(LC_ALL=C ls "$merged/all" | LC_ALL=C comm -13 "$merged/before" -); do
        cp "$merged/all/$name" "$kept/$name"
        added=$((added + 1))
    done
    echo "lucid-fuzz: $added inputs added to $kept; review them (git status) and commit them"
    exit 0
fi

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
    echo "usage: $0 BINARY SECONDS [SEED]" >&2
    echo "       $0 --merge BINARY" >&2
    exit 2
fi
binary=$1
seconds=$2
seed=${3:-${LUCID_FUZZ_SEED:-}}
runs=${LUCID_FUZZ_RUNS:-}
if [ -z "$seed" ]; then
    # libFuzzer's seeds are unsigned 32-bit numbers; 0 would ask it for a random one, which we could not print.
    seed=$(( $(od -An -N4 -tu4 /dev/urandom | tr -d ' ') % 2147483647 + 1 ))
fi
case "$seed$runs" in
    *[!0-9]*)
        echo "lucid-fuzz: SEED and RUNS must be whole numbers (got '$seed', '$runs')" >&2
        exit 2 ;;
esac
if [ -n "$runs" ]; then
    limit="-runs=$runs"
    this_run="make $target SEED=$seed RUNS=$runs"
else
    limit="-max_total_time=$seconds"
    this_run="make $target SEED=$seed SECONDS=$seconds"
fi
echo "lucid-fuzz: seed $seed (this run again: $this_run)"

mkdir -p "$findings"
# The working corpus: the committed seed corpus, and what the run adds to it. Kept after the run.
write_seeds "$corpus" || exit 1
echo "lucid-fuzz: starting from $(ls "$corpus" | wc -l | tr -d ' ') inputs in $corpus"

log="$findings/last-run.log"
# Swift's backtracer would take the crash signal first; libFuzzer must see it to save the input.
# -timeout: lint's bound for hostile input is 2 s (make bench); 10 s under the sanitizers is a hang.
# -rss_limit_mb: lint stays under 200 MB; AddressSanitizer's shadow memory comes on top.
# -reload=0: the corpus folder is this run's alone; rereading it on a timer would make the run depend on time.
SWIFT_BACKTRACE=enable=no "$binary" "$corpus" -seed="$seed" "$limit" -reload=0 -dict=$dictionary \
    -timeout=10 -rss_limit_mb=2048 $lengths -artifact_prefix="$findings/" -print_final_stats=1 >"$log" 2>&1
status=$?

executed=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
if [ "$status" -eq 0 ]; then
    grep -E '^(stat::|Done )' "$log"
    echo "lucid-fuzz: no finding in ${runs:-$seconds s} (seed $seed; log: $log)"
    echo "lucid-fuzz: exactly this run again: make $target SEED=$seed RUNS=${executed:-$runs}"
    echo "lucid-fuzz: its corpus is in $corpus ($(ls "$corpus" | wc -l | tr -d ' ') inputs); keep what it found" \
        "new with: make fuzz-corpus"
    exit 0
fi
tail -n 80 "$log" >&2
artifact=$(sed -n "s|.*Test unit written to \(.*\)$|\1|p" "$log" | tail -n 1)
# The input itself, for a finding on a machine whose files are gone (CI): one line that recreates and replays it.
replay=""
if [ -n "$artifact" ] && [ -f "$artifact" ]; then
    name=$(basename "$artifact")
    encoded=$(base64 <"$artifact" | tr -d '\n')
    replay="printf '%s' '$encoded' | base64 -d > $name && ${prefix}SWIFT_DETERMINISTIC_HASHING=1 swift run lucid-fuzz $name"
fi
if [ "$target" = fuzz-openapi ]; then
    keep="  Then fix the cause in Sources/LucidImport (or what it calls), and keep the input as a test: a test of the
  import from that document in Tests/LucidImportTests, and the raw input in Tests/LucidFuzzTests/OpenAPIFindings/<name>,
  which OpenAPIFuzzTests imports."
else
    keep="  Then fix the cause in Sources/LucidSpec or Sources/LucidCodeGen, and keep the input as a test:
  - a spec that should fail with a diagnostic: Tests/LucidSpecTests/Invalid/<rule>.lucid.yaml, with
    '# expect: LINE:COL: error: message' lines (see InvalidSpecCorpusTests);
  - a valid spec that broke generation: a test in Tests/LucidCodeGenTests that generates it;
  - and the raw input in Tests/LucidFuzzTests/Findings/<name>, which the regression replay (LucidFuzzTests) runs."
fi
cat >&2 <<MESSAGE

lucid-fuzz: finding (exit $status, seed $seed${executed:+, after $executed inputs}): ${artifact:-see $log}
  Replay it:      ${prefix}SWIFT_DETERMINISTIC_HASHING=1 swift run lucid-fuzz ${artifact:-ARTIFACT}
     (or under libFuzzer, with the sanitizers: ${prefix}SWIFT_DETERMINISTIC_HASHING=1 $binary ${artifact:-ARTIFACT})
  Anywhere else:  ${replay:-(no input was saved)}
  The same run:   $this_run
$keep
MESSAGE
exit "$status"
