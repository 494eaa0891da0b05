#!/usr/bin/env bash
# Scan speed and memory benchmark (not a test). Usage: bench/scan-benchmark.sh [lines] [heap]
#   lines: size of the generated tree (default 1000000); heap: -Xmx for the scan (default: the JVM's default)
# Generates a synthetic tree of batch-service shaped code (main code and as much test code, see gen-tree.py) under
# target/bench-tree, scans it with the CLI jar, and prints wall time, peak RSS and the finding count. Every job holds
# one real IDEM001 finding. For real code against the parse floor and PMD, see bench/real-code-benchmark.sh.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
lines="${1:-1000000}"
heap="${2:-}"
tree="$root/target/bench-tree-$lines"
jar=$(ls "$root"/cli/target/idemcheck-cli-*-all.jar 2>/dev/null | head -1 || true)
if [ -z "$jar" ]; then
  (cd "$root" && mvn -B -q -DskipTests -pl cli -am install)
  jar=$(ls "$root"/cli/target/idemcheck-cli-*-all.jar | head -1)
fi
if [ ! -d "$tree" ]; then
  python3 "$root/bench/gen-tree.py" "$tree" "$lines"
fi
opts=()
[ -n "$heap" ] && opts+=("-Xmx$heap")
echo "scanning $(find "$tree" -name '*.java' | wc -l) files, $(cat $(find "$tree" -name '*.java') | wc -l) lines ${heap:+with -Xmx$heap}"
/usr/bin/time -f "wall %e s, peak RSS %M KB" java "${opts[@]}" -jar "$jar" scan "$tree" --source-root "$tree" --format json --output "$tree.json" --fail-on none
python3 -c "import json,sys; r=json.load(open('$tree.json')); print(len(r['findings']), 'findings,', len(r['diagnostics']), 'diagnostics')"
