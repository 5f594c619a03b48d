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

    @Test func badOptionsAreUsageErrors() throws {
        for (args, message) in [
            (["--events", "0"], "--events expects a whole number from 1"),
            (["--seed", "-1"], "--seed expects a whole number"),
            (["--events", "many"], "--events expects a whole number"),
        ] {
            let r = try runProcess(TestPaths.tenfoot, ["stress", "home"] + args)
            #expect(r.status == 2)
            #expect(r.stderr.contains(message), "\(r.stderr)")
        }
    }
}
