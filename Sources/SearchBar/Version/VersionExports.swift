import CSearchBar

/// The library's version, "MAJOR.MINOR.PATCH".
let libraryVersion = "\(SB_VERSION_MAJOR).\(SB_VERSION_MINOR).\(SB_VERSION_PATCH)"

/// ``libraryVersion``, allocated once and never freed.
nonisolated(unsafe) private let versionCString: UnsafePointer<CChar> = permanentCString(libraryVersion)

/// Copies a string into storage that lives as long as the process.
func permanentCString(_ string: String) -> UnsafePointer<CChar> {
    let utf8 = Array(string.utf8CString)
    let storage = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count)
    storage.initialize(from: utf8, count: utf8.count)
    return UnsafePointer(storage)
}

/// The version of the library loaded at run time, as MAJOR * 10000 + MINOR * 100 + PATCH.
/// Compare it with SB_VERSION_NUMBER from the header the caller compiled against; a different
/// major version means an incompatible ABI.
/// Thread safety: any thread. Never fails.
@c public func sb_version_number() -> UInt32 {
    UInt32(SB_VERSION_MAJOR * 10000 + SB_VERSION_MINOR * 100 + SB_VERSION_PATCH)
}

/// The version of the library loaded at run time, as a "MAJOR.MINOR.PATCH" string.
/// Ownership: static storage owned by the library; do not free it.
/// Thread safety: any thread. Never fails.
@c public func sb_version_string() -> UnsafePointer<CChar> {
    versionCString
}
