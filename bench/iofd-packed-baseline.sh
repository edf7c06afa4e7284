#!/usr/bin/env bash
# Issue 36's last gate: the IOFD preset at the k=4 fat-tree case against the former hand-packed
# IofdPacked (deleted in 321afa7). Takes the deleted package org.rdmacheck.model.iofd from the
# commit before its deletion (git show 321afa7^:...), unchanged, into target/iofd-packed/ (never a
# tracked path), compiles it against the fat jar and runs IofdPackedComparison: both explored by
# this build's explorer in one JVM, one thread, the exploration alone, alternating, counts asserted
# equal, per-pair thread CPU times, the medians, the ratio and a "gate model=iofd ..." line.
#
# Usage, from the checkout after `mvn -B -q -o -DskipTests package`:
#   bench/iofd-packed-baseline.sh [PAIRS]        (default 8 warm pairs, after one warm-up pair)
#   bench/iofd-packed-baseline.sh PAIRS model    (the two models without the explorer: each one's
#                                                 reachable states expanded in alternating rounds, and
#                                                 their state lengths)
#   bench/iofd-packed-baseline.sh ROUNDS alone-preset   (one model explored alone in this JVM, ROUNDS
#   bench/iofd-packed-baseline.sh ROUNDS alone-packed    after a warm-up: no explorer call site sees the
#                                                 other; alternate JVMs of both to compare)
# Extra JVM options (e.g. a JFR recording) go in $JAVA_OPTS.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
if (( $# > 2 )); then
    echo "arguments: $# given; expected [PAIRS [model|alone-preset|alone-packed]]" >&2
    exit 2
fi
pairs=${1:-8}
mode=${2:-}
if ! [[ $pairs =~ ^[1-9][0-9]{0,3}$ ]]; then
    echo "PAIRS $pairs: expected a count 1-9999" >&2
    exit 2
fi
if [[ -n $mode && $mode != model && $mode != alone-preset && $mode != alone-packed ]]; then
    echo "mode $mode: expected model, alone-preset or alone-packed (or nothing, for the gate)" >&2
    exit 2
fi
jar=cli/target/rdmacheck-all.jar
if [[ ! -f $jar ]]; then
    echo "$jar: missing; build it first with mvn -B -q -o -DskipTests package" >&2
    exit 2
fi
base=321afa7^
pkg=model-java/src/main/java/org/rdmacheck/model/iofd
out=target/iofd-packed
rm -rf "$out"
mkdir -p "$out/src/org/rdmacheck/model/iofd" "$out/classes"
for f in $(git ls-tree --name-only "$base" "$pkg/"); do
    git show "$base:$f" > "$out/src/org/rdmacheck/model/iofd/$(basename "$f")"
done
javac -nowarn -d "$out/classes" -cp "$jar" "$out"/src/org/rdmacheck/model/iofd/*.java
exec java -Xmx3g -XX:+UseParallelGC ${JAVA_OPTS:-} -cp "$jar" org.rdmacheck.cli.bench.IofdPackedComparison \
    "$out/classes" "$pairs" ${mode:+"$mode"}
