@testable import SearchBarCore

/// The tests use SearchBarCore's pthread-based Mutex (Sources/SearchBarCore/Support/Locks/Mutex.swift);
/// this module-level alias wins over both the `@testable` import and `import Synchronization`,
/// which would otherwise be ambiguous.
typealias Mutex<Value: ~Copyable> = SearchBarCore.Mutex<Value>
