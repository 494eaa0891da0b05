#!/usr/bin/env bash
# Side-by-side claim benchmark: idemcheck single-row claim (baseline), idemcheck claimBatch, db-scheduler, on
# PostgreSQL and MariaDB, 1 and 2 JVMs. Not part of `mvn -B verify` (runtime/bench/pom.xml is not a module).
# Usage: runtime/bench/run-side-by-side.sh [tasks=10000] [threads=4] [batch=100] [jvms=1,2] \
#            [databases=postgresql,mariadb] [systems=single,batch,db-scheduler]
# Every argument is key=value; a positional or unknown argument is refused with one line on stderr and exit code 2.
# Connection settings: IDEMCHECK_PG_URL/_USER/_PASSWORD, IDEMCHECK_MARIADB_URL/_USER/_PASSWORD (see docs/runtime.md).
# It drops and recreates the tables bench_idem_task and bench_scheduled_tasks in those databases.
set -euo pipefail
usage="usage: run-side-by-side.sh [tasks=N] [threads=N] [batch=N] [jvms=1,2] [databases=postgresql,mariadb] [systems=single,batch,db-scheduler]"
# every argument is key=value with a known key: anything else is refused here, before the build, in one line
for arg in "$@"; do
    case "$arg" in
        -h|--help) echo "$usage"; exit 0 ;;
        tasks=?*|threads=?*|batch=?*|jvms=?*|databases=?*|systems=?*) ;;
        *) echo "run-side-by-side.sh: unknown argument '$arg' (expected key=value, keys tasks threads batch jvms databases systems; --help)" >&2
           exit 2 ;;
    esac
done
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
# the runtime jar into the local repository, then the bench project (with db-scheduler) and its class path
mvn -B -q install -DskipTests -pl runtime -am
mvn -B -q -f runtime/bench/pom.xml compile dependency:build-classpath \
    -Dmdep.outputFile="$root/runtime/bench/target/bench.classpath"
cp="runtime/bench/target/classes:$(cat runtime/bench/target/bench.classpath)"
exec java -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$cp" io.idemcheck.runtime.bench.SideBySideBenchmark "$@"
