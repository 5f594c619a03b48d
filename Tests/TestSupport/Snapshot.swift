import Foundation

/// How to keep a value as a reviewed reference file and how to compare a value with it
/// (swift-snapshot-testing's strategies: capturing is separate from diffing).
public struct Snapshotting<Value> {
    /// The reference file's extension (`txt`, `png`).
    public var pathExtension: String
    /// The environment variable that re-records references of this kind, on purpose.
    public var recordVariable: String
    /// Writes `value` as the reference file at the path.
    public var write: (Value, String) throws -> Void
    /// Compares `value` with the reference file at the path: nil when they match, otherwise what
    /// differs, in words a reviewer can act on.
    public var compare: (Value, String) throws -> String?

    public init(
        pathExtension: String, recordVariable: String,
        write: @escaping (Value, String) throws -> Void, compare: @escaping (Value, String) throws -> String?
    ) {
        self.pathExtension = pathExtension
        self.recordVariable = recordVariable
        self.write = write
        self.compare = compare
    }
}

extension Snapshotting where Value == String {
    /// Text compared exactly; a mismatch shows the lines that differ.
    public static var text: Snapshotting<String> {
        Snapshotting(
            pathExtension: "txt", recordVariable: "TENFOOT_RECORD_SNAPSHOTS",
            write: { value, path in try value.write(toFile: path, atomically: true, encoding: .utf8) },
            compare: { value, path in
                let reference = try String(contentsOfFile: path, encoding: .utf8)
                return value == reference ? nil : lineDiff(expected: reference, actual: value)
            })
    }
}

/// A snapshot that did not match, or was (re)recorded: the test fails either way.
public struct SnapshotFailure: Error, CustomStringConvertible {
    public var description: String
}

/// Checks `value` against the reference `directory/name.ext` and throws ``SnapshotFailure`` when it
/// differs (a thrown error fails the test).
///
/// Recording is on purpose: with the strategy's variable set (and never on CI, where `CI` is set) the
/// reference is written and the test still FAILS, so a recording is looked at and then checked by a
/// run without the variable. A missing reference is written the same way (off CI) and fails too.
public func assertSnapshot<Value>(
    of value: Value, as strategy: Snapshotting<Value>, named name: String, in directory: String
) throws {
    let path = directory + "/" + name + "." + strategy.pathExtension
    let environment = ProcessInfo.processInfo.environment
    let onCI = environment["CI"] != nil
    let fm = FileManager.default
    func record(_ why: String) throws -> Never {
        if onCI { throw SnapshotFailure(description: "\(why) \(path) (references are never recorded on CI)") }
        try fm.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try strategy.write(value, path)
        throw SnapshotFailure(
            description:
                "\(why) \(path): recorded it; review it, then run the test again without \(strategy.recordVariable)")
    }
    if environment[strategy.recordVariable] != nil, !onCI { try record("record mode (\(strategy.recordVariable)) for") }
    guard fm.fileExists(atPath: path) else { try record("no reference snapshot at") }
    if let difference = try strategy.compare(value, path) {
        throw SnapshotFailure(
            description:
                "snapshot \(name) differs from \(path) (re-record on purpose with \(strategy.recordVariable)=1 and review the diff):\n\(difference)"
        )
    }
}

/// The lines that differ between two texts (a longest-common-subsequence diff): `-` lines only in the
/// reference, `+` lines only in the new text, each with its line number; at most `limit` lines.
public func lineDiff(expected: String, actual: String, limit: Int = 40) -> String {
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
    // common[i][j]: the longest common subsequence of a[i...] and b[j...].
    var common = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
        for j in stride(from: b.count - 1, through: 0, by: -1) {
            common[i][j] = a[i] == b[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
        }
    }
    var out: [String] = []
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
        if i < a.count, j < b.count, a[i] == b[j] {
            i += 1
            j += 1
        } else if i < a.count, j == b.count || common[i + 1][j] >= common[i][j + 1] {
            out.append("-\(i + 1): \(a[i])")
            i += 1
        } else {
            out.append("+\(j + 1): \(b[j])")
            j += 1
        }
    }
    if out.count > limit { out = Array(out.prefix(limit)) + ["… and \(out.count - limit) more changed lines"] }
    return out.joined(separator: "\n")
}
