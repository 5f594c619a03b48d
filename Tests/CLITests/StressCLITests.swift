import Foundation
import TestSupport
import Testing

/// `tenfoot stress`: the summary line, JSON, exit statuses and option errors.
@Suite struct StressCLITests {
    @Test func summaryLineAndExitZeroWithoutViolation() throws {
        let r = try runProcess(TestPaths.tenfoot, ["stress", "home", "--events", "800", "--seed", "4"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("stress: 800 steps ("), "\(r.stdout)")
        #expect(r.stdout.contains("seed 4: no violation"))
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 1)
    }

    @Test func jsonSummary() throws {
        let r = try runProcess(
            TestPaths.tenfoot, ["stress", TestPaths.scenes + "/shelf-see-all.json", "--events", "300", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: r.stdoutBytes) as? [String: Any])
        #expect(object["steps"] as? Int == 300 && object["seed"] as? Int == 1)
        #expect((object["data"] as? Int ?? 0) > 0 && (object["remote"] as? Int ?? 0) > 0)
        #expect(object["violation"] is NSNull)
    }

    /// A run of millions of steps stops on SIGINT or SIGTERM at its next step, says how far it got and exits 130;
    /// `map` on a large scene stops too, with no file and no temporary left beside its output.
    @Test func longRunsStopOnASignalWithNothingHalfWritten() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-stop-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func interrupted(_ args: [String], by sig: Int32) throws -> (
            status: Int32, stdout: String, stderr: String, seconds: Double
        ) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: TestPaths.tenfoot)
            p.arguments = args
            p.currentDirectoryURL = URL(fileURLWithPath: dir)
            let out = dir + "/out.txt"
            let err = dir + "/err.txt"
            for f in [out, err] { _ = FileManager.default.createFile(atPath: f, contents: nil) }
            p.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
            p.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
            try p.run()
            #expect(InputCLITests.waitUntilHandling([SIGINT, SIGTERM, SIGHUP], pid: p.processIdentifier))
            usleep(1_500_000)
            kill(p.processIdentifier, sig)
            let sent = Date()
            let deadline = Date().addingTimeInterval(20)
            while p.isRunning, Date() < deadline { usleep(20_000) }
            if p.isRunning { kill(p.processIdentifier, SIGKILL) }
            p.waitUntilExit()
            return (
                p.terminationStatus, (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
                (try? String(contentsOfFile: err, encoding: .utf8)) ?? "", Date().timeIntervalSince(sent)
            )
        }
        let stress = try interrupted(["stress", "home", "--events", "1500000"], by: SIGINT)
        #expect(stress.status == 130, "\(stress.stderr)")
        #expect(stress.stdout.hasPrefix("stress: interrupted after "), "\(stress.stdout)")
        #expect(stress.stderr.contains("tenfoot: interrupted"), "\(stress.stderr)")

        var buttons: [String] = []
        for k in 0..<20_000 { buttons.append(#"{"type": "button", "id": "b\#(k)", "title": "\#(k)"}"#) }
        try
            (#"{"name": "big", "root": {"type": "scroll", "id": "s", "children": [{"type": "grid", "id": "g", "columns": 10, "children": ["#
            + buttons.joined(separator: ", ") + "]}]}}").write(
                toFile: dir + "/big.json", atomically: true, encoding: .utf8)
        let map = try interrupted(["map", "big.json", "--out", "big.png"], by: SIGTERM)
        #expect(map.status == 130, "\(map.stderr)")
        // A command with no orderly stop of its own exits at once (it waited out the time given to those that do).
        #expect(map.seconds < 0.8, "\(map.seconds) s")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.contains("big.png") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test func badOptionsAreUsageErrors() throws {
        for (args, message) in [
            (["--events", "0"], "--events expects a whole number from 1"),
            (["--seed", "-1"], "--seed expects a whole number from 0 to 18446744073709551615, got -1"),
            // Past what any seed can be, the message still says the range.
            (["--seed", "99999999999999999999999"], "--seed expects a whole number from 0 to 18446744073709551615"),
            (["--seed", "1e3"], "--seed expects a whole number from 0 to 18446744073709551615, got 1e3"),
            (["--seed", " 5"], "--seed expects a whole number from 0 to 18446744073709551615, got  5"),
            (["--seed", "0x10"], "--seed expects a whole number from 0 to 18446744073709551615, got 0x10"),
            (["--events", "many"], "--events expects a whole number"),
        ] {
            let r = try runProcess(TestPaths.tenfoot, ["stress", "home"] + args)
            #expect(r.status == 2)
            #expect(r.stderr.contains(message), "\(r.stderr)")
        }
        // An option's own rule echoes the value short, as the others do.
        let long = try runProcess(
            TestPaths.tenfoot, ["stress", "home", "--seed", String(repeating: "9", count: 100_000)])
        #expect(long.status == 2 && long.stderr.utf8.count < 300, "\(long.stderr.prefix(300))")
        // A seed past Int's range is a seed: any 64-bit one is.
        let big = try runProcess(
            TestPaths.tenfoot, ["stress", "home", "--events", "100", "--seed", "18446744073709551615"])
        #expect(big.status == 0, "\(big.stderr)")
    }
}
