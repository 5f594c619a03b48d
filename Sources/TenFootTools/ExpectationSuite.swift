import FocusEngine
import Foundation
import TenFootCore
import TenFootPresentation
import TenFootScene
import TenFootSim

/// The `expect` blocks of many scene files run together (`tenfoot test`): which files are scenes,
/// their results, the files that did not load, and the JUnit XML that CI systems read.
public struct ExpectationSuite: Sendable {
    public var results: [ExpectationResult]
    /// One message per scene file that did not load (`file:line:column` lines).
    public var loadErrors: [String]
    /// The JUnit report's name (`tenfoot`, or `tenfoot shard 2/4`).
    public var name = "tenfoot"

    public var passed: Int { results.filter(\.passed).count }
    /// Failed expectations, and each file that did not load.
    public var failed: Int { results.count - passed + loadErrors.count }

    /// Runs every expectation of `files`, in order, at `textSize` unless an expectation names its own.
    public static func run(files: [String], measurer: any TextMeasurer, textSize: TextSize = .large)
        -> ExpectationSuite
    {
        var suite = ExpectationSuite(results: [], loadErrors: [])
        for f in files {
            do {
                var scene = try SceneDecoder.load(path: f)
                scene.textSize = textSize
                suite.results += ExpectationRunner.run(scene, loader: SceneDecoder.fileLoader, measurer: measurer)
            } catch {
                suite.loadErrors.append(error.description)
            }
        }
        return suite
    }

    // MARK: Finding scenes

    /// The scene files named by `targets`: files as given, and in each folder its `.json` files that
    /// are scenes, sorted by name. Other JSON in a folder (traces, mapping files) is `skipped`.
    public struct Discovery: Sendable, Equatable {
        public var files: [String] = []
        public var skipped: [String] = []
    }

    /// A target that is neither a file nor a folder.
    public struct MissingTarget: Error, Sendable, Equatable {
        public var path: String
    }

    public static func discover(_ targets: [String]) throws(MissingTarget) -> Discovery {
        var found = Discovery()
        let fm = FileManager.default
        for target in targets {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: target, isDirectory: &isDir) else { throw MissingTarget(path: target) }
            guard isDir.boolValue else {
                found.files.append(target)
                continue
            }
            let names = (try? fm.contentsOfDirectory(atPath: target)) ?? []
            for name in names.filter({ $0.hasSuffix(".json") }).sorted() {
                let path = (target as NSString).appendingPathComponent(name)
                if isScene(path) { found.files.append(path) } else { found.skipped.append(path) }
            }
        }
        return found
    }

    /// A JSON file with a top-level "root" (a file that does not parse counts, so its error is shown).
    /// Read as scenes are, up to their size limit (a huge file or a device in the folder is not read
    /// whole: it counts, and loading it reports why).
    static func isScene(_ path: String) -> Bool {
        guard let text = try? TextFile.read(path: path, maxBytes: SceneLimits.maxFileBytes),
            let json = try? JSONParser.parse(text)
        else { return true }
        return json["root"] != nil
    }

    // MARK: JUnit

    /// The results as JUnit XML: a test suite per scene (by file name), a test case per expectation
    /// with the path taken on failure, and a failing suite per file that did not load.
    public var junitXML: String {
        var out = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        out.append(
            "<testsuites name=\"\(Self.xml(name))\" tests=\"\(results.count + loadErrors.count)\" failures=\"\(failed)\">"
        )
        var byScene: [String: [ExpectationResult]] = [:]
        for r in results { byScene[r.scene, default: []].append(r) }
        for scene in byScene.keys.sorted() {
            let rs = byScene[scene]!
            out.append(
                "  <testsuite name=\"\(Self.xml(scene))\" tests=\"\(rs.count)\" failures=\"\(rs.filter { !$0.passed }.count)\">"
            )
            for r in rs {
                if let f = r.failure {
                    out.append(
                        "    <testcase classname=\"\(Self.xml(scene))\" name=\"\(Self.xml(r.name))\"><failure message=\"\(Self.xml(f))\">path: \(Self.xml(r.path.joined(separator: " → ")))</failure></testcase>"
                    )
                } else {
                    out.append("    <testcase classname=\"\(Self.xml(scene))\" name=\"\(Self.xml(r.name))\"/>")
                }
            }
            out.append("  </testsuite>")
        }
        for (k, e) in loadErrors.enumerated() {
            out.append(
                "  <testsuite name=\"load-error-\(k)\" tests=\"1\" failures=\"1\"><testcase name=\"load\"><failure message=\"\(Self.xml(e))\"/></testcase></testsuite>"
            )
        }
        out.append("</testsuites>")
        return out.joined(separator: "\n") + "\n"
    }

    /// Text escaped for an XML attribute or element (`XMLText`).
    static func xml(_ s: String) -> String { XMLText.escaped(s, inAttribute: true) }
}
