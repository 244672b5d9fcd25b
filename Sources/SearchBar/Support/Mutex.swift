import SearchBarCore

/// The engine's pthread-based lock (SearchBarCore's `Mutex`, whose comment says why it is not
/// `Synchronization.Mutex`); this module-level alias wins over `import Synchronization`, which
/// some files here need for `Atomic`.
typealias Mutex<Value: ~Copyable> = SearchBarCore.Mutex<Value>
