import Glibc

/// Writes a snapshot of an index as an index file (``IndexFileLayout``): the segments' flat
/// arrays as they are in memory, each section with its checksum, streamed to a temporary file
/// that replaces the target atomically (``AtomicFile``).
enum IndexFileWriter {
    /// What the header records about the index.
    struct Settings {
        var locale: SearchLocale
        var mode: MatchMode
        var fields: SearchFields
        /// The collator's version string (``Collator/version``).
        var collatorVersion: String
        /// True for an index made with `transliterate`.
        var transliterated = false
    }

    /// One section's contents.
    enum Payload {
        case bytes([UInt8])
        case words32([UInt32])
        case words64([UInt64])
        /// Bytes kept as a ``Column`` (perhaps borrowed from the mapped file this index was
        /// opened from: written without a copy).
        case column(Column<UInt8>)
        /// 32-bit values kept as a ``Column``.
        case column32(Column<UInt32>)
        /// 16-bit values kept as a ``Column``.
        case column16(Column<UInt16>)
        /// 64-bit values kept as a ``Column``.
        case column64(Column<UInt64>)
        /// An arena's offsets as 32-bit values, expanded from blocked offsets only while the
        /// section is hashed or written (``ByteArena/withExpandedOffsets(_:)``).
        case offsets(ByteArena)
        /// 64-bit values made by `value` for positions `0..<count`, only while the section is
        /// hashed or written, in scratch pages (``PageBuffer/withScratch(_:count:_:)``).
        case made64(count: Int, value: (Int) -> UInt64)

        /// Calls `body` with the payload's bytes.
        func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
            switch self {
            case .column(let c): c.withUnsafeBytes(body)
            case .column32(let c): c.withUnsafeBytes(body)
            case .column16(let c): c.withUnsafeBytes(body)
            case .column64(let c): c.withUnsafeBytes(body)
            case .offsets(let arena): arena.withExpandedOffsets { body(UnsafeRawBufferPointer($0)) }
            case .made64(let count, let value): PageBuffer.withFilledScratch(count: count, value) { body(UnsafeRawBufferPointer($0)) }
            case .bytes(let a): a.withUnsafeBytes(body)
            case .words32(let a): a.withUnsafeBytes(body)
            case .words64(let a): a.withUnsafeBytes(body)
            }
        }

        /// The number of bytes.
        var byteCount: Int {
            switch self {
            case .offsets(let arena): arena.offsetCount * MemoryLayout<UInt32>.stride
            case .made64(let count, _): count * MemoryLayout<UInt64>.stride
            default: withBytes { $0.count }
            }
        }
    }

    /// Writes `snapshot` to `path` atomically. Throws ``SearchBarError/Code/io`` (the old file,
    /// if any, is left as it was) or ``SearchBarError/Code/tooBig`` (a locale identifier over
    /// ``IndexFileLayout/maxLocaleBytes``, too many segments).
    static func write(_ snapshot: Snapshot, _ settings: Settings, to path: String) throws(SearchBarError) {
        #if _endian(big)
        throw SearchBarError(.internal, "index files are little-endian; this host is big-endian")
        #else
        let locale = Array(settings.locale.identifier.utf8)
        guard locale.count <= IndexFileLayout.maxLocaleBytes else {
            throw SearchBarError(.tooBig, "the locale identifier has \(locale.count) bytes; an index file holds at most \(IndexFileLayout.maxLocaleBytes)")
        }
        let views = snapshot.segments.filter { $0.liveCount > 0 }
        guard views.count <= IndexFileLayout.maxSegments else {
            throw SearchBarError(.tooBig, "the index has \(views.count) segments; a file holds at most \(IndexFileLayout.maxSegments)")
        }
        // Lay the sections out.
        var payloads: [(segment: Int, kind: IndexFileLayout.Section, payload: Payload)] = []
        for (s, view) in views.enumerated() {
            for (kind, payload) in zip(IndexFileLayout.Section.allCases, sections(of: view)) {
                payloads.append((s, kind, payload))
            }
        }
        let tableEnd = IndexFileLayout.headerSize + payloads.count * IndexFileLayout.entrySize
        var position = IndexFileLayout.aligned(tableEnd)
        var table = [UInt8](repeating: 0, count: payloads.count * IndexFileLayout.entrySize)
        var offsets: [Int] = []
        for (k, section) in payloads.enumerated() {
            let length = section.payload.byteCount
            let checksum = section.payload.withBytes { XXHash64.hash($0) }
            let at = k * IndexFileLayout.entrySize
            table.store(UInt32(section.kind.rawValue), at: at)
            table.store(UInt32(section.segment), at: at + 4)
            table.store(UInt64(position), at: at + 8)
            table.store(UInt64(length), at: at + 16)
            table.store(checksum, at: at + 24)
            offsets.append(position)
            position = IndexFileLayout.aligned(position + length)
        }
        let fileLength = offsets.last.map { $0 + payloads[payloads.count - 1].payload.byteCount } ?? tableEnd

        var header = [UInt8](repeating: 0, count: IndexFileLayout.headerSize)
        typealias H = IndexFileLayout.Header
        header.replaceSubrange(H.magic..<H.magic + 8, with: IndexFileLayout.magic)
        header.store(IndexFileLayout.formatVersion, at: H.formatVersion)
        header.store(UInt32(IndexFileLayout.headerSize), at: H.headerSize)
        header.store(UInt64(fileLength), at: H.fileLength)
        header.store(UInt32(payloads.count), at: H.sectionCount)
        header.store(UInt32(views.count), at: H.segmentCount)
        header.store(settings.transliterated ? IndexFileLayout.Flags.transliterated : 0, at: H.flags)
        header.store(settings.mode.rawValue, at: H.mode)
        header.store(settings.fields.rawValue, at: H.fields)
        header.replaceSubrange(H.icuVersion..<H.icuVersion + 4, with: IndexFileLayout.icuVersion)
        header.replaceSubrange(
            H.collatorVersion..<H.collatorVersion + 4, with: IndexFileLayout.versionBytes(settings.collatorVersion))
        header.store(UInt32(locale.count), at: H.localeLength)
        header.replaceSubrange(H.locale..<H.locale + locale.count, with: locale)
        header.store(IndexFileLayout.headerChecksum(header: header, table: table), at: H.checksum)

        try AtomicFile.write(to: path) { (sink) throws(SearchBarError) in
            try write(header, to: sink)
            try write(table, to: sink)
            var written = tableEnd
            for (k, section) in payloads.enumerated() {
                if offsets[k] > written {
                    try write([UInt8](repeating: 0, count: offsets[k] - written), to: sink)
                    written = offsets[k]
                }
                let failed = section.payload.withBytes { bytes -> SearchBarError? in
                    do throws(SearchBarError) { try sink.write(bytes) } catch { return error }
                    return nil
                }
                if let failed { throw failed }
                written += section.payload.byteCount
            }
        }
        #endif
    }

    private static func write(_ bytes: [UInt8], to sink: AtomicFile.Sink) throws(SearchBarError) {
        let failed = bytes.withUnsafeBytes { buffer -> SearchBarError? in
            do throws(SearchBarError) { try sink.write(buffer) } catch { return error }
            return nil
        }
        if let failed { throw failed }
    }

    /// The sections of one segment, in ``IndexFileLayout/Section`` order.
    static func sections(of view: SegmentView) -> [Payload] {
        let segment = view.segment
        var result: [Payload] = []
        let info: [UInt64] = [
            UInt64(segment.count), UInt64(segment.termCount), UInt64(segment.forward.count),
            UInt64(segment.forward.bits), UInt64(segment.postings.count), UInt64(segment.postings.dataCount),
            UInt64(segment.titleLeads.order.bits), 0,
        ]
        result.append(.words64(info))
        let ids = segment.ids
        result.append(.made64(count: ids.count, value: { ids[$0] }))
        result.append(.column32(segment.scopes))
        result.append(.column32(segment.weightKeys))
        result.append(.column64(segment.rankKeys.column))
        for f in 0..<3 {
            let arena = f < segment.folded.count ? segment.folded[f] : ByteArena()
            result += [.column(arena.bytes), .offsets(arena)]
        }
        for f in 0..<3 {
            let arena = f < segment.originalPatches.count ? segment.originalPatches[f] : ByteArena()
            result += [.column(arena.bytes), .offsets(arena)]
        }
        result += [.column(segment.forwardOffsets.narrow.storageBytes), .column(segment.forward.storageBytes)]
        result += [.column(segment.vocabulary.bytes), .offsets(segment.vocabulary)]
        result += [.column(segment.postings.offsets.narrow.storageBytes), .column(segment.postings.bytes)]
        result.append(.words32(segment.runExceptions))
        result.append(.words64(view.deleted?.words ?? []))
        // Attributes: names and text values as arenas, entries as 16-byte records.
        let attributes = segment.attributes
        var names = ByteArena()
        for name in attributes.names { names.append(name) }
        var texts = ByteArena()
        var entries = [UInt8](repeating: 0, count: attributes.entries.count * 16)
        for (k, entry) in attributes.entries.enumerated() {
            entries.store(entry.name, at: 16 * k)
            if let text = entry.text {
                entries.store(UInt32(texts.count), at: 16 * k + 4)
                texts.append(text)
            } else {
                entries.store(UInt32.max, at: 16 * k + 4)
            }
            entries.store(entry.number.bitPattern, at: 16 * k + 8)
        }
        result += [.column(names.bytes), .offsets(names)]
        result.append(.words32(attributes.offsets))
        result.append(.bytes(entries))
        result += [.column(texts.bytes), .offsets(texts)]
        result += [.column(segment.titleBytes.order.storageBytes), .column(segment.rankKeyOrder.order.storageBytes)]
        // The derived search structures.
        let derived = segment.derived
        result.append(.column64(derived.presence))
        let chars = derived.charPostings.parts
        result += [.column32(chars.keys), .column32(chars.offsets), .column(chars.postings.storageBytes)]
        let leads = derived.titleLeads
        result += [
            .column(leads.order.storageBytes), .column(leads.termStarts.storageBytes),
            .column(leads.titleWordCounts.allValues), .column32(leads.weightKeys.allValues),
        ]
        result.append(.column32(derived.titleBytes.weightKeys.allValues))
        result.append(.words32(derived.rankOrder.order))
        result.append(.words32(derived.vocabularyByteCounts))
        result.append(.words64(derived.vocabularyTrigrams.storedBits))
        result.append(.words32(derived.punctuatedTerms))
        result += [.column32(leads.rankKeyMinimums.stored), .column32(derived.titleBytes.rankKeyMinimums.stored)]
        result.append(.column(segment.postings.starts.narrow.storageBytes))
        return result
    }
}

extension IndexFileLayout {
    /// The header's checksum: XXH64 of the table, seeded with XXH64 of the header's bytes
    /// before the checksum field.
    static func headerChecksum(header: [UInt8], table: [UInt8]) -> UInt64 {
        let seed = header.withUnsafeBytes { XXHash64.hash(UnsafeRawBufferPointer(rebasing: $0[0..<Header.checksum])) }
        return XXHash64.hash(table, seed: seed)
    }
}

extension [UInt8] {
    /// Stores `value` little-endian at byte `offset` (which must leave room for it).
    mutating func store<T: FixedWidthInteger>(_ value: T, at offset: Int) {
        withUnsafeMutableBytes { $0.storeBytes(of: value.littleEndian, toByteOffset: offset, as: T.self) }
    }

    /// The little-endian value at byte `offset`, or nil past the end.
    func load<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T? {
        guard offset >= 0, offset <= count - MemoryLayout<T>.size else { return nil }
        return withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
    }
}
