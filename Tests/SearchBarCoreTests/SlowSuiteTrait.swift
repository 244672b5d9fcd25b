import Glibc
import Testing

extension Trait where Self == ConditionTrait {
    /// Marks a long sweep (a differential suite against a reference, a growth measurement):
    /// `bash Tests/run.sh` and CI run it; `bash Tests/run.sh --quick` skips it by setting
    /// SEARCHBAR_QUICK=1. (Glibc, not Foundation: Foundation's ICU clashes with the system ICU
    /// this target imports.)
    static var slow: Self {
        .disabled(
            if: getenv("SEARCHBAR_QUICK").map { String(cString: $0) } == "1",
            "a slow suite: bash Tests/run.sh runs it, --quick skips it")
    }
}
