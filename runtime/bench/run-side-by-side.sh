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
# every argument is key=value with a known key, each key once: anything else is refused here, before the build
seen=" "
for arg in "$@"; do
    case "$arg" in
        -h|--help) echo "$usage"; exit 0 ;;
        tasks=*|threads=*|batch=*|jvms=*|databases=*|systems=*) ;;
        *) echo "run-side-by-side.sh: unknown argument '$arg' (expected key=value, keys tasks threads batch jvms databases systems; --help)" >&2
           exit 2 ;;
    esac
    key="${arg%%=*}"
    if [[ "$seen" == *" $key "* ]]; then
        echo "run-side-by-side.sh: repeated argument '$arg': $key given twice (--help for the usage)" >&2
        exit 2
    fi
    seen="$seen$key "
done
# every value is checked here too, before the build: one line naming the bad value, exit code 2
fail() { echo "run-side-by-side.sh: $1 (--help for the usage)" >&2; exit 2; }
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
        batch) whole batch "$value" 1 10000 ;;
        jvms) one_of jvms "$value" 1 2 3 4 5 6 7 8 ;;
        databases) one_of databases "$value" postgresql mariadb ;;
        systems) one_of systems "$value" single batch db-scheduler ;;
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
