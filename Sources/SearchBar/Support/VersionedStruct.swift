import CSearchBar
import Glibc
import SearchBarCore

/// The versions of a struct the host fills, whose first field is `uint32_t version`: the bytes
/// each version holds. Reading takes only the caller's version's bytes (a program built against
/// an older header passes a smaller struct), and writing (a getter) writes only those.
struct VersionedStruct<T> {
    /// The C type's name, for messages ("sb_index_options").
    let typeName: String
    /// `sizes[v - 1]`: the bytes of version `v`'s fields, from the start of the struct.
    let sizes: [Int]

    /// The newest version this library knows.
    var latest: UInt32 { UInt32(sizes.count) }

    /// The bytes from the start of `T` to the end of `field`: the size of the version that
    /// ends with that field.
    static func end<V>(_ field: KeyPath<T, V>) -> Int {
        MemoryLayout<T>.offset(of: field)! + MemoryLayout<V>.size
    }

    /// The version in a caller's struct, checked: `SB_EINVAL` for 0 and for a version newer
    /// than this library's.
    func version(_ pointer: UnsafeRawPointer, _ name: String) throws(SearchBarError) -> UInt32 {
        let version = pointer.load(as: UInt32.self)
        let macro = "SB_" + typeName.dropFirst(3).uppercased() + "_INIT"
        guard version != 0 else {
            throw .invalidArgument("\(name).version is 0; initialize the \(typeName) with \(macro) or \(typeName)_init()")
        }
        guard version <= latest else {
            throw .invalidArgument(
                "\(name).version is \(version); this library (\(libraryVersion)) knows \(typeName) versions 1 to \(latest)")
        }
        return version
    }

    /// The caller's struct as the newest version: the fields of the caller's version, and
    /// `defaults`' values for the fields added after it.
    func read(_ pointer: UnsafePointer<T>, _ name: String, defaults: T) throws(SearchBarError) -> T {
        let version = try self.version(pointer, name)
        var value = defaults
        withUnsafeMutableBytes(of: &value) { bytes in
            bytes.baseAddress!.copyMemory(from: pointer, byteCount: sizes[Int(version) - 1])
        }
        return value
    }

    /// Writes `value`'s fields of the caller's version (the version already in `*pointer`) to
    /// `pointer`, and nothing past them.
    func write(_ value: T, to pointer: UnsafeMutablePointer<T>, _ name: String) throws(SearchBarError) {
        let version = try self.version(pointer, name)
        var copy = value
        withUnsafeMutableBytes(of: &copy) { bytes in
            bytes.storeBytes(of: version, as: UInt32.self)
            UnsafeMutableRawPointer(pointer).copyMemory(from: bytes.baseAddress!, byteCount: sizes[Int(version) - 1])
        }
    }

    /// `sb_*_init(pointer, version)`: fills version `version` of the struct with `defaults`.
    func initialize(_ pointer: UnsafeMutablePointer<T>?, _ version: UInt32, defaults: T) -> sb_status {
        guarded { () throws(SearchBarError) in
            let out = try CInput.output(pointer, typeName)
            guard version >= 1 && version <= latest else {
                throw .invalidArgument(
                    "version is \(version); this library (\(libraryVersion)) knows \(typeName) versions 1 to \(latest)")
            }
            var copy = defaults
            withUnsafeMutableBytes(of: &copy) { bytes in
                bytes.storeBytes(of: version, as: UInt32.self)
                UnsafeMutableRawPointer(out).copyMemory(from: bytes.baseAddress!, byteCount: sizes[Int(version) - 1])
            }
            return SB_OK
        }
    }
}
