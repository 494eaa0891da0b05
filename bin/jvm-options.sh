# The JVM options bin/idemcheck gives a scan; sourced by bin/idemcheck and bench/real-code-benchmark.sh (so that the
# benchmark measures the engine, its parse floor and PMD with what users get). Not a command.
#
# idemcheck_jvm_options OPTS: prints OPTS (the user's options) with the launcher's defaults added for what OPTS leave
# open:
# - the serial collector, unless OPTS name a collector: a scan keeps what it extracts and drops every syntax tree, so
#   its live heap is small next to what it allocates; the default collector grows the heap far past it
#   (spring-framework: 2.7 GiB resident against a 0.3 GiB live set), the serial one stays near it (under 1 GiB) and
#   spends less CPU;
# - on a machine with at most 2 processors, the C1 compiler alone (-XX:TieredStopAtLevel=1), unless OPTS set the
#   compilers: there the C2 compiler's threads take the parse threads' cores (gson, 56 k lines, 2 cores: 8.0 to 9.2
#   CPU seconds with C2, 5.1 to 5.5 with C1 alone; spring-framework, 1.5 M lines, idle: 27.5 s against 24.0 s wall).
#   With more cores C2 compiles beside the scan and its faster code wins on long scans, so it stays.
idemcheck_jvm_options() {
  local opts="$1" cpus
  case "$opts" in
    *-XX:+Use*GC*) ;;
    *) opts="-XX:+UseSerialGC${opts:+ $opts}" ;;
  esac
  cpus="$(nproc 2>/dev/null || echo 0)"
  case "$opts" in
    *TieredStopAtLevel*|*TieredCompilation*|*-Xint*|*-Xcomp*|*CICompilerCount*) ;;
    *) if [ "$cpus" -ge 1 ] && [ "$cpus" -le 2 ]; then opts="$opts -XX:TieredStopAtLevel=1"; fi ;;
  esac
  printf '%s\n' "$opts"
}
