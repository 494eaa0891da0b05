#!/usr/bin/env bash
# Real-code benchmark (not a test): idemcheck against the I/O floor, the JavaParser parse floor and PMD 7 with one
# rule, on corpus folders you already have (it fetches no source code). Prints one table; whole-process wall time and
# peak RSS from /usr/bin/time, the median of N runs per cell (after one untimed warm-up run of each tool per corpus).
#
# Usage: bench/real-code-benchmark.sh [-n N] [--no-pmd] [--no-cache] [--no-warmup] [--] CORPUS_DIR...
#   -n N        runs per cell (default 3, at most 9999)
#   --no-pmd    skip PMD (otherwise its jars are copied from Maven Central by mvn dependency:copy-dependencies into
#               ${TMPDIR:-/tmp}/idemcheck-bench-pmd-$PMD_VERSION on first use)
#   --no-cache  skip the cached re-scan column
#   --no-warmup no untimed warm-up run before the timed ones (for a long corpus on a busy machine)
#   --          end of options: every argument after it is a corpus folder, even one starting with '-'
# Environment: PMD_VERSION (default 7.27.0), PMD_RULE (default category/java/errorprone.xml/EmptyCatchBlock),
#   JAVA_OPTS (passed to every JVM alike; default what bin/idemcheck uses, bin/jvm-options.sh: the serial collector, and
#   C1 alone on at most 2 processors), MAVEN_OPTS (for the builds), IDEMCHECK_JAR (a CLI jar to
#   measure instead of this checkout's, e.g. an older build for a before/after table; the floors always run from
#   this checkout's jar, built first, as bin/idemcheck does, when it is missing or older than a source, resource or
#   pom of the modules in it; IDEMCHECK_FLOOR_JAR names another floor jar, used as it is).
# Columns: io = read and decode every Java file; parse = also parse each with the engine's JavaParser settings (same
# jar, io.idemcheck.core.parse.ParseFloor, one thread per core like the engine); pmd = PMD check with one rule, no
# cache; idemcheck = a full scan (every rule, fixes, JSON report; with the class-data archive bin/idemcheck uses);
# cached = a re-scan of the unchanged corpus with --cache (the cache written by the scan before). Ratios are to the
# parse floor measured in the same run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs=3
pmd=1
cache=1
warmup=1
corpora=()
add_corpus() {
  [ -d "$1" ] || { echo "$0: corpus folder $1 does not exist or is not a folder" >&2; exit 2; }
  [ -n "$(find "$1" -name '*.java' -type f -print -quit 2>/dev/null)" ] \
    || { echo "$0: corpus folder $1 holds no Java files" >&2; exit 2; }
  corpora+=("$(cd -- "$1" && pwd)")
}
while [ $# -gt 0 ]; do
  case "$1" in
    -n) case "${2:-}" in
          ''|*[!0-9]*|0) echo "$0: -n needs a whole number of runs from 1 to 9999, got '${2:-}'" >&2; exit 2 ;;
        esac
        [ "${#2}" -le 4 ] && [ "$((10#$2))" -gt 0 ] \
          || { echo "$0: -n needs a whole number of runs from 1 to 9999, got '$2'" >&2; exit 2; }
        runs="$((10#$2))"; shift 2 ;;
    --no-pmd) pmd=0; shift ;;
    --no-cache) cache=0; shift ;;
    --no-warmup) warmup=0; shift ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    --) shift
        for a in "$@"; do add_corpus "$a"; done
        break ;;
    -*) echo "$0: unknown option $1" >&2; exit 2 ;;
    *) add_corpus "$1"; shift ;;
  esac
done
[ ${#corpora[@]} -gt 0 ] || { echo "usage: $0 [-n N] [--no-pmd] [--no-cache] [--no-warmup] [--] CORPUS_DIR..." >&2; exit 2; }
pmd_version="${PMD_VERSION:-7.27.0}"
pmd_rule="${PMD_RULE:-category/java/errorprone.xml/EmptyCatchBlock}"
# Every JVM runs with the options bin/idemcheck gives a scan (bin/jvm-options.sh) unless JAVA_OPTS says otherwise.
. "$root/bin/jvm-options.sh"
java_opts=(${JAVA_OPTS:-$(idemcheck_jvm_options "")})
work="$(mktemp -d "${TMPDIR:-/tmp}/idemcheck-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# This checkout's jar, rebuilt as bin/idemcheck rebuilds it (when missing or older than a source of the modules in
# it), unless both IDEMCHECK_JAR and IDEMCHECK_FLOOR_JAR name the jars to run: the floors run from
# IDEMCHECK_FLOOR_JAR or this jar, the scans from IDEMCHECK_JAR or this jar, each independently.
own_jar=""
if [ -z "${IDEMCHECK_JAR:-}" ] || [ -z "${IDEMCHECK_FLOOR_JAR:-}" ]; then
  own_jar="$(ls "$root"/cli/target/idemcheck-cli-*-all.jar 2>/dev/null | head -1 || true)"
  stale=""
  if [ -n "$own_jar" ]; then
    stale="$(idemcheck_stale_source "$root" "$own_jar")"
  fi
  if [ -z "$own_jar" ] || [ -n "$stale" ]; then
    if [ -n "$stale" ]; then
      echo "$0: rebuilding the CLI jar ($stale is newer than $own_jar)..." >&2
    else
      echo "$0: building the CLI jar (there is none)..." >&2
    fi
    if ! (cd "$root" && mvn -B -q -DskipTests -pl cli -am install) >"$work/build.log" 2>&1; then
      echo "$0: building the CLI jar failed; its log ends:" >&2
      tail -n 20 "$work/build.log" >&2
      exit 1
    fi
    own_jar="$(ls "$root"/cli/target/idemcheck-cli-*-all.jar 2>/dev/null | head -1 || true)"
  fi
fi
floor_jar="${IDEMCHECK_FLOOR_JAR:-$own_jar}"
jar="${IDEMCHECK_JAR:-$own_jar}"
for j in "$floor_jar" "$jar"; do
  [ -f "$j" ] || { echo "$0: no such jar: $j (IDEMCHECK_JAR or IDEMCHECK_FLOOR_JAR)" >&2; exit 2; }
done

# The scans run as bin/idemcheck runs them: with the class-data archive next to the jar (bin/jvm-options.sh), written
# here first when there is none, unless JAVA_OPTS is given.
scan_opts=("${java_opts[@]}")
if [ -z "${JAVA_OPTS:-}" ]; then
  jsa="$(idemcheck_cds_archive "$jar")"
  if ! idemcheck_cds_fresh "$jsa" "$jar" && [ -w "$(dirname "$jar")" ]; then
    java "${java_opts[@]}" "-XX:ArchiveClassesAtExit=$jsa.$$.tmp" '-Xlog:cds*=off' -jar "$jar" scan "${corpora[0]}" \
      --format json --output "$work/cds.json" --fail-on none >/dev/null 2>&1 || true
    if [ -s "$jsa.$$.tmp" ]; then mv -f "$jsa.$$.tmp" "$jsa"; else rm -f "$jsa.$$.tmp"; fi
  fi
  if idemcheck_cds_fresh "$jsa" "$jar"; then
    scan_opts+=("-XX:SharedArchiveFile=$jsa" '-Xlog:cds*=off')
  fi
fi

if [ "$cache" = 1 ] && ! java -jar "$jar" scan --help 2>&1 | grep -q -- '--cache'; then
  cache=0 # this build has no analysis cache
fi

pmd_lib="${TMPDIR:-/tmp}/idemcheck-bench-pmd-$pmd_version/lib"
if [ "$pmd" = 1 ] && [ ! -f "$pmd_lib/.complete" ]; then
  mkdir -p "$pmd_lib"
  cat > "$pmd_lib/../pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>bench</groupId><artifactId>pmd-runner</artifactId><version>1</version><packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>net.sourceforge.pmd</groupId><artifactId>pmd-cli</artifactId><version>$pmd_version</version></dependency>
    <dependency><groupId>net.sourceforge.pmd</groupId><artifactId>pmd-java</artifactId><version>$pmd_version</version></dependency>
  </dependencies>
</project>
EOF
  (cd "$pmd_lib/.." && mvn -B -q dependency:copy-dependencies -DoutputDirectory=lib -DincludeScope=runtime)
  touch "$pmd_lib/.complete"
fi

# measure NAME CMD...: runs CMD N times (after one warm-up), appends "median_wall median_rss_kib" to $work/NAME. A run
# that exits with a code outside $ok (space-separated; PMD exits 4 on violations, idemcheck 4 on findings and 5 when
# some files could not be analysed) stops the benchmark with one line naming the tool, corpus and exit code, and the
# end of its output: a failed run is never shown as a time.
ok="0"
measure() {
  local name="$1"; shift
  if [ "$warmup" = 1 ]; then "$@" >/dev/null 2>&1 || true; fi
  local walls=() rsss=() rc
  for _ in $(seq "$runs"); do
    rc=0
    /usr/bin/time -f "%e %M" -o "$work/t" "$@" >"$work/out" 2>&1 || rc=$?
    case " $ok " in
      *" $rc "*) ;;
      *) echo "$0: $name on $c exited with code $rc; not timed. Its output ends:" >&2
         tail -n 5 "$work/out" >&2
         exit 1 ;;
    esac
    read -r w m < <(tail -n 1 "$work/t") || true # time prefixes 'Command exited with non-zero status N'
    walls+=("$w"); rsss+=("$m")
  done
  local mw mr
  mw=$(printf '%s\n' "${walls[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  mr=$(printf '%s\n' "${rsss[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "$mw $mr" > "$work/$name"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "-" }'; }
mib() { awk -v k="$1" 'BEGIN { printf "%d MiB", k / 1024 }'; }

# The CLI's --version line is "idemcheck <version>" already.
version="$(java "${java_opts[@]}" -jar "$jar" --version 2>/dev/null | head -1 || true)"
if [ "$pmd" = 1 ]; then pmd_note="PMD $pmd_version rule $pmd_rule"; else pmd_note="PMD not run (--no-pmd)"; fi
printf '%s\n' "${version:-idemcheck (version unknown)}, $(nproc) cores, \
load $(cut -d' ' -f1-3 /proc/loadavg), median of $runs; JAVA_OPTS=${java_opts[*]}; scans: ${scan_opts[*]:${#java_opts[@]}}; \
$pmd_note"
echo
echo "| corpus | Java files | lines | I/O floor | parse floor | PMD one rule | idemcheck | vs parse | idemcheck RSS | PMD RSS | cached re-scan | vs parse |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for c in "${corpora[@]}"; do
  counts=$(java "${java_opts[@]}" -cp "$floor_jar" io.idemcheck.core.parse.ParseFloor io "$c")
  files=$(echo "$counts" | awk '{print $2}')
  lines=$(echo "$counts" | awk '{print $4}')
  ok="0"
  measure io java "${java_opts[@]}" -cp "$floor_jar" io.idemcheck.core.parse.ParseFloor io "$c"
  measure parse java "${java_opts[@]}" -cp "$floor_jar" io.idemcheck.core.parse.ParseFloor parse "$c"
  if [ "$pmd" = 1 ]; then
    ok="0 4"
    measure pmd java "${java_opts[@]}" -cp "$pmd_lib/*" net.sourceforge.pmd.cli.PmdCli check --no-cache \
      --no-progress -d "$c" -R "$pmd_rule" -f text -r "$work/pmd.txt"
  else
    echo "0 0" > "$work/pmd"
  fi
  ok="0 4 5"
  measure scan java "${scan_opts[@]}" -jar "$jar" scan "$c" --source-root "$c" --format json \
    --output "$work/scan.json" --fail-on none
  if [ "$cache" = 1 ]; then
    rm -f "$work/cache"
    java "${scan_opts[@]}" -jar "$jar" scan "$c" --source-root "$c" --format json --output "$work/warm.json" \
      --fail-on none --cache "$work/cache" >/dev/null 2>&1 || true
    measure cached java "${scan_opts[@]}" -jar "$jar" scan "$c" --source-root "$c" --format json \
      --output "$work/cached.json" --fail-on none --cache "$work/cache"
  else
    echo "0 0" > "$work/cached"
  fi
  read -r io _ < "$work/io"; read -r parse _ < "$work/parse"; read -r pmdw pmdm < "$work/pmd"
  read -r scan scanm < "$work/scan"; read -r cached _ < "$work/cached"
  pmdcell="${pmdw} s"; pmdmem="$(mib "$pmdm")"; [ "$pmd" = 1 ] || { pmdcell="-"; pmdmem="-"; }
  cachedcell="${cached} s"; cachedratio="$(ratio "$cached" "$parse")"; [ "$cache" = 1 ] || { cachedcell="-"; cachedratio="-"; }
  echo "| $(basename "$c") | $files | $lines | ${io} s | ${parse} s | $pmdcell | ${scan} s | $(ratio "$scan" "$parse") \
| $(mib "$scanm") | $pmdmem | $cachedcell | $cachedratio |"
done
