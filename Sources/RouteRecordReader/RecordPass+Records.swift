internal import RouteRecordLayout

extension RecordPass {
    /// The route records of a pass, each kept as its place in its section (4 bytes) and read
    /// again, whole and checked, when asked: the pass reads a route record in place once, to make
    /// its route, and a report or a tool asks for the few it names (or, the tools and the
    /// validating checks, for all of them).
    ///
    /// Reading a record again gives the record the pass read: its bytes do not change, a loaded
    /// image's section being read-only once the dynamic linker has relocated it (and the image
    /// kept loaded), a file's a copy (``RouteRecords/init(copying:file:sectionFileOffset:requireAccessor:)``).
    package struct Records: RandomAccessCollection {
        /// The sections the records are in, each with the index in ``blocks`` of its first record.
        private var sections: [(records: RouteRecords, first: Int)] = []
        /// Each record's first block (``RecordPlace/block``): 4 bytes a record.
        private var blocks: [UInt32] = []
        /// Where a record's index in its section stops being its block less the one before's
        /// difference (``RecordPlace/index``): at a record after one of several blocks, or at a
        /// section's first record; each with the index in ``blocks`` from which it holds. Few: most
        /// records take one block, and there a record's index is its block less a constant.
        private var offsets: [(first: Int, blocksOverIndex: UInt32)] = []

        package var startIndex: Int { 0 }
        package var endIndex: Int { blocks.count }

        /// The record at `index`, read again from its place.
        package subscript(index: Int) -> RouteRecord {
            let section = section(of: index)
            if case .success(let record)? = section.record(at: place(of: index)) { return record }
            // Never for a place the pass kept (the bytes are those it read): named, not trapped on.
            return RouteRecord(unreadableAt: section.location(of: place(of: index)))
        }

        /// Where the record at `index` is, with nothing of it read.
        package func location(at index: Int) -> RecordLocation {
            section(of: index).location(of: place(of: index))
        }

        /// Whether the record at `index` is marked as an override, read from its flags alone.
        func isOverride(at index: Int) -> Bool {
            section(of: index).withView(at: place(of: index)) { $0.flags.rawValue & RecordFlags.override.rawValue != 0 } ?? false
        }

        mutating func reserveCapacity(_ capacity: Int) {
            blocks.reserveCapacity(capacity)
        }

        /// The place of the record at `index`: its block, and its index in its section, the block
        /// less the difference in force there.
        private func place(of index: Int) -> RecordPlace {
            var low = 0
            var high = offsets.count
            // The last difference that starts at or before `index` (the first always starts at 0).
            while low < high {
                let middle = (low + high) / 2
                if offsets[middle].first <= index { low = middle + 1 } else { high = middle }
            }
            let difference = low == 0 ? 0 : offsets[low - 1].blocksOverIndex
            return RecordPlace(block: blocks[index], index: blocks[index] &- difference)
        }

        /// Starts the records of `section`: those appended next, up to the next section started.
        mutating func start(_ section: RouteRecords) {
            sections.append((section, blocks.count))
        }

        /// Keeps the place of the next record, in the section started last.
        mutating func append(_ place: RecordPlace) {
            let difference = place.block &- place.index
            if difference != offsets.last?.blocksOverIndex ?? 0 {
                offsets.append((blocks.count, difference))
            }
            blocks.append(place.block)
        }

        /// The section of the record at `index`.
        private func section(of index: Int) -> RouteRecords {
            // Few sections (one per image or file): the last whose first record is not after it
            // (a section without records has the first record of the next).
            var low = 0
            var high = sections.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if sections[middle].first <= index { low = middle } else { high = middle - 1 }
            }
            return sections[low].records
        }
    }
}
