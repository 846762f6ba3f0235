/// For many points at once, the first of some intervals (in the order they are given) that holds
/// each: the lookup behind naming a record's accessor (the function symbol whose range holds an
/// address, the first in the symbol table) and finding a record's route section (the first in
/// header order that holds its offset).
///
/// A scan of every interval for every point is quadratic: 32,768 records and as many symbols in a
/// crafted 5 MB file took 49 s. Here the intervals are sorted once by start and the points swept
/// in increasing order: an interval enters a heap (by its order) when the sweep passes its start
/// and leaves when the heap's top no longer holds the point (it holds no later point either). The
/// work is O((n + q) log n) for n intervals and q points, whatever the intervals (nested,
/// overlapping, empty, near 2^64): the two sorts, and at most one push and one pop per interval,
/// which ``Lookup/steps`` counts.
package enum FirstContainingInterval {
    /// An interval of addresses or offsets: `start..<start + length`, in arithmetic modulo 2^64
    /// (a symbol near 2^64 holds the addresses it wraps to). A length of 0 holds nothing.
    package struct Interval: Sendable, Hashable {
        package let start: UInt64
        package let length: UInt64

        /// An interval.
        package init(start: UInt64, length: UInt64) {
            self.start = start
            self.length = length
        }

        /// Whether it holds `point`: `point - start < length`, for a point at or after its start.
        package func holds(_ point: UInt64) -> Bool {
            point >= start && point - start < length
        }
    }

    /// The answer for each point, and the work it took.
    package struct Lookup: Sendable {
        /// For each point, in the order given, the index of the first interval that holds it, or `nil`.
        package let indices: [Int?]
        /// Heap moves (a push, a pop, a level either moves an item): at most `2n · (⌊log2 n⌋ + 1)`
        /// for n intervals, however many points.
        package let steps: Int
    }

    /// For each point, the index (in `intervals`) of the first interval that holds it.
    package static func find(_ points: [UInt64], in intervals: [Interval]) -> Lookup {
        var steps = 0
        var answers = [Int?](repeating: nil, count: points.count)
        guard !points.isEmpty, !intervals.isEmpty else { return Lookup(indices: answers, steps: 0) }
        let byStart = intervals.indices.filter { intervals[$0].length > 0 }.sorted { intervals[$0].start < intervals[$1].start }
        let pointOrder = points.indices.sorted { points[$0] < points[$1] }
        var heap = MinimumHeap()
        var next = 0
        for pointIndex in pointOrder {
            let point = points[pointIndex]
            while next < byStart.count, intervals[byStart[next]].start <= point {
                heap.push(byStart[next], steps: &steps)
                next += 1
            }
            // The top is the first interval by order among those started; one that no longer
            // holds the point has ended before it, and so before every later point.
            while let top = heap.top, !intervals[top].holds(point) { heap.pop(steps: &steps) }
            answers[pointIndex] = heap.top
        }
        return Lookup(indices: answers, steps: steps)
    }

    /// A binary min-heap of indices.
    private struct MinimumHeap {
        private var items: [Int] = []

        var top: Int? { items.first }

        mutating func push(_ item: Int, steps: inout Int) {
            items.append(item)
            var child = items.count - 1
            steps += 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard items[child] < items[parent] else { break }
                items.swapAt(child, parent)
                child = parent
                steps += 1
            }
        }

        mutating func pop(steps: inout Int) {
            guard let last = items.popLast() else { return }
            steps += 1
            guard !items.isEmpty else { return }
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < items.count, items[left] < items[smallest] { smallest = left }
                if right < items.count, items[right] < items[smallest] { smallest = right }
                guard smallest != parent else { return }
                items.swapAt(parent, smallest)
                parent = smallest
                steps += 1
            }
        }
    }
}
