#!/usr/bin/env bash
# Claim throughput benchmark for the idemcheck runtime (not part of the test suite).
# Usage: runtime/bench/run-claim-benchmark.sh [tasks=2000] [threads=4] [databases=postgresql,mariadb,h2]
# Every argument is key=value, each key at most once; a positional, unknown or repeated argument, or a bad value
# (tasks 1..10000000, threads 1..256, databases a list from postgresql,mariadb,h2 without repeats), is refused with
# one line on stderr naming it and exit code 2, before anything is built.
# Connection settings: IDEMCHECK_PG_URL/_USER/_PASSWORD, IDEMCHECK_MARIADB_URL/_USER/_PASSWORD (see docs/runtime.md).
set -euo pipefail
usage="usage: run-claim-benchmark.sh [tasks=N] [threads=N] [databases=postgresql,mariadb,h2]"
fail() { echo "run-claim-benchmark.sh: $1 (--help for the usage)" >&2; exit 2; }
seen=" "
for arg in "$@"; do
    case "$arg" in
        -h|--help) echo "$usage"; exit 0 ;;
        tasks=*|threads=*|databases=*) ;;
        *) echo "run-claim-benchmark.sh: unknown argument '$arg' (expected key=value, keys tasks threads databases; --help)" >&2
           exit 2 ;;
    esac
    key="${arg%%=*}"
    [[ "$seen" == *" $key "* ]] && fail "repeated argument '$arg': $key given twice"
    seen="$seen$key "
done
whole() { # key value min max
    if ! [[ "$2" =~ ^[0-9]{1,9}$ ]] || (( 10#$2 < $3 || 10#$2 > $4 )); then
        fail "bad value '$2' for $1: expected a whole number from $3 to $4"
    fi
}
one_of() { # key value allowed...
    local key="$1" value="$2" item ok a seen_items=" "
    shift 2
    [[ "$value" == *, || "$value" == ,* || "$value" == *,,* ]] && fail "bad value '$value' for $key: an empty item in the list"
    IFS=',' read -r -a items <<< "$value"
    for item in "${items[@]}"; do
        ok=0
        for a in "$@"; do [[ "$item" == "$a" ]] && ok=1; done
        (( ok )) || fail "bad value '$item' for $key: expected a comma-separated list of $(IFS=','; echo "$*")"
        [[ "$seen_items" == *" $item "* ]] && fail "bad value '$value' for $key: '$item' is listed twice"
        seen_items="$seen_items$item "
    done
}
for arg in "$@"; do
    key="${arg%%=*}"; value="${arg#*=}"
    [[ -z "$value" ]] && fail "bad value '' for $key: empty"
    case "$key" in
        tasks) whole tasks "$value" 1 10000000 ;;
        threads) whole threads "$value" 1 256 ;;
        databases) one_of databases "$value" postgresql mariadb h2 ;;
    esac
done
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
mvn -B -q -pl runtime test-compile dependency:build-classpath \
    -Dmdep.outputFile="$root/runtime/target/bench.classpath" -Dmdep.includeScope=test
cp="runtime/target/classes:runtime/target/test-classes:$(cat runtime/target/bench.classpath)"
exec java -Dorg.slf4j.simpleLogger.defaultLogLevel=error -cp "$cp" io.idemcheck.runtime.bench.ClaimBenchmark "$@"
