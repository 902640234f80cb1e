#!/usr/bin/env bash
# Compares JVM options for a fresh JVM's first queries: runs dev.quire.bench.FirstRuns (one query through the
# README's scan path, RUNS times in one JVM) in a new JVM per variant, the variants in turn for ROUNDS rounds, and
# prints per variant the medians over the rounds of the first run, of runs 2-6 and of the last ten runs.
#   bench/first-runs.sh [--rounds N] [--runs N] FILE QUERY VARIANT...
# QUERY is q6, price or all (see FirstRuns). A VARIANT is a quoted list of JVM options, or `none`; `@aot` in it
# stands for -XX:AOTCache=<a cache trained first by one run of the same query in a JVM of its own>.
# Example: bench/first-runs.sh --rounds 5 ~/.cache/quire/tpch/sf1/lineitem-vortex-jni-0.76.0-1.vortex q6 \
#            none @aot -XX:TieredStopAtLevel=1
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=5
runs=30
while [[ $# -gt 0 && "$1" == --* ]]; do
  case "$1" in
    --rounds) rounds="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
[[ $# -ge 3 ]] || { sed -n 2,9p "$0" >&2; exit 2; }
file="$1"; query="$2"; shift 2
[[ -f bench/target/benchmarks.jar ]] || ./mvnw -B -q package -DskipTests -pl bench -am
source bench/java25.sh
jar=bench/target/benchmarks.jar
flags=(--enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow)
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
aot="$work/$query.aot"
for v in "$@"; do
  if [[ "$v" == *@aot* && ! -f "$aot" ]]; then
    "$JAVA/bin/java" "${flags[@]}" -XX:AOTCacheOutput="$aot" -cp "$jar" dev.quire.bench.FirstRuns "$file" "$query" 6 \
      >/dev/null 2>"$work/training.log" || { cat "$work/training.log" >&2; exit 1; }
  fi
done
for ((r = 1; r <= rounds; r++)); do
  i=0
  for v in "$@"; do
    i=$((i + 1))
    opts="${v//@aot/-XX:AOTCache=$aot}"
    [[ "$opts" == none ]] && opts=""
    # shellcheck disable=SC2086
    "$JAVA/bin/java" "${flags[@]}" $opts -cp "$jar" dev.quire.bench.FirstRuns "$file" "$query" "$runs" \
      | sed -n 's/.*first \([0-9.]*\) ms, runs 2-6 \([0-9.]*\) ms, last 10 \([0-9.]*\) ms/\1 \2 \3/p' >>"$work/v$i"
  done
done
median() { sort -n | awk '{a[NR]=$1} END {if (NR % 2) print a[(NR+1)/2]; else printf "%.1f\n", (a[NR/2]+a[NR/2+1])/2}'; }
printf "%-40s %10s %12s %10s   (medians of %d fresh JVMs, %d runs each, ms)\n" "$query: JVM options" first "runs 2-6" "last 10" \
  "$rounds" "$runs"
i=0
for v in "$@"; do
  i=$((i + 1))
  printf "%-40s %10s %12s %10s\n" "$v" "$(cut -d' ' -f1 "$work/v$i" | median)" "$(cut -d' ' -f2 "$work/v$i" | median)" \
    "$(cut -d' ' -f3 "$work/v$i" | median)"
done
