/// Deleting one user-perceived character (an extended grapheme cluster) before or after a
/// position, as Backspace and forward delete do (UIKit `deleteBackward()`, GTK
/// `delete-from-cursor`), so hosts need no grapheme rules of their own.
extension SearchSession {
    /// What a grapheme deletion did.
    public enum ClusterDeletion: Sendable, Equatable {
        /// The cluster was deleted; the cursor belongs at UTF-8 byte `offset`.
        case deleted(offset: Int)
        /// There was nothing to delete (Backspace at the start, forward delete at the end).
        case nothing
        /// The veto callback refused the change (nothing changed).
        case vetoed
        /// Called from inside a callback: the deletion runs once the callback has returned.
        case queued
    }

    /// Backspace at UTF-8 byte `offset`: deletes the extended grapheme cluster before it (the
    /// whole cluster when `offset` falls inside one), as ``deleteText(in:)`` does (marked text
    /// is committed first, the veto sees should-change-text, a search follows by the timing
    /// policy). Throws ``SearchBarError/Code/invalidArgument`` for an offset past the end or
    /// inside a UTF-8 sequence.
    public func deleteBackward(from offset: Int) throws(SearchBarError) -> ClusterDeletion {
        try deleteCluster("deleteBackward", offset) { GraphemeEdit.clusterBefore(offset, in: $0) }
    }

    /// Forward delete at UTF-8 byte `offset`: deletes the extended grapheme cluster after it
    /// (the whole cluster when `offset` falls inside one); otherwise as ``deleteBackward(from:)``.
    public func deleteForward(from offset: Int) throws(SearchBarError) -> ClusterDeletion {
        try deleteCluster("deleteForward", offset) { GraphemeEdit.clusterAfter(offset, in: $0) }
    }

    private func deleteCluster(
        _ name: String, _ offset: Int, _ cluster: @escaping @Sendable (String) -> Range<Int>?
    ) throws(SearchBarError) -> ClusterDeletion {
        try perform(name, queued: ClusterDeletion.queued) { [self] effects throws(SearchBarError) -> ClusterDeletion in
            let text = core.withLock { $0.state.text }
            _ = try TextEdit(offset..<offset, in: text)
            guard let range = cluster(text) else { return .nothing }
            guard try applyEdit(range, "", &effects) else { return .vetoed }
            return .deleted(offset: range.lowerBound)
        }
    }
}
