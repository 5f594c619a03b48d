import Foundation
import TestSupport
import Testing

/// docs/ci.md's workflow, run as written: the test command of each of the four shards, then the audit
/// loop, in a folder laid out like a checkout (`scenes/` and `.build/debug/tenfoot`).
@Suite struct CIExampleTests {
    /// The workflow's YAML block.
    static func workflow() throws -> String {
        let text = try String(contentsOfFile: TestPaths.packageRoot + "/docs/ci.md", encoding: .utf8)
        let start = try #require(text.range(of: "```yaml\n"))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }

    /// A folder with `scenes` and `.build/debug/tenfoot` linked, as a checkout after `swift build`.
    static func checkout() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tenfoot-ci-\(getpid())-\(UUID().uuidString.prefix(8))"
        ).path
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/.build/debug", withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: dir + "/scenes", withDestinationPath: TestPaths.scenes)
        try fm.createSymbolicLink(atPath: dir + "/.build/debug/tenfoot", withDestinationPath: TestPaths.tenfoot)
        return dir
    }

    @Test func theFourShardsRunEveryExpectationOnce() throws {
        let yaml = try Self.workflow()
        let line = try #require(
            yaml.split(separator: "\n").first { $0.contains("tenfoot test") && $0.contains("--shard") })
        let command = String(line.drop { $0 != "." })
        let dir = try Self.checkout()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var testcases: [String] = []
        for shard in 1...4 {
            let script = command.replacingOccurrences(of: "${{ matrix.shard }}", with: "\(shard)")
            let r = try runProcess("/bin/bash", ["-c", script], currentDirectory: dir, timeout: 300)
            #expect(r.status == 0, "shard \(shard): \(r.stdout)\(r.stderr)")
            let xml = try String(contentsOfFile: dir + "/junit-\(shard).xml", encoding: .utf8)
            #expect(xml.contains("<testsuites name=\"tenfoot shard \(shard)/4\""))
            testcases += xml.split(separator: "\n").filter { $0.contains("<testcase ") }.map(String.init)
        }
        let whole = try runProcess(
            TestPaths.tenfoot, ["test", "scenes", "--junit", "all.xml"], currentDirectory: dir, timeout: 300)
        #expect(whole.status == 0)
        let all = try String(contentsOfFile: dir + "/all.xml", encoding: .utf8).split(separator: "\n").filter {
            $0.contains("<testcase ")
        }.map(String.init)
        #expect(testcases.sorted() == all.sorted())
        #expect(Set(testcases).count == testcases.count)
    }

    /// The recordings job: its command for each of the four shards, on a batch that writes six
    /// outputs (one at the job's --size, the others at their own): every output once between them.
    @Test func theFourRecordingShardsWriteEveryOutputOnce() throws {
        let yaml = try Self.workflow()
        let line = try #require(
            yaml.split(separator: "\n").first { $0.contains("tenfoot record --batch") && $0.contains("--shard") })
        let command = String(line.drop { $0 != "." })
        let dir = try Self.checkout()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let outputs = ["review/home-1280.gif", "review/a/", "review/b/", "review/c/", "review/d.gif", "review/e/"]
        let lines =
            ["home --moves right --fps 5 --hold 0 --out \(outputs[0])"]
            + outputs.dropFirst().map {
                "scenes/home.json --moves 'right down' --size 160x90 --fps 5 --hold 0 --out \($0)"
            }
        try FileManager.default.createDirectory(atPath: dir + "/review", withIntermediateDirectories: true)
        try (["# the review's recordings"] + lines).joined(separator: "\n").write(
            toFile: dir + "/recordings.txt", atomically: true, encoding: .utf8)
        var written: [String] = []
        for shard in 1...4 {
            let script = command.replacingOccurrences(of: "${{ matrix.shard }}", with: "\(shard)")
            let r = try runProcess("/bin/bash", ["-c", script], currentDirectory: dir, timeout: 300)
            #expect(r.status == 0, "shard \(shard): \(r.stdout)\(r.stderr)")
            #expect(
                r.stdout.hasPrefix("recordings.txt, shard \(shard)/4: \(shard <= 2 ? 2 : 1) of 6 recordings"),
                "\(r.stdout)")
            written += r.stdout.split(separator: "\n").filter { $0.hasPrefix("written: ") }.flatMap {
                $0.dropFirst(9).components(separatedBy: ", ")
            }
        }
        #expect(written.sorted() == outputs.sorted())
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir + "/review").sorted() == [
                "a", "b", "c", "d.gif", "d.vtt", "e", "home-1280.gif", "home-1280.vtt",
            ])
    }

    @Test func theAuditLoopPassesAndWritesOneLogPerScene() throws {
        let yaml = try Self.workflow()
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(
            lines.firstIndex {
                $0.contains("run: |") && lines[lines.index(after: lines.firstIndex(of: $0)!)].contains("mkdir -p sarif")
            })
        let indent = lines[start + 1].prefix { $0 == " " }.count
        let script = lines[(start + 1)...].prefix { $0.prefix(indent).allSatisfy { $0 == " " } && $0.count > indent }
            .map { String($0.dropFirst(indent)) }.joined(separator: "\n")
        #expect(script.contains("tenfoot audit \"$scene\" --strict --sarif"))
        let dir = try Self.checkout()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try runProcess("/bin/bash", ["-c", script], currentDirectory: dir, timeout: 300)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let scenes = try FileManager.default.contentsOfDirectory(atPath: TestPaths.scenes).filter {
            $0.hasSuffix(".json")
        }
        let logs = try FileManager.default.contentsOfDirectory(atPath: dir + "/sarif")
        #expect(logs.sorted() == scenes.map { $0.replacingOccurrences(of: ".json", with: ".sarif") }.sorted())
    }
}
