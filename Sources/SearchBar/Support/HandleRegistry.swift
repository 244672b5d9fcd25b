import SearchBarCore
import Synchronization

/// The live handles given to C, so a NULL, freed, foreign or wrong-type handle is reported as
/// `SB_EINVAL` instead of being dereferenced.
///
/// A handle is the address of a retained Swift object. Looking one up under the lock returns a
/// strong reference, so a concurrent free cannot pull the object away mid-call.
enum HandleRegistry {
    private static let live = Mutex<[UInt: ObjectIdentifier]>([:])

    /// Retains `object` and returns its new handle.
    static func register<T: AnyObject & Sendable>(_ object: T) -> OpaquePointer {
        let raw = Unmanaged.passRetained(object).toOpaque()
        let address = UInt(bitPattern: raw)
        let type = ObjectIdentifier(T.self)
        live.withLock { $0[address] = type }
        return OpaquePointer(raw)
    }

    /// The object behind a live handle of type `T`; throws `SB_EINVAL` otherwise.
    static func resolve<T: AnyObject & Sendable>(_ handle: OpaquePointer?, as type: T.Type, _ name: String)
        throws(SearchBarError) -> T
    {
        guard let handle else { throw .invalidArgument("\(name) is NULL") }
        let address = UInt(bitPattern: UnsafeRawPointer(handle))
        let type = ObjectIdentifier(T.self)
        let object: T? = live.withLock { table in
            guard table[address] == type, let raw = UnsafeRawPointer(bitPattern: address) else { return nil }
            return Unmanaged<T>.fromOpaque(raw).takeUnretainedValue()
        }
        guard let object else {
            throw .invalidArgument("\(name) is not a live \(T.self) handle (freed, foreign or of another type)")
        }
        if let bound = object as? any ProcessBound, bound.isInheritedThroughFork {
            throw SearchBarError(
                .misuse, "\(name) was made before fork(): its threads stayed in the parent process, so the child "
                    + "can neither use nor free it; make a new one in the child")
        }
        return object
    }

    /// Forgets and releases a handle of type `T`. NULL is a no-op; returns false for a handle
    /// that is not live with that type (a double free), which is then left untouched.
    @discardableResult
    static func release<T: AnyObject & Sendable>(_ handle: OpaquePointer?, as type: T.Type) -> Bool {
        guard let handle else { return true }
        let raw = UnsafeRawPointer(handle)
        let address = UInt(bitPattern: raw)
        let type = ObjectIdentifier(T.self)
        let removed = live.withLock { table in
            guard table[address] == type else { return false }
            table[address] = nil
            return true
        }
        if removed { Unmanaged<T>.fromOpaque(raw).release() }
        return removed
    }
}
