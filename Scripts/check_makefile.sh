#!/usr/bin/env bash
# Checks what the Makefile promises about installing (`make check-makefile`, part of `make test`):
#
#   1. `make run` needs only what the main job needs: its dry run, and those of build, lint and dump, reach neither
#      the tests' python checkers nor Graphviz (`make test-deps`' dry run does, so the check is not vacuous).
#   2. With Debian's own python3 first on PATH (marked EXTERNALLY-MANAGED: pip refuses to install into it, PEP 668),
#      `make python-env` makes a virtual environment (here in a temporary folder) whose python imports jsonschema
#      and openapi_spec_validator, with Debian's python as its base; run again, it does nothing and says nothing.
#      Skipped, saying why, where there is no such python3 or it cannot make virtual environments (python3-venv).
#   3. `make -s deps` says nothing when everything is present, `make -s dump` prints only the JSON on standard
#      output, and `make -s lint` nothing there (its ok line, a status line, goes to standard error).
#   4. When LUCID_REQUIRE_DOT is set (CI), `make graphviz` leaves Graphviz's dot on PATH.
#
# The makes it runs are the ones a user types: not the flags, jobs or variables of a make running this script.
# Everything it makes goes in one temporary folder, removed at the end (pip's download cache is reused).
#
# usage: Scripts/check_makefile.sh [SWIFT]   (SWIFT: the swift the Makefile runs, default swift)
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${1:-swift}
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES
work=$(mktemp -d "${TMPDIR:-/tmp}/lucid-gen-makefile.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0

fail() {
    echo "check_makefile: FAIL: $*" >&2
    failures=$((failures + 1))
}

run_make() {
    make --no-print-directory SWIFT="$swift" "$@"
}

# Prints `check_makefile: $1` when no check failed since `start=$failures`.
passed() {
    [ "$failures" -eq "$start" ] && echo "check_makefile: $1"
    return 0
}

# Prints file $1 indented, for a failure's details.
show() {
    sed 's/^/    /' "$1" >&2
}

# 1. What `make run` reaches.
start=$failures
checker_words='venv|jsonschema|openapi|graphviz|dot -T'
run_make -n test-deps >"$work/dry-test-deps" 2>&1 || { fail "make -n test-deps failed:"; show "$work/dry-test-deps"; }
for word in venv jsonschema openapi-spec-validator graphviz; do
    grep -q -- "$word" "$work/dry-test-deps" ||
        fail "make -n test-deps does not mention $word: the check below is vacuous"
done
for target in run build lint dump; do
    run_make -n "$target" >"$work/dry-$target" 2>&1 || { fail "make -n $target failed:"; show "$work/dry-$target"; }
    if grep -Eq -- "$checker_words" "$work/dry-$target"; then
        fail "make $target reaches what only the tests need:"
        grep -E -- "$checker_words" "$work/dry-$target" | head -5 | sed 's/^/    /' >&2
    fi
done
passed "make run, build, lint and dump need neither the python checkers nor Graphviz"

# 2. Debian's python3 first on PATH.
system=/usr/bin/python3
reason=""
if [ ! -x "$system" ]; then
    reason="there is no $system"
elif ! "$system" -c 'import os, sys, sysconfig
sys.exit(0 if os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED")) else 1)'; then
    reason="$system is not marked EXTERNALLY-MANAGED (not a Debian 12+ or Ubuntu 23.04+ system python)"
elif ! "$system" -c 'import venv, ensurepip' 2>/dev/null; then
    reason="$system cannot make virtual environments without Debian's python3-venv, which make test-deps installs \
only when that python3 is the one on PATH"
fi
if [ -n "$reason" ]; then
    echo "check_makefile: skipped the Debian python check: $reason"
else
    start=$failures
    env="$work/python"
    if ! PATH="/usr/bin:$PATH" run_make -s python-env PYTHON_ENV="$env" >"$work/env-out" 2>"$work/env-err"; then
        fail "make python-env with $system first on PATH failed:"
        show "$work/env-out"
        show "$work/env-err"
    elif ! "$env/bin/python3" -c 'import sys, jsonschema, openapi_spec_validator
sys.exit(0 if sys.base_prefix == "/usr" else "base " + sys.base_prefix)' 2>"$work/import-err"; then
        fail "the virtual environment make python-env made with $system does not have the checkers:"
        show "$work/import-err"
    else
        [ -s "$work/env-out" ] && { fail "make -s python-env wrote on standard output:"; show "$work/env-out"; }
        run_make -s python-env PYTHON_ENV="$env" >"$work/again" 2>&1 || fail "make python-env failed the second time"
        [ -s "$work/again" ] && { fail "make -s python-env, when its work is done, still says:"; show "$work/again"; }
        passed "make python-env with $system first on PATH: a virtual environment with the checkers"
    fi
fi

# 3. `make -s` prints only what the target's tool prints.
start=$failures
run_make -s deps >"$work/deps" 2>&1 || fail "make deps failed"
[ -s "$work/deps" ] && { fail "make -s deps, with everything present, says:"; show "$work/deps"; }
if ! run_make -s dump >"$work/dump" 2>"$work/dump-err"; then
    fail "make -s dump failed:"
    show "$work/dump-err"
elif ! python3 -c 'import json, sys
try:
    json.load(open(sys.argv[1]))
except ValueError as error:
    sys.exit("not JSON: %s" % error)' "$work/dump" 2>"$work/json-err"; then
    fail "make -s dump printed more than JSON:"
    show "$work/json-err"
    head -5 "$work/dump" | sed 's/^/    /' >&2
fi
if ! run_make -s lint >"$work/lint" 2>"$work/lint-err"; then
    fail "make -s lint failed:"
    show "$work/lint-err"
elif [ -s "$work/lint" ] || ! grep -q ': ok (' "$work/lint-err"; then
    fail "make -s lint printed on standard output, or no ok line on standard error (lint's status line goes there):"
    show "$work/lint"
    show "$work/lint-err"
fi
passed "make -s deps, dump and lint print only their own output"

# 4. Graphviz where CI asks for it.
if [ -n "${LUCID_REQUIRE_DOT:-}" ]; then
    run_make -s graphviz || fail "make graphviz failed"
    command -v dot >/dev/null || fail "LUCID_REQUIRE_DOT is set, and dot is not on PATH after make graphviz"
fi

if [ "$failures" -ne 0 ]; then
    echo "check_makefile: $failures failure(s)" >&2
    exit 1
fi
echo "check_makefile: ok"
