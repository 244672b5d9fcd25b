# Sourced by Tests/run.sh and Tests/sanitize.sh: runs named test steps, times them, counts them.
# `step NAME COMMAND...` runs one step (a failure is counted, not fatal);
# `finish_steps` prints each step's time and the closing "N passed, N failed" line, and fails if
# any step failed. With SB_STEP_LOG set, each step's line is also appended to that file (.ci/run
# prints them all at the end).
passed=0 failed=0
step_lines=()
step() {
    local name=$1
    shift
    echo "=== $name"
    local start=$SECONDS status=ok
    if "$@"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        status=FAILED
    fi
    local line
    line=$(printf '%5d s  %-6s  %s' $((SECONDS - start)) "$status" "$name")
    echo "=== $name: $status ($((SECONDS - start)) s)"
    step_lines+=("$line")
    [ -n "${SB_STEP_LOG:-}" ] && echo "$line" >>"$SB_STEP_LOG"
    return 0
}
finish_steps() {
    echo "=== step times"
    local line
    for line in "${step_lines[@]}"; do echo "$line"; done
    echo "test suites: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
