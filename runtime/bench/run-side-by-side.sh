#!/usr/bin/env bash
# Side-by-side claim benchmark: idemcheck single-row claim (baseline), idemcheck claimBatch, db-scheduler, on
# PostgreSQL and MariaDB, 1 and 2 JVMs. Not part of `mvn -B verify` (runtime/bench/pom.xml is not a module).
# Usage: runtime/bench/run-side-by-side.sh [tasks=10000] [threads=4] [batch=100] [jvms=1,2] \
#            [databases=postgresql,mariadb] [systems=single,batch,db-scheduler]
# Every argument is key=value, each key at most once; a positional, unknown or repeated argument, or a bad value
# (tasks 1..10000000, threads 1..256, batch 1..10000, jvms a list of 1..8, databases from postgresql,mariadb, systems
# from single,batch,db-scheduler; no item listed twice), is refused with one line on stderr naming it and exit code 2, before anything is built.
# Connection settings: IDEMCHECK_PG_URL/_USER/_PASSWORD, IDEMCHECK_MARIADB_URL/_USER/_PASSWORD (see docs/runtime.md).
# It drops and recreates the tables bench_idem_task and bench_scheduled_tasks in those databases.
set -euo pipefail
usage="usage: run-side-by-side.sh [tasks=N] [threads=N] [batch=N] [jvms=1,2] [databases=postgresql,mariadb] [systems=single,batch,db-scheduler]"
script=run-side-by-side.sh
keys="tasks threads batch jvms databases systems"
check_value() {
    case "$1" in
        tasks) whole tasks "$2" 1 10000000 ;;
        threads) whole threads "$2" 1 256 ;;
        batch) whole batch "$2" 1 10000 ;;
        jvms) one_of jvms "$2" 1 2 3 4 5 6 7 8 ;;
        databases) one_of databases "$2" postgresql mariadb ;;
        systems) one_of systems "$2" single batch db-scheduler ;;
    esac
}
source "$(dirname "$0")/bench-args.sh"
check_args "$@"
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
# the runtime jar into the local repository, then the bench project (with db-scheduler) and its class path
mvn -B -q install -DskipTests -pl runtime -am
mvn -B -q -f runtime/bench/pom.xml compile dependency:build-classpath \
    -Dmdep.outputFile="$root/runtime/bench/target/bench.classpath"
cp="runtime/bench/target/classes:$(cat runtime/bench/target/bench.classpath)"
exec java -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$cp" io.idemcheck.runtime.bench.SideBySideBenchmark "$@"
