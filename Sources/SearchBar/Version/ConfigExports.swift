import CSearchBar
import SearchBarCore

/// Sets library-wide settings before the first index is made: `config->threads` sizes the one
/// executor pool every index of the process shares (0: the SEARCHBAR_THREADS environment
/// variable if set, else one thread per processor). The pool starts lazily, with the first
/// index; its size is set once: calling again with the same settings is SB_OK, with others
/// SB_EMISUSE, and so is any change after the pool started. A forked child starts a pool of
/// the same size when it makes its first index.
/// `config`: any version this library has shipped.
/// Ownership: nothing is retained.
/// Thread safety: any thread, concurrently with anything.
/// Returns SB_OK; SB_EINVAL (NULL config, bad version, threads over 256); SB_EMISUSE (the pool
/// already runs with another size, or another size was set).
@c public func sb_configure(_ config: UnsafePointer<sb_config>?) -> sb_status {
    guarded { () throws(SearchBarError) in
        guard let config else { throw .invalidArgument("config is NULL") }
        let c = try StructVersions.config.read(config, "config", defaults: sb_config())
        guard c.threads <= UInt32(ProcessPool.maximumThreads) else {
            throw .invalidArgument("config.threads is \(c.threads); at most \(ProcessPool.maximumThreads)")
        }
        if c.threads == 0 {
            // "Not set by the host": the environment or the processor count decides.
            return SB_OK
        }
        try ProcessPool.configure(threads: Int(c.threads))
        return SB_OK
    }
}

/// Copies the library-wide settings into `*out_config`: the fields of the version the caller
/// set in `out_config->version`, and nothing past them. `threads` receives the executor pool's
/// size: the threads it runs with once started, else the size it will start with.
/// Ownership: `out_config` is the caller's.
/// Thread safety: any thread, concurrently with anything.
/// Returns SB_OK; SB_EINVAL (NULL out_config, a version of 0 or newer than the library's).
@c public func sb_get_config(_ out_config: UnsafeMutablePointer<sb_config>?) -> sb_status {
    guarded { () throws(SearchBarError) in
        let out = try CInput.output(out_config, "out_config")
        let config = sb_config(version: StructVersions.config.latest, threads: UInt32(ProcessPool.threadCount))
        try StructVersions.config.write(config, to: out, "out_config")
        return SB_OK
    }
}

/// Fills `*config` with version `version` of sb_config and its defaults (as SB_CONFIG_INIT
/// does for the version of the caller's header).
/// Ownership: `config` is the caller's.
/// Thread safety: any thread.
/// Returns SB_OK; SB_EINVAL for a NULL config or a version this library does not know.
@c public func sb_config_init(_ config: UnsafeMutablePointer<sb_config>?, _ version: UInt32) -> sb_status {
    StructVersions.config.initialize(config, version, defaults: sb_config())
}
