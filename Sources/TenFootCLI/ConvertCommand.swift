import Foundation
import TenFootSwiftUI
import TenFootRecorder

/// `tenfoot convert`: a SwiftUI view as the equivalent scene file, to carry on in JSON.
enum ConvertCommand: Command {
    static let out = OptionDeclaration.option("--out", "FILE.json", .file(extensions: ["json"]),
                                              help: "write the scene file here instead of to standard output",
                                              check: { $0.lowercased().hasSuffix(".json") ? nil : "--out must name a .json file, got \($0)" })

    static let declaration = CommandDeclaration(
        name: "convert",
        summary: "write the scene file equivalent to a SwiftUI view",
        arguments: [ArgumentDeclaration(placeholder: "SOURCE", kind: .scene, count: .one,
                                        help: "SwiftUI sources: a .swift file or a folder of them")],
        options: [out] + CommonOptions.swiftUI,
        groups: [CommonOptions.swiftUIGroup],
        discussion: """
            Translates the view (docs/swiftui.md) and writes the scene file it becomes (docs/scene-format.md), \
            with the sidecar's expect blocks. What was approximated is summed up on standard error; \
            tenfoot lint lists it.
            """)

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let source = p.positional[0]
        guard SceneSource.isSwiftUI(source) else { throw CLIError.usage("convert reads SwiftUI sources (.swift); \(source) is not one") }
        guard let t = try CLI.load(source, p).translation else { throw CLIError.usage("convert reads SwiftUI sources (.swift); \(source) is not one") }
        if let path = p.value(out) {
            do throws(RecordingError) { try OutputFiles.write(Array(t.json.utf8), to: path) } catch { throw error.cliError }
        } else {
            print(t.json, terminator: "")
        }
        CLI.printError("tenfoot: \(t.opened): \(t.coverage.summary)")
        return 0
    }
}
