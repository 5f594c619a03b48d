import Foundation
import TenFootCore
import TenFootScene
import TenFootSim

/// `tenfoot test`: runs the scenes' `expect` blocks.
enum TestCommand: Command {
    static let junit = OptionDeclaration.option("--junit", "FILE", .file(extensions: ["xml"]), help: "also write the results as JUnit XML for CI systems")

    static let declaration = CommandDeclaration(
        name: "test",
        summary: "run the scenes' expect blocks (default: scenes/)",
        arguments: [ArgumentDeclaration(placeholder: "SCENE|DIR", kind: .sceneOrFolder, count: .any,
                                        help: "scene files, or folders whose scene files all run (default: scenes/)")],
        options: [junit],
        discussion: """
            Runs every `expect` block. Prints one line per failing expectation with the path actually taken, \
            then `N passed, N failed`. Exit 1 on any failure or when nothing was tested; exit 2 when a scene \
            does not load.
            """)

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let found: ExpectationSuite.Discovery
        do { found = try ExpectationSuite.discover(p.positional.isEmpty ? ["scenes"] : p.positional) } catch {
            throw CLIError.usage("no such file or folder: \(error.path)")
        }
        for path in found.skipped {
            FileHandle.standardError.write(Data("tenfoot: skipped \(path): not a scene file (no \"root\")\n".utf8))
        }
        let suite = ExpectationSuite.run(files: found.files, measurer: CLI.textMeasurer)
        for e in suite.loadErrors { FileHandle.standardError.write(Data((e + "\n").utf8)) }
        for r in suite.results where !r.passed {
            print("\(r.scene):\(r.location.line):\(r.location.column): \(r.name): \(r.failure ?? "") [path: \(r.path.joined(separator: " → "))]")
        }
        if let path = p.value(junit) {
            do { try suite.junitXML.write(toFile: path, atomically: true, encoding: .utf8) } catch {
                throw CLIError(message: "cannot write \(path): \(error.localizedDescription)", code: ExitCode.environment)
            }
        }
        print("\(suite.passed) passed, \(suite.failed) failed")
        if !suite.loadErrors.isEmpty { return ExitCode.usage }
        return suite.failed > 0 || suite.results.isEmpty ? ExitCode.checkFailed : 0
    }
}
