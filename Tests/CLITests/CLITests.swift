import Foundation
import Testing
import TestSupport

/// End-to-end: the built `tenfoot` binary on real scene files.
@Suite struct CLITests {
    func tenfoot(_ args: [String], env: [String: String]? = nil) throws -> ProcessResult {
        try runProcess(TestPaths.tenfoot, args, environment: env)
    }

    @Test func pathPrintsFocusAfterEachMove() throws {
        let r = try tenfoot(["path", TestPaths.scenes + "/home.json", "right", "right", "left", "left", "left"])
        #expect(r.status == 0)
        #expect(r.stdout == "p2\np3\np2\np1\np1\n")
    }

    @Test func pathWithNoMovePrintsStartingFocus() throws {
        let r = try tenfoot(["path", TestPaths.scenes + "/home.json"])
        #expect(r.stdout == "p1\n")
        let from = try tenfoot(["path", TestPaths.scenes + "/home.json", "--from", "p5", "right"])
        #expect(from.stdout == "p6\n")
    }

    @Test func pathJSONSaysHowOrWhyNot() throws {
        let r = try tenfoot(["path", TestPaths.scenes + "/home.json", "--json", "right", "left", "left"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0] == #"{"move": "right", "focus": "p2", "via": "direct"}"#)
        #expect(lines[2] == #"{"move": "left", "focus": "p1", "blocked": "nothing focusable in the path"}"#)
    }

    @Test func brokenSceneGivesFileLineColumnAndExit2() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-cli-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("broken.json").path
        try "{\n  \"root\": {\n    \"type\": \"vstack\",\n    \"focusSection\": \"yes\"\n  }\n}\n".write(toFile: file, atomically: true, encoding: .utf8)
        let r = try tenfoot(["path", file])
        #expect(r.status == 2)
        #expect(r.stderr.contains("\(file):4:21: \"focusSection\" expects true or false, got \"yes\""))
        try "{ \"root\": { \"type\": \"vstak\" } }".write(toFile: file, atomically: true, encoding: .utf8)
        let typo = try tenfoot(["run", file], env: ["PATH": "/usr/bin:/bin"])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("\(file):1:21: unknown node type \"vstak\", did you mean \"vstack\"?"))
        let syntax = try tenfoot(["path", file])
        #expect(syntax.stderr.contains("did you mean \"vstack\"?"))
    }

    @Test func usageErrorsExit2() throws {
        #expect(try tenfoot(["--bogus"]).status == 2)
        #expect(try tenfoot(["path", TestPaths.scenes + "/home.json", "sideways"]).status == 2)
        #expect(try tenfoot(["path", TestPaths.scenes + "/home.json", "--nope"]).status == 2)
        #expect(try tenfoot(["frobnicate"]).status == 2)
    }

    @Test func helpForEveryCommand() throws {
        for args in [["--help"], ["run", "--help"], ["path", "--help"], ["screenshot", "--help"]] {
            let r = try tenfoot(args)
            #expect(r.status == 0)
            #expect(r.stdout.contains("Usage"))
        }
    }

    @Test func noDisplaySaysSoAndOffersHeadless() throws {
        let r = try tenfoot([], env: ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()])
        #expect(r.status == 3)
        #expect(r.stderr.contains("no display"))
        #expect(r.stderr.contains("tenfoot screenshot"))
    }

    @Test func screenshotWritesAPNG() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-shot-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try tenfoot(["screenshot", TestPaths.scenes + "/home.json", "--moves", "right", "--out", out, "--size", "640x360"])
        #expect(r.status == 0, "\(r.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
