# Sourced by Tests/run.sh and Tests/sanitize.sh: runs named test steps, times them, counts them.
# `step NAME COMMAND...` runs one step (a failure is counted, not fatal);
# `finish_steps` prints the closing "N passed, N failed" line and fails if any step failed.
passed=0 failed=0
step() {
    local name=$1
    shift
    echo "=== $name"
    local start=$SECONDS
    if "$@"; then
        passed=$((passed + 1))
        echo "=== $name: ok ($((SECONDS - start)) s)"
    else
        failed=$((failed + 1))
        echo "=== $name: FAILED ($((SECONDS - start)) s)"
    fi
}
finish_steps() {
    echo "test suites: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
