#!/usr/bin/env bash
# Fuzzes TenFoot's readers with libFuzzer and AddressSanitizer, one target per input kind (scene files,
# input scripts, input mapping files, the command line, SwiftUI sources, .lsr ZIPs, bundles' tar, layered
# images, bundle replays), each for a bounded time. Run from anywhere:
#
#   scripts/fuzz.sh [SECONDS] [scene|script|mapping|cli|swiftui|zip|tar|layered|replay|report|gif|mp4|strings|colorset]...
#                                                        (default: 60 seconds each, all of them)
#
# With FUZZ_PLATEAU=P set, SECONDS is the least time a target runs: it goes on until P seconds pass
# without new coverage (a new edge, libFuzzer's `cov:`), and stops at FUZZ_MAX seconds whatever
# happens (default 4 hours). The summary line says which of the two ended it.
#
# Built in release into .build/fuzz (toolchain.md §10: `--sanitize fuzzer -Xswiftc
# -sanitize=fuzzer,address`, which a plain `swift build` never uses). Corpora grow between runs in
# .build/fuzz-work/KIND/corpus, seeded from scenes/, the CLI test fixtures and Fuzz/Seeds/. A crash,
# a hang (10 s for one input, 60 s for SwiftUI sources) or running out of memory (2 GB) leaves the input in
# .build/fuzz-work/artifacts/ and makes this script exit 1: turn it into a regression test.
# One target at a time: the machine's cores are shared. FUZZ_TIMEOUT=S raises the time one input may take
# (libFuzzer's clock is the wall's: on a machine busy with builds, an input of a second can pass 10 s).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
plateau=${FUZZ_PLATEAU:-}
max_seconds=${FUZZ_MAX:-14400}
[ $# -gt 0 ] && shift
kinds=("$@")
if [ ${#kinds[@]} -eq 0 ]; then
    for kind in scene script mapping cli swiftui zip tar layered replay report gif mp4 strings colorset; do
        grep -q "\"tenfoot-fuzz-$kind\"" Package.swift && kinds+=("$kind")
    done
fi
work=.build/fuzz-work
mkdir -p "$work/artifacts"
found=0
for kind in "${kinds[@]}"; do
    timeout=10
    case "$kind" in
        scene) seeds=(scenes/*.json scenes/details/*.json Tests/CLITests/Fixtures/*.json Tests/CLITests/Fixtures/accessibility/*.json); max_len=32768 ;;
        script) seeds=(Fuzz/Seeds/script/*); max_len=4096 ;;
        mapping) seeds=(Fuzz/Seeds/mapping/* Tests/CLITests/Fixtures/bad-keys.json); max_len=8192 ;;
        # Argument vectors, words separated by NUL bytes.
        cli) seeds=(Fuzz/Seeds/cli/*); max_len=2048 ;;
        # SwiftUI sources: the fixtures of the constructs real apps use, and the seed examples'.
        # A screen at the evaluation budget's limit (12,000 views) takes about 7 s under AddressSanitizer alone, and
        # passed 30 s with three fuzzers and a build on two cores: a hang here is what runs past 60 s.
        # The corpus the earlier rounds kept (Fuzz/Seeds/swiftui) seeds it too: a round starts where the last stopped.
        swiftui) seeds=(Tests/TenFootSwiftUITests/RealAppFixtures/*.swift Tests/TenFootSwiftUITests/Fixtures/*.swift Fuzz/Seeds/swiftui/*); max_len=16384; timeout=60 ;;
        # Archives and what is read from them: .lsr ZIPs, bundles' tar, layered images, whole replays.
        zip|layered) seeds=(Fuzz/Seeds/$kind/*); max_len=16384 ;;
        tar|replay) seeds=(Fuzz/Seeds/$kind/*); max_len=32768 ;;
        # Test reports' report.json, as report merge reads them.
        report) seeds=(Fuzz/Seeds/$kind/*); max_len=16384 ;;
        # Finished GIFs as the recorder reads them back.
        gif) seeds=(Fuzz/Seeds/$kind/*); max_len=16384 ;;
        # Finished MP4s as the recorder reads them back.
        mp4) seeds=(Fuzz/Seeds/$kind/*); max_len=16384 ;;
        # Apps' string tables (.strings, .xcstrings) as the SwiftUI reader reads them.
        strings) seeds=(Fuzz/Seeds/$kind/*); max_len=8192 ;;
        # Asset catalogues' colour sets (Contents.json) as the SwiftUI reader reads them.
        colorset) seeds=(Fuzz/Seeds/$kind/*); max_len=4096 ;;
        *) echo "fuzz.sh: unknown kind $kind (scene, script, mapping, cli, swiftui, zip, tar, layered, replay, report, gif, mp4, strings, colorset)" >&2; exit 2 ;;
    esac
    [ "${FUZZ_TIMEOUT:-0}" -gt "$timeout" ] && timeout=$FUZZ_TIMEOUT
    product="tenfoot-fuzz-$kind"
    swift build -c release --build-path .build/fuzz --product "$product" --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address
    mkdir -p "$work/$kind/corpus" "$work/$kind/seeds"
    cp "${seeds[@]}" "$work/$kind/seeds/"
    log="$work/$kind/last-run.log"
    echo "fuzz.sh: $kind for ${seconds}s (log: $log)"
    # Swift's backtracer can outlive a crash with the pipe open (toolchain.md §10): off.
    status=0
    ended=""
    limit=$seconds
    [ -n "$plateau" ] && limit=$max_seconds
    SWIFT_BACKTRACE=enable=no ".build/fuzz/release/$product" \
        -max_total_time="$limit" -timeout="$timeout" -rss_limit_mb=2048 -max_len="$max_len" \
        $([ -f "Fuzz/$kind.dict" ] && echo "-dict=Fuzz/$kind.dict") -print_final_stats=1 -artifact_prefix="$work/artifacts/$kind-" \
        "$work/$kind/corpus" "$work/$kind/seeds" >"$log" 2>&1 &
    fuzzer=$!
    if [ -n "$plateau" ]; then
        # Watch the log for the highest `cov:` and when it last grew; libFuzzer prints it on every new input.
        start=$SECONDS
        best=0
        grew=$SECONDS
        while kill -0 "$fuzzer" 2>/dev/null; do
            sleep 5
            # (No `cov:` yet while a slow target reads its corpus: grep finds nothing, which must not end the script.)
            cov=$({ grep -o 'cov: [0-9]*' "$log" || true; } | awk '{ if ($2 > m) m = $2 } END { print m + 0 }')
            if [ "$cov" -gt "$best" ]; then
                best=$cov
                grew=$SECONDS
            fi
            if [ $((SECONDS - start)) -ge "$seconds" ] && [ $((SECONDS - grew)) -ge "$plateau" ]; then
                ended="no new coverage for ${plateau}s (edges $best, last new at $((grew - start))s of $((SECONDS - start))s)"
                kill -INT "$fuzzer" 2>/dev/null || true
                break
            fi
        done
    fi
    wait "$fuzzer" || status=$?
    # libFuzzer exits 72 when interrupted, which is how a plateau ends it.
    [ -n "$ended" ] && [ "$status" -eq 72 ] && status=0
    if [ -n "$plateau" ] && [ -z "$ended" ] && [ "$status" -eq 0 ]; then
        ended="stopped at ${max_seconds}s with coverage still growing (edges $best, last new at $((grew - start))s)"
    fi
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    echo "fuzz.sh: $kind: ${execs:-?} runs, ${rate:-?} per second, corpus $(ls "$work/$kind/corpus" | wc -l) inputs, exit $status${ended:+; $ended}"
    if [ "$status" -ne 0 ]; then
        found=1
        grep -E "^==[0-9]+==ERROR|^SUMMARY|Fatal error|libFuzzer: (deadly|timeout|out-of-memory)|Test unit written" "$log" | head -8 || true
    fi
done
exit $found
