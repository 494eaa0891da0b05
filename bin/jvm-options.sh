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
#   With more cores C2 compiles beside the scan and its faster code wins on long scans, so it stays;
# - with the serial collector, a heap that starts at 768 MiB with a 256 MiB young generation (-Xms768m -Xmn256m), when
#   the machine has at least 4 GiB of memory (so the JVM's default maximum, a quarter of it, is above that) and OPTS
#   size no heap: from the default start (1/64 of memory) the old generation fills with the kept facts and the
#   collector stops every thread for full collections while it grows (spring-framework, 1.5 M lines: 2 full
#   collections, 135 in all, 5.3 CPU s of collection; with these sizes none, 77 in all, 3.3 CPU s, resident 769 MiB).
#   The pages are only touched as the heap fills, so a small project stays small. With those sizes, and unless OPTS
#   set the tenuring, objects that survive one young collection move to the old generation
#   (-XX:MaxTenuringThreshold=1): what survives a collection is nearly always kept facts, which the collector otherwise
#   copied between the survivor spaces two to four times more (the adaptive threshold); the syntax trees in flight
#   rarely live through two collections. Interleaved scans at load 4 to 7: spring-framework collection CPU 6.59 and
#   5.56 s to 5.03 and 4.36 s (75 collections, no full one, the same 390 to 412 MiB left after the last),
#   batch-collections 1.07, 1.11, 1.12 s to 0.90, 0.83, 0.84 s and resident 411 to 394 MiB.
# - transparent huge pages for the heap (-XX:+UseTransparentHugePages) when the kernel gives them only to memory that
#   asks (Linux, /sys/kernel/mm/transparent_hugepage/enabled in madvise mode, a common default, e.g. on Ubuntu), unless OPTS mention
#   huge or large pages: the heap is then backed by 2 MiB pages instead of 4 KiB ones, so the collector's copying and
#   the parse miss the processor's address-translation cache less (the likely cause of the lower CPU below) and the
#   heap takes far fewer page faults.
#   Interleaved scans at load 5 to 14 (2026-12-02; process user CPU, mean of the runs): gson 4.97 to 4.54 s (5 runs
#   each), batch-collections 14.49 to 13.44 s (5 each), spring-framework 55.3 to 47.2 s (4 each); collector user CPU
#   0.19 to 0.12 s, 0.75 to 0.55 s, 4.10 to 2.62 s; minor page faults 76 k to 14 k, 95 k to 17 k, 186 k to 21 k;
#   system CPU about the same (1.14 to 1.26 s, 1.72 to 1.69 s, 3.75 to 3.52 s); resident 5 to 8 MiB more (300 to
#   305, 376 to 381, 731 to 739 MiB). Reports identical. Two more spring-framework pairs at load 7 to 10 (with a change
#   to fact extraction) showed no gain in user plus system CPU (66.8 and 56.7 s to 66.7 and 59.6 s; collector 4.62 and
#   4.25 s to 3.53 and 3.07 s, its system CPU 0.5 s higher): over all six pairs 59.9 to 54.9 s.
idemcheck_jvm_options() {
  local opts="$1" cpus mem
  case "$opts" in
    *-XX:+Use*GC*) ;;
    *) opts="-XX:+UseSerialGC${opts:+ $opts}" ;;
  esac
  case "$opts" in
    *-XX:+UseSerialGC*)
      case "$opts" in
        *-Xms*|*-Xmx*|*-Xmn*|*HeapSize*|*NewSize*|*RAMPercentage*|*RAMFraction*) ;;
        *) mem="$(idemcheck_memory_kib)"
           if [ "${mem:-0}" -ge 4194304 ]; then
             opts="$opts -Xms768m -Xmn256m"
             case "$opts" in *Tenuring*) ;; *) opts="$opts -XX:MaxTenuringThreshold=1" ;; esac
           fi ;;
      esac ;;
  esac
  case "$opts" in
    *HugePages*|*LargePages*) ;;
    *) if idemcheck_thp_madvise; then opts="$opts -XX:+UseTransparentHugePages"; fi ;;
  esac
  cpus="$(nproc 2>/dev/null || echo 0)"
  case "$opts" in
    *TieredStopAtLevel*|*TieredCompilation*|*-Xint*|*-Xcomp*|*CICompilerCount*) ;;
    *) if [ "$cpus" -ge 1 ] && [ "$cpus" -le 2 ]; then opts="$opts -XX:TieredStopAtLevel=1"; fi ;;
  esac
  printf '%s\n' "$opts"
}

# idemcheck_thp_madvise: whether the kernel gives transparent huge pages only to memory that asks for them (Linux,
# /sys/kernel/mm/transparent_hugepage/enabled reads "always [madvise] never"). In "always" mode the heap gets them
# anyway, and in "never" mode (or without the file) the JVM would warn that it cannot have them.
idemcheck_thp_madvise() {
  grep -q '\[madvise\]' /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null
}

# idemcheck_memory_kib: prints the memory the JVM sizes its default heap by, in KiB: the machine's (/proc/meminfo), or
# a container's cgroup limit when lower (cgroup v2 memory.max, v1 memory.limit_in_bytes); 0 when unknown.
idemcheck_memory_kib() {
  local kib lim
  kib="$(awk '/^MemTotal:/ { print $2 }' /proc/meminfo 2>/dev/null)"
  kib="${kib:-0}"
  for f in /sys/fs/cgroup/memory.max /sys/fs/cgroup/memory/memory.limit_in_bytes; do
    if [ -r "$f" ]; then
      lim="$(cat "$f" 2>/dev/null)"
      case "$lim" in
        ''|*[!0-9]*) ;;
        *) lim=$((lim / 1024)); if [ "$lim" -gt 0 ] && [ "$lim" -lt "$kib" ]; then kib="$lim"; fi ;;
      esac
    fi
  done
  printf '%s\n' "$kib"
}

# Class-data sharing for the CLI (a JDK dynamic AppCDS archive of the classes a scan loads, kept next to the jar):
# a JVM that maps the archive skips loading, verifying and linking about 2,000 classes from the jar, which is most of
# a scan's fixed cost on a small project (a one-file scan: 1.36 CPU s without, 0.85 s with, 2 cores). The archive is
# written by the first scan that finds none (-XX:ArchiveClassesAtExit, at its exit) and used by every later run. The
# JVM itself rejects an archive made from another jar or JVM and then runs without it; '-Xlog:cds*=off' keeps that
# (and the dump's notes) off standard output.
#
# idemcheck_cds_archive JAR: prints the archive's path for JAR and the java on PATH.
idemcheck_cds_archive() {
  local javabin key
  javabin="$(readlink -f "$(command -v java)" 2>/dev/null || echo java)"
  key="$(printf '%s' "$javabin" | cksum | cut -d' ' -f1)"
  printf '%s\n' "${1%.jar}.$key.jsa"
}

# idemcheck_cds_usable OPTS: whether OPTS (the user's JVM options) leave class-data sharing to the launcher.
idemcheck_cds_usable() {
  case "$1" in
    *Xshare*|*SharedArchiveFile*|*ArchiveClassesAtExit*) return 1 ;;
  esac
  return 0
}

# idemcheck_cds_fresh JSA JAR: whether the archive JSA exists and is newer than JAR.
idemcheck_cds_fresh() {
  [ -s "$1" ] && [ "$1" -nt "$2" ]
}

# idemcheck_stale_source ROOT JAR: prints the first main source, resource or pom of the modules in the CLI jar
# (analyzer-core, rules, cli, the parent pom) under ROOT that is newer than JAR, or nothing when JAR is up to date.
# bin/idemcheck and bench/real-code-benchmark.sh rebuild the jar when it prints something.
idemcheck_stale_source() {
  find "$1/pom.xml" "$1/analyzer-core" "$1/rules" "$1/cli" \
      -path '*/target' -prune -o -type f \( -name 'pom.xml' -o -path '*/src/main/*' \) -newer "$2" -print \
      2>/dev/null | head -n 1 || true
}
