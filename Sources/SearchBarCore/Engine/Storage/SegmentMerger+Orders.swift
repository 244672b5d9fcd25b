/// The merged segment's sorted orders (title byte order, rank-key order), merged from the
/// inputs' orders rather than sorted again.
extension SegmentMerger {
    /// The merged segment's items in folded-title byte order (ties by index), from the inputs'
    /// title byte orders, the titles read in the inputs (`order` gives each merged item's input
    /// and index there). Nil when `cancellation` was set (checked between its passes: the
    /// longest step of a merge).
    static func titleOrder(
        _ views: [SegmentView], _ mergedIndex: [Column<UInt32>], _ order: Column<Entry>, cancellation: CancellationFlag?
    ) -> Column<UInt32>? {
        let raws = views.map { RawArena($0.segment.folded.first ?? ByteArena()) }
        return withExtendedLifetime(views) {
            raws.withUnsafeBufferPointer { raws in
                order.withUnsafeBufferPointer { order in
                    @inline(__always) func title(_ n: UInt32) -> UnsafeBufferPointer<UInt8> {
                        let entry = order[Int(n)]
                        return raws[Int(entry.view)].text(Int(entry.local))
                    }
                    // Titles often share their first 8 bytes ("List of …"): keys of 16 bytes
                    // (zero-padded, so a title that ends goes first) settle most ties without
                    // the texts. They are a merge's largest temporary: in scratch pages.
                    return PageBuffer.withFilledScratch(
                        count: order.count, { LeadingBytes(title(UInt32(truncatingIfNeeded: $0))) }
                    ) { keys -> Column<UInt32>? in
                        if let cancellation, cancellation.isCancelled { return nil }
                        return merged(runs(views.map { $0.segment.titleBytes.order }, mergedIndex)) { runs, out in
                            SortedRuns.merge(
                                runs, into: out, key: { keys[Int($0)] }, compare: { a, b in ByteOrder.compare(title(a), title(b)) })
                        }
                    }
                }
            }
        }
    }

    /// The merged segment's items in rank-key order (ties by index), from the inputs' rank-key
    /// orders; `rankKeys`: the merged segment's keys, per merged index.
    static func rankKeyOrderMerged(_ views: [SegmentView], _ mergedIndex: [Column<UInt32>], _ rankKeys: Column<UInt64>)
        -> Column<UInt32>
    {
        rankKeys.withUnsafeBufferPointer { rankKeys in
            merged(runs(views.map { $0.segment.rankKeyOrder.order }, mergedIndex)) { runs, out in
                SortedRuns.merge(runs, into: out, key: { rankKeys[Int($0)] }, compare: { _, _ in 0 })
            }
        }
    }

    /// The order `merge(runs, out)` writes at `out` (the runs' items in another order), in pages
    /// of its own when large.
    private static func merged(
        _ runs: [Column<UInt32>], _ merge: ([Column<UInt32>], UnsafeMutablePointer<UInt32>) -> Int
    ) -> Column<UInt32> {
        Column<UInt32>.uninitialized(capacity: runs.reduce(0) { $0 + $1.count }) { merge(runs, $0) }
    }

    /// Each input's order in merged indices, dead items left out (in pages of its own when
    /// large).
    static func runs<Order: RandomAccessCollection<UInt32>>(_ orders: [Order], _ mergedIndex: [Column<UInt32>])
        -> [Column<UInt32>]
    {
        orders.indices.map { v in
            Column<UInt32>.uninitialized(capacity: orders[v].count) { run in
                var count = 0
                for local in orders[v] where mergedIndex[v][Int(local)] != dropped {
                    (run + count).initialize(to: mergedIndex[v][Int(local)])
                    count += 1
                }
                return count
            }
        }
    }
}
