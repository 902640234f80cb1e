#!/usr/bin/env bash
# Builds the benchmarks jar and runs a JMH suite with the settings used on the 2-core development machine, writing
# JSON (bench/target/jmh-<suite, letters and digits only>.json) and printing Quire/vortex-jni ratios.
#   bench/run-jmh.sh [JMH regexp, default ScanBench] [extra JMH args...]
# Example: bench/run-jmh.sh ScanBench -p rows=1000000
set -euo pipefail
cd "$(dirname "$0")/.."
suite="${1:-ScanBench}"
shift || true
./mvnw -B -q package -DskipTests -pl bench -am
source bench/java25.sh
out="bench/target/jmh-${suite//[^A-Za-z0-9]/}.json"
"$JAVA/bin/java" --sun-misc-unsafe-memory-access=allow --enable-native-access=ALL-UNNAMED \
  -jar bench/target/benchmarks.jar "$suite" -f 1 -wi 3 -i 5 -rf json -rff "$out" "$@"
"$JAVA/bin/java" -cp bench/target/benchmarks.jar dev.quire.bench.Ratios "$out"
