/// One problem found in an input file, at a place. Every reader reports in this one shape — scenes,
/// input mapping files, input scripts — so every printer (terminal, window banner, JSON) shows them
/// the same way.
///
/// The text form is the compilers' `file:line:column: severity: message`, which editors and CI
/// annotators already read, followed by ` (at PATH)` when the reader knows where in the file's
/// structure the problem is.
public struct Diagnostic: Error, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// How bad it is: an error stops the input from loading; a warning (lint) does not; a note adds
    /// to the diagnostic before it.
    public enum Severity: String, Sendable, Hashable, CaseIterable, Codable {
        case error, warning, note
    }

    public var severity: Severity
    /// The file as the user named it (or a stand-in such as `--moves` or `<built-in home>`).
    public var file: String
    public var location: SourceLocation
    /// Where in the input's structure, when the reader knows: a JSON path such as
    /// `root.children[2].width`, or the id of the node a lint finding concerns. Empty when none.
    public var path: String
    /// One line in plain words; names what was expected and what was found.
    public var message: String

    public init(
        _ severity: Severity = .error, file: String, at location: SourceLocation, path: String = "", _ message: String
    ) {
        self.severity = severity
        self.file = file
        self.location = location
        self.path = path
        self.message = message
    }

    /// The same diagnostic as a warning (a problem that does not stop the run: a picture drawn as missing).
    public var asWarning: Diagnostic {
        var w = self
        w.severity = .warning
        return w
    }

    /// `file:line:column: severity: message (at path)`, one line: control characters that reached
    /// the file name, message or path are escaped (readers quote what they echo with ``quoted(_:quote:limit:)``;
    /// this is the net under them).
    public var description: String {
        escapingControlCharacters(
            "\(file):\(location.line):\(location.column): \(severity.rawValue): \(message)"
                + (path.isEmpty ? "" : " (at \(Self.brief(path)))"))
    }

    /// A structure path of at most 160 characters: its start and its end, the middle cut with "…" (64 nested
    /// nodes made a path of 855).
    static func brief(_ path: String) -> String {
        guard path.count > 160 else { return path }
        return path.prefix(40) + "…" + path.suffix(119)
    }

    /// File, then position, then message (then path and severity, so the order is total): the order
    /// every list of diagnostics is printed in, whatever order the reader found them in.
    public static func < (a: Diagnostic, b: Diagnostic) -> Bool {
        if a.file != b.file { return a.file < b.file }
        if a.location != b.location { return a.location < b.location }
        if a.message != b.message { return a.message < b.message }
        if a.path != b.path { return a.path < b.path }
        return a.severity.rank < b.severity.rank
    }
}

extension Diagnostic.Severity {
    var rank: Int { Diagnostic.Severity.allCases.firstIndex(of: self)! }
}

/// The JSON form: `{"severity", "file", "line", "column", "path", "message"}` (`path` only when known).
extension Diagnostic: Codable {
    enum CodingKeys: String, CodingKey { case severity, file, line, column, path, message }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try c.decode(Severity.self, forKey: .severity),
            file: try c.decode(String.self, forKey: .file),
            at: SourceLocation(
                line: try c.decode(Int.self, forKey: .line), column: try c.decode(Int.self, forKey: .column)),
            path: try c.decodeIfPresent(String.self, forKey: .path) ?? "",
            try c.decode(String.self, forKey: .message))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(severity, forKey: .severity)
        try c.encode(file, forKey: .file)
        try c.encode(location.line, forKey: .line)
        try c.encode(location.column, forKey: .column)
        if !path.isEmpty { try c.encode(path, forKey: .path) }
        try c.encode(message, forKey: .message)
    }
}

/// Everything wrong with one input, sorted (``Diagnostic/<(_:_:)``): what a reader throws when the
/// input has an error. Readers report every problem at once and load nothing partially.
public struct Diagnostics: Error, Sendable, Hashable, CustomStringConvertible {
    /// Sorted by file, position, then message.
    public let diagnostics: [Diagnostic]

    /// Sorted, and at most ``shown`` of them: past that a note at the first one left out says how many more there
    /// are (a file of 200,000 unknown keys printed 200,000 lines over 6 s).
    /// The note is always last, and a list that already holds one (problems moved to other places and collected
    /// again) keeps one note that counts all left out: sorted among the rest, it came before the problems at its
    /// place, and a second cut added a second note.
    public init(_ diagnostics: [Diagnostic]) {
        var hidden = 0
        var notePlace: Diagnostic?
        var problems: [Diagnostic] = []
        problems.reserveCapacity(diagnostics.count)
        for d in diagnostics {
            if d.severity == .note, let n = Self.leftOut(d.message) {
                hidden += n
                if notePlace == nil { notePlace = d }
            } else {
                problems.append(d)
            }
        }
        let sorted = problems.sorted()
        guard sorted.count > Self.shown || hidden > 0 else {
            self.diagnostics = sorted
            return
        }
        let place = sorted.count > Self.shown ? sorted[Self.shown] : notePlace!
        let more = max(0, sorted.count - Self.shown) + hidden
        self.diagnostics =
            Array(sorted.prefix(Self.shown)) + [
                Diagnostic(.note, file: place.file, at: place.location, Self.leftOutNote(more))
            ]
    }

    static let leftOutEnding = " from here on not shown; fix these first"

    /// `800 more problems from here on not shown; fix these first`.
    static func leftOutNote(_ n: Int) -> String {
        "\(n) more problem\(n == 1 ? "" : "s")" + leftOutEnding
    }

    /// How many problems a note of ``leftOutNote(_:)`` counts; nil for any other message.
    static func leftOut(_ message: String) -> Int? {
        guard message.hasSuffix(leftOutEnding), let space = message.firstIndex(of: " ") else { return nil }
        return Int(message[..<space])
    }

    /// The most problems one report lists.
    public static let shown = 200

    /// One problem with the whole file (it cannot be read, it is not text…), at its first character.
    public init(file: String, _ message: String) {
        self.init([Diagnostic(file: file, at: .start, message)])
    }

    /// One text form per line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
