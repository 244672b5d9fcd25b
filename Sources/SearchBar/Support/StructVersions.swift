import CSearchBar
import SearchBarCore

/// Every versioned struct of the interface, with the size of each version it has shipped.
/// A new field goes at the end of its struct and adds a size here (and a version in the header).
enum StructVersions {
    static let config = VersionedStruct<sb_config>(
        typeName: "sb_config", sizes: [VersionedStruct.end(\sb_config.threads)])
    static let searchOptions = VersionedStruct<sb_search_options>(
        typeName: "sb_search_options",
        sizes: [
            VersionedStruct.end(\sb_search_options.filter_count), VersionedStruct.end(\sb_search_options.offset),
            VersionedStruct.end(\sb_search_options.tiebreak),
        ])
    static let indexOptions = VersionedStruct<sb_index_options>(
        typeName: "sb_index_options",
        sizes: [
            VersionedStruct.end(\sb_index_options.locale), VersionedStruct.end(\sb_index_options.max_threads),
            VersionedStruct.end(\sb_index_options.transliterate), VersionedStruct.end(\sb_index_options.verify),
        ])
    static let packedItems = VersionedStruct<sb_packed_items>(
        typeName: "sb_packed_items",
        sizes: [VersionedStruct.end(\sb_packed_items.weights), VersionedStruct.end(\sb_packed_items.keywords_length)])
    static let sessionOptions = VersionedStruct<sb_session_options>(
        typeName: "sb_session_options", sizes: [VersionedStruct.end(\sb_session_options.event_queue_capacity)])
    static let searchTiming = VersionedStruct<sb_search_timing>(
        typeName: "sb_search_timing", sizes: [VersionedStruct.end(\sb_search_timing.stall_ms)])
    static let recentsPolicy = VersionedStruct<sb_recents_policy>(
        typeName: "sb_recents_policy", sizes: [VersionedStruct.end(\sb_recents_policy.expiry_ms)])
    static let sourceOptions = VersionedStruct<sb_source_options>(
        typeName: "sb_source_options", sizes: [VersionedStruct.end(\sb_source_options.mode)])
}
