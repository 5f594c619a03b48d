/// A place in a text file: line and column, both from 1. Columns count characters, not bytes, so
/// they match what an editor shows.
///
/// Stored in 32 bits each (files are at most 32 MiB, so neither can pass 2³²): every JSON value and key
/// carries one, and halving it made a large scene's parse tree a fifth smaller.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    private var storedLine: UInt32
    private var storedColumn: UInt32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = UInt32(clamping: newValue) }
    }
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = UInt32(clamping: newValue) }
    }

    public init(line: Int, column: Int) {
        storedLine = UInt32(clamping: line)
        storedColumn = UInt32(clamping: column)
    }

    /// The first character of a file: where problems with the whole file are reported.
    public static let start = SourceLocation(line: 1, column: 1)

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    /// `line:column`.
    public var description: String { "\(line):\(column)" }
}
