import CSearchBar
import SearchBarCore

/// Every versioned struct of the interface, with the size of each version it has shipped.
/// A new field goes at the end of its struct and adds a size here (and a version in the header).
enum StructVersions {
    static let config = VersionedStruct<sb_config>(
        typeName: "sb_config", sizes: [VersionedStruct.end(\sb_config.threads)])
    static let searchOptions = VersionedStruct<sb_search_options>(
        typeName: "sb_search_options",
        sizes: [VersionedStruct.end(\sb_search_options.filter_count), VersionedStruct.end(\sb_search_options.offset)])
    static let indexOptions = VersionedStruct<sb_index_options>(
        typeName: "sb_index_options",
        sizes: [VersionedStruct.end(\sb_index_options.locale), VersionedStruct.end(\sb_index_options.max_threads)])
    static let packedItems = VersionedStruct<sb_packed_items>(
        typeName: "sb_packed_items", sizes: [VersionedStruct.end(\sb_packed_items.weights)])
    static let sessionOptions = VersionedStruct<sb_session_options>(
        typeName: "sb_session_options", sizes: [VersionedStruct.end(\sb_session_options.event_queue_capacity)])
    static let searchTiming = VersionedStruct<sb_search_timing>(
        typeName: "sb_search_timing", sizes: [VersionedStruct.end(\sb_search_timing.stall_ms)])
    static let recentsPolicy = VersionedStruct<sb_recents_policy>(
        typeName: "sb_recents_policy", sizes: [VersionedStruct.end(\sb_recents_policy.expiry_ms)])
}

/// Fills `*config` with version `version` of sb_config and its defaults (as SB_CONFIG_INIT
/// does for the version of the caller's header).
/// Ownership: `config` is the caller's.
/// Thread safety: any thread.
/// Returns SB_OK; SB_EINVAL for a NULL config or a version this library does not know.
@c public func sb_config_init(_ config: UnsafeMutablePointer<sb_config>?, _ version: UInt32) -> sb_status {
    StructVersions.config.initialize(config, version, defaults: sb_config())
}

/// Fills `*options` with version `version` of sb_search_options and its defaults.
/// Ownership: `options` is the caller's.
/// Thread safety: any thread.
/// Returns SB_OK; SB_EINVAL for a NULL options or a version this library does not know.
@c public func sb_search_options_init(_ options: UnsafeMutablePointer<sb_search_options>?, _ version: UInt32)
    -> sb_status
{
    StructVersions.searchOptions.initialize(options, version, defaults: sb_search_options())
}

/// Fills `*options` with version `version` of sb_index_options and its defaults.
/// Ownership: `options` is the caller's.
/// Thread safety: any thread.
/// Returns SB_OK; SB_EINVAL for a NULL options or a version this library does not know.
@c public func sb_index_options_init(_ options: UnsafeMutablePointer<sb_index_options>?, _ version: UInt32)
    -> sb_status
{
    StructVersions.indexOptions.initialize(options, version, defaults: sb_index_options())
}

/// Fills `*items` with version `version` of sb_packed_items, with no items.
/// Ownership: `items` is the caller's.
/// Thread safety: any thread.
/// Returns SB_OK; SB_EINVAL for a NULL items or a version this library does not know.
@c public func sb_packed_items_init(_ items: UnsafeMutablePointer<sb_packed_items>?, _ version: UInt32)
    -> sb_status
{
    StructVersions.packedItems.initialize(items, version, defaults: sb_packed_items())
}

/// Fills `*options` with version `version` of sb_session_options and its defaults.
/// Ownership: `options` is the caller's.
/// Thread safety: any thread.
/// Returns SB_OK; SB_EINVAL for a NULL options or a version this library does not know.
@c public func sb_session_options_init(_ options: UnsafeMutablePointer<sb_session_options>?, _ version: UInt32)
    -> sb_status
{
    StructVersions.sessionOptions.initialize(options, version, defaults: sb_session_options())
}

/// Fills `*timing` with version `version` of sb_search_timing and the defaults a new session
/// has (as you type, 150 ms, clearing searches at once, 300 ms stall threshold).
/// Ownership: `timing` is the caller's.
/// Thread safety: any thread.
/// Returns SB_OK; SB_EINVAL for a NULL timing or a version this library does not know.
@c public func sb_search_timing_init(_ timing: UnsafeMutablePointer<sb_search_timing>?, _ version: UInt32)
    -> sb_status
{
    StructVersions.searchTiming.initialize(timing, version, defaults: SessionCInput.timing(SearchTiming()))
}

/// Fills `*policy` with version `version` of sb_recents_policy and the defaults a new session
/// has (limit 10, one list, no expiry, not private).
/// Ownership: `policy` is the caller's.
/// Thread safety: any thread.
/// Returns SB_OK; SB_EINVAL for a NULL policy or a version this library does not know.
@c public func sb_recents_policy_init(_ policy: UnsafeMutablePointer<sb_recents_policy>?, _ version: UInt32)
    -> sb_status
{
    StructVersions.recentsPolicy.initialize(policy, version, defaults: SessionCInput.recentsPolicy(RecentsPolicy()))
}
