#if SEARCHBAR_TSAN
@testable import SearchBarCore

/// ThreadSanitizer builds: the tests use SearchBarCore's pthread-based Mutex (see
/// Sources/SearchBarCore/Support/TSanMutex.swift); this module-level alias wins over both the
/// `@testable` import and `import Synchronization`, which would otherwise be ambiguous.
typealias Mutex<Value: ~Copyable> = SearchBarCore.Mutex<Value>
#endif
