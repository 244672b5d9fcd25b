# Sourced by Tests/run.sh and Tests/sanitize.sh: runs named test steps, times them, counts them.
# `step NAME COMMAND...` runs one step (a failure is counted, not fatal);
# `finish_steps` prints each step's time and the closing "N passed, N failed" line, and fails if
# any step failed. With SB_STEP_LOG set, each step's line is also appended to that file (.ci/run
# prints them all at the end), and the last lines a failed step printed are appended to
# $SB_STEP_LOG.failures, so that the end of a long CI log says why a step failed.
passed=0 failed=0
step_lines=()
step() {
    local name=$1
    shift
    echo "=== $name"
    local start=$SECONDS status=ok output
    output=$(mktemp)
    # The step runs in this shell (it may set variables later steps read); tee keeps a copy.
    if "$@" > >(tee "$output") 2>&1; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        status=FAILED
    fi
    local line
    line=$(printf '%5d s  %-6s  %s' $((SECONDS - start)) "$status" "$name")
    echo "=== $name: $status ($((SECONDS - start)) s)"
    step_lines+=("$line")
    if [ -n "${SB_STEP_LOG:-}" ]; then
        echo "$line" >>"$SB_STEP_LOG"
        if [ $status = FAILED ]; then
            { echo "=== $name: its last 40 lines"; tail -n 40 "$output"; } >>"$SB_STEP_LOG.failures"
        fi
    fi
    rm -f "$output"
    return 0
}
finish_steps() {
    echo "=== step times"
    local line
    for line in "${step_lines[@]}"; do echo "$line"; done
    echo "test suites: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
