// Fuzz target: the symbol path of `routes dump` and `check` — naming a record's accessor by the
// function symbol whose range holds its address, the first in the symbol table, and finding a
// record's route section by its offset (FirstContainingInterval, one sorted sweep). The input is
// read as intervals (start, length) and points, from a small range where they overlap and nest,
// and near 2^64 where they wrap; the sweep must give what a scan of every interval gives, for
// every point, within its bound of 2n · (⌊log2 n⌋ + 1) heap steps. The ELF target reaches the same
// code through EntrySymbols.resolve(in:) on whole files.
import RouteRecordReader

/// libFuzzer's entry point: compares the sweep with a scan on one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    /// A value: mostly small (so intervals meet), sometimes near 2^64 or anywhere.
    func value() -> UInt64 {
        switch input.below(8) {
        case 0: return UInt64.max - UInt64(input.byte())
        case 1:
            var wide: UInt64 = 0
            for _ in 0..<8 { wide = wide << 8 | UInt64(input.byte()) }
            return wide
        default: return UInt64(input.byte())
        }
    }
    var intervals: [FirstContainingInterval.Interval] = []
    for _ in 0..<input.below(64) { intervals.append(.init(start: value(), length: value())) }
    var points: [UInt64] = []
    while !input.isAtEnd { points.append(value()) }
    let lookup = FirstContainingInterval.find(points, in: intervals)
    let scanned = points.map { point in intervals.firstIndex { $0.holds(point) } }
    require(lookup.indices == scanned, "the sweep found \(lookup.indices), a scan \(scanned), for \(points) in \(intervals)")
    let logarithm = intervals.isEmpty ? 0 : Int.bitWidth - intervals.count.leadingZeroBitCount
    require(lookup.steps <= 2 * intervals.count * logarithm, "\(lookup.steps) steps for \(intervals.count) intervals and \(points.count) points")
    return 0
}
