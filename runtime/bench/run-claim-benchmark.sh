#!/usr/bin/env bash
# Claim throughput benchmark for the idemcheck runtime (not part of the test suite).
# Usage: runtime/bench/run-claim-benchmark.sh [tasks=2000] [threads=4] [databases=postgresql,mariadb,h2]
# Connection settings: IDEMCHECK_PG_URL/_USER/_PASSWORD, IDEMCHECK_MARIADB_URL/_USER/_PASSWORD (see docs/runtime.md).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
mvn -B -q -pl runtime test-compile dependency:build-classpath \
    -Dmdep.outputFile="$root/runtime/target/bench.classpath" -Dmdep.includeScope=test
cp="runtime/target/classes:runtime/target/test-classes:$(cat runtime/target/bench.classpath)"
exec java -Dorg.slf4j.simpleLogger.defaultLogLevel=error -cp "$cp" io.idemcheck.runtime.bench.ClaimBenchmark "$@"
