import TenFootCore
import TenFootPresentation
import TenFootScene
import TenFootSim

/// The audit as a SARIF 2.1.0 log (OASIS "Static Analysis Results Interchange Format"), the form code
/// hosts read to annotate a file at a line: one run, the rules with their default levels, and one
/// result per finding at its place in the scene file (or the Swift source). An accepted finding carries
/// an in-source suppression with the scene's reason; a system-made one is a note with a `system`
/// property.
public struct SARIFLog: Sendable, Encodable {
    public var version = "2.1.0"
    public var runs: [Run]

    enum CodingKeys: String, CodingKey {
        case schema = "$schema"
        case version, runs
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("https://json.schemastore.org/sarif-2.1.0.json", forKey: .schema)
        try c.encode(version, forKey: .version)
        try c.encode(runs, forKey: .runs)
    }

    /// The log without its runs' results, and the results (the bulk of a large audit's log), so that a host can
    /// write them one at a time (`tenfoot audit --sarif`).
    public var withoutResults: (log: SARIFLog, results: [any Encodable]) {
        var log = self
        var results: [any Encodable] = []
        for k in log.runs.indices {
            results += log.runs[k].results.map { $0 as any Encodable }
            log.runs[k].results = []
        }
        return (log, results)
    }

    public struct Run: Sendable, Encodable {
        var tool: Tool
        /// For findings inside a container (a repro bundle): the container first, then each file of it
        /// the results name, with `parentIndex` 0 (SARIF 2.1.0 §3.24.3, nested artifacts).
        var artifacts: [Artifact]?
        var results: [Result]
        var columnKind = "unicodeCodePoints"
        /// Said only when a rule's findings were counted and not all listed (`SceneAudit.listedPerRule`).
        var invocations: [Invocation]? = nil
    }
    struct Invocation: Sendable, Encodable {
        var executionSuccessful = true
        var toolExecutionNotifications: [Notification]
    }
    struct Notification: Sendable, Encodable {
        var level = "note"
        var message: Text
        var associatedRule: RuleReference
    }
    struct RuleReference: Sendable, Encodable {
        var id: String
        var index: Int
    }
    struct Artifact: Sendable, Encodable {
        var location: ArtifactLocation
        var parentIndex: Int?
    }
    struct Tool: Sendable, Encodable { var driver: Driver }
    struct Driver: Sendable, Encodable {
        var name = "tenfoot"
        /// `tenfoot --version`.
        var version = TenFootVersion.string
        var rules: [Rule]
    }
    struct Text: Sendable, Encodable { var text: String }
    struct Rule: Sendable, Encodable {
        var id: String
        var shortDescription: Text
        var defaultConfiguration: Configuration
    }
    struct Configuration: Sendable, Encodable { var level: String }
    struct Result: Sendable, Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]
        var suppressions: [Suppression]?
        var properties: [String: String]?
    }
    struct Location: Sendable, Encodable {
        var physicalLocation: PhysicalLocation
        var logicalLocations: [LogicalLocation]?
    }
    struct PhysicalLocation: Sendable, Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }
    struct ArtifactLocation: Sendable, Encodable {
        var uri: String
        /// The artifact in the run's `artifacts` (files inside a container).
        var index: Int? = nil
    }
    struct Region: Sendable, Encodable {
        var startLine: Int
        var startColumn: Int
    }
    struct LogicalLocation: Sendable, Encodable {
        var name: String
        var kind = "element"
    }
    struct Suppression: Sendable, Encodable {
        var kind = "inSource"
        var status = "accepted"
        var justification: String
        var location: Location
    }
}

extension SceneAudit {
    /// This audit as a SARIF 2.1.0 log.
    public var sarif: SARIFLog { sarif(container: nil) }

    /// This audit as a SARIF 2.1.0 log; `container`: the repro bundle the scene is in, whose findings'
    /// files read `CONTAINER:MEMBER` — each becomes the member, an artifact nested in the bundle.
    public func sarif(container: String?) -> SARIFLog {
        let rules = AuditRules.all + [AuditRules.unusedAcceptance]
        func member(_ file: String) -> String? {
            guard let container, file.hasPrefix(container + ":") else { return nil }
            return String(file.dropFirst(container.count + 1))
        }
        let members = Array(
            Set(findings.flatMap { [$0.file] + ($0.accepted.map { [$0.file] } ?? []) }.compactMap(member))
        ).sorted()
        func artifact(_ file: String) -> SARIFLog.ArtifactLocation {
            guard let m = member(file), let k = members.firstIndex(of: m) else { return .init(uri: SARIFLog.uri(file)) }
            return .init(uri: SARIFLog.uri(m), index: k + 1)
        }
        func place(_ file: String, _ at: SourceLocation, item: String) -> SARIFLog.Location {
            SARIFLog.Location(
                physicalLocation: .init(
                    artifactLocation: artifact(file),
                    region: .init(startLine: max(1, at.line), startColumn: max(1, at.column))),
                logicalLocations: item.isEmpty ? nil : [.init(name: item)])
        }
        let results = findings.map { f in
            SARIFLog.Result(
                ruleId: f.code, ruleIndex: rules.firstIndex { $0.code == f.code } ?? 0, level: f.severity.sarifLevel,
                message: .init(text: f.message + (f.system.map { " (made by the \($0), not the scene)" } ?? "")),
                locations: [place(f.file, f.location, item: f.item)],
                suppressions: f.accepted.map {
                    [SARIFLog.Suppression(justification: $0.reason, location: place($0.file, $0.location, item: ""))]
                },
                properties: f.system.map { ["system": $0] })
        }
        let driver = SARIFLog.Driver(
            rules: rules.map {
                SARIFLog.Rule(
                    id: $0.code, shortDescription: .init(text: $0.summary),
                    defaultConfiguration: .init(level: $0.severity.sarifLevel))
            })
        let artifacts: [SARIFLog.Artifact]? = container.map { c in
            [SARIFLog.Artifact(location: .init(uri: SARIFLog.uri(c)))]
                + members.map { SARIFLog.Artifact(location: .init(uri: SARIFLog.uri($0)), parentIndex: 0) }
        }
        var run = SARIFLog.Run(tool: .init(driver: driver), artifacts: artifacts, results: results)
        if !unlisted.isEmpty {
            run.invocations = [
                .init(
                    toolExecutionNotifications: unlisted.map { u in
                        .init(
                            message: .init(text: u.message),
                            associatedRule: .init(id: u.code, index: rules.firstIndex { $0.code == u.code } ?? 0))
                    })
            ]
        }
        return SARIFLog(runs: [run])
    }
}

extension SARIFLog {
    /// A file path as a URI reference: every byte outside RFC 3986's unreserved characters and `/`
    /// percent-encoded (a path with spaces, `<built-in home>`).
    static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80, c.isLetter || c.isNumber || "-._~/".contains(c) {
                out.append(c)
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

extension String {
    fileprivate func leftPadded(to n: Int) -> String {
        count >= n ? self : String(repeating: "0", count: n - count) + self
    }
}
