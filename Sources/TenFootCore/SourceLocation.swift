/// A place in a text file: line and column, both from 1. Columns count characters, not bytes, so
/// they match what an editor shows.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) { self.line = line; self.column = column }

    /// The first character of a file: where problems with the whole file are reported.
    public static let start = SourceLocation(line: 1, column: 1)

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}
