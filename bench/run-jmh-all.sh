#!/usr/bin/env bash
# Runs the standard set of JMH suites with the settings used on the 2-core development machine (-f 1 -wi 3 -i 5),
# one suite after another, writing each suite's JSON to bench/target/jmh-<suite>.json and printing its ratios.
#   bench/run-jmh-all.sh [extra JMH args...]      e.g. bench/run-jmh-all.sh -w 2s -r 3s
set -euo pipefail
cd "$(dirname "$0")/.."
suites=(ScanBench FilterBench FilterScalingBench)
for suite in "${suites[@]}"; do
  echo "== $suite"
  # Anchored, so that FilterBench does not also run FilterScalingBench.
  bench/run-jmh.sh "\\.${suite}\\." "$@"
done
