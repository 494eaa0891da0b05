#!/usr/bin/env bash
# Claim throughput benchmark for the idemcheck runtime (not part of the test suite).
# Usage: runtime/bench/run-claim-benchmark.sh [tasks=2000] [threads=4] [databases=postgresql,mariadb,h2]
# Every argument is key=value, each key at most once; a positional, unknown or repeated argument, or a bad value
# (tasks 1..10000000, threads 1..256, databases a list from postgresql,mariadb,h2 without repeats), is refused with
# one line on stderr naming it and exit code 2, before anything is built.
# Connection settings: IDEMCHECK_PG_URL/_USER/_PASSWORD, IDEMCHECK_MARIADB_URL/_USER/_PASSWORD (see docs/runtime.md).
set -euo pipefail
usage="usage: run-claim-benchmark.sh [tasks=N] [threads=N] [databases=postgresql,mariadb,h2]"
script=run-claim-benchmark.sh
keys="tasks threads databases"
check_value() {
    case "$1" in
        tasks) whole tasks "$2" 1 10000000 ;;
        threads) whole threads "$2" 1 256 ;;
        databases) one_of databases "$2" postgresql mariadb h2 ;;
    esac
}
source "$(dirname "$0")/bench-args.sh"
check_args "$@"
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
mvn -B -q -pl runtime test-compile dependency:build-classpath \
    -Dmdep.outputFile="$root/runtime/target/bench.classpath" -Dmdep.includeScope=test
cp="runtime/target/classes:runtime/target/test-classes:$(cat runtime/target/bench.classpath)"
exec java -Dorg.slf4j.simpleLogger.defaultLogLevel=error -cp "$cp" io.idemcheck.runtime.bench.ClaimBenchmark "$@"
