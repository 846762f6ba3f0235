#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How the results of the `routes` commands are written as text.
enum TextOutput {
    /// Encodes a value as one line of JSON, keys sorted and slashes unescaped.
    static func json(_ value: some Encodable) throws(RouteInspectionError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw .cannotEncodeJSON("\(error)")
        }
    }

    /// Left-aligned columns separated by two spaces.
    static func table(_ rows: [[String]]) -> String {
        guard let width = rows.map(\.count).max() else { return "" }
        let widths = (0..<width).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(to: widths[column])
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}

private extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
