#!/usr/bin/env bash
# Builds the benchmarks jar and runs the TPC-H runner from it on the class path, beside the reference vortex-jni and
# DuckDB, with the JVM flags they need. Arguments go to the runner unchanged; JAVA_OPTS adds JVM options.
#   bench/run-tpch.sh [runner args...]
# Example: bench/run-tpch.sh --sf 1 --runs 5
set -euo pipefail
cd "$(dirname "$0")/.."
MAIN=dev.quire.bench.runner.BenchMain
./mvnw -B -q package -DskipTests -pl bench -am
source bench/java25.sh
JAR=bench/target/benchmarks.jar
# Arrow (used by vortex-jni and DuckDB's Arrow export) needs java.nio opened; native access is for vortex-jni,
# DuckDB and Quire's FFM I/O; the Unsafe flag silences Arrow's warning.
# shellcheck disable=SC2086
exec "$JAVA/bin/java" --add-opens=java.base/java.nio=ALL-UNNAMED --enable-native-access=ALL-UNNAMED \
  --sun-misc-unsafe-memory-access=allow ${JAVA_OPTS:-} -cp "$JAR" "$MAIN" "$@"
