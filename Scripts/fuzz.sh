#!/usr/bin/env bash
# Runs the lucid-fuzz libFuzzer binary (built by `make fuzz`) for SECONDS seconds over a temporary corpus seeded
# with every spec the project keeps (golden cases, the invalid corpus, the examples, past findings), with the spec
# dictionary. A crash, a hang, memory past the limit or a broken promise of FuzzTarget stops the run; libFuzzer
# saves the input in .build-fuzz/findings/ and this script exits non-zero saying how to turn it into a test.
#
# usage: Scripts/fuzz.sh BINARY SECONDS
set -uo pipefail
cd "$(dirname "$0")/.."

if [ $# -ne 2 ]; then
    echo "usage: $0 BINARY SECONDS" >&2
    exit 2
fi
binary=$1
seconds=$2
findings=.build-fuzz/findings
mkdir -p "$findings"

# The working corpus grows as the run finds new paths; it is the run's own and goes with it.
corpus=$(mktemp -d "${TMPDIR:-/tmp}/lucid-fuzz-corpus.XXXXXX")
trap 'rm -rf "$corpus"' EXIT
"$binary" --seeds "$corpus" || exit 1

log="$findings/last-run.log"
# Swift's backtracer would take the crash signal first; libFuzzer must see it to save the input.
# -timeout: lint's bound for hostile input is 2 s (make bench); 10 s under the sanitizers is a hang.
# -rss_limit_mb: lint stays under 200 MB; AddressSanitizer's shadow memory comes on top.
SWIFT_BACKTRACE=enable=no "$binary" "$corpus" -dict=Scripts/fuzz.dict -max_total_time="$seconds" \
    -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$findings/" -print_final_stats=1 >"$log" 2>&1
status=$?

if [ "$status" -eq 0 ]; then
    grep -E '^(stat::|Done )' "$log"
    echo "lucid-fuzz: no finding in ${seconds} s (log: $log)"
    exit 0
fi
tail -n 80 "$log" >&2
artifact=$(sed -n "s|.*Test unit written to \(.*\)$|\1|p" "$log" | tail -n 1)
cat >&2 <<MESSAGE

lucid-fuzz: finding (exit $status): ${artifact:-see $log}
  Reproduce it:   $binary ${artifact:-ARTIFACT}
     or, without libFuzzer:  swift run lucid-fuzz ${artifact:-ARTIFACT}
  Then fix the cause in Sources/LucidSpec or Sources/LucidCodeGen, and keep the input as a test:
  - a spec that should fail with a diagnostic: Tests/LucidSpecTests/Invalid/<rule>.lucid.yaml, with
    '# expect: LINE:COL: error: message' lines (see InvalidSpecCorpusTests);
  - a valid spec that broke generation: a test in Tests/LucidCodeGenTests that generates it;
  - and the raw input in Tests/LucidFuzzTests/Findings/<name>, which the regression replay (LucidFuzzTests) runs.
MESSAGE
exit "$status"
