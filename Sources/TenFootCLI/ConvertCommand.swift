import Foundation
import TenFootCore
import TenFootRecorder
import TenFootSwiftUI

/// `tenfoot convert`: a SwiftUI view as the equivalent scene file, to carry on in JSON.
enum ConvertCommand: Command {
    static let out = OptionDeclaration.option(
        "--out", "FILE.json", .file(extensions: ["json"]),
        help: "write the scene file here instead of to standard output",
        check: {
            $0.lowercased().hasSuffix(".json")
                ? nil : "--out must name a .json file, got \(quoted($0, quote: "", limit: 80))"
        })

    static let declaration = CommandDeclaration(
        name: "convert",
        summary: "write the scene file equivalent to a SwiftUI view",
        arguments: [
            ArgumentDeclaration(
                placeholder: "SOURCE", kind: .scene, count: .one,
                help: "SwiftUI sources: a .swift file or a folder of them, or a bundle made from them")
        ],
        options: [out, CommonOptions.textSize] + CommonOptions.swiftUI,
        groups: [CommonOptions.swiftUIGroup],
        discussion: """
            Translates the view (docs/swiftui.md) and writes the scene file it becomes (docs/scene-format.md), \
            with the sidecar's expect blocks. What was approximated is summed up on standard error; \
            tenfoot lint lists it. A bundle (FILE.tenfoot) made from SwiftUI sources gives the view it was \
            made with, from the sources it holds.
            """)

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let source = p.positional[0]
        if ReproBundle.isBundle(source) {
            let bundle = try OpenedBundle.open(source)
            if bundle.isHome {
                throw CLIError.usage(
                    "convert reads SwiftUI sources (.swift); \(source) was made from the built-in home scene, whose file is scenes/home.json"
                )
            }
            if !bundle.sceneIsFolder, !SceneSource.isSwiftUI(bundle.sceneFile) {
                throw CLIError.usage(
                    "convert reads SwiftUI sources (.swift); \(source) was made from the scene file \(bundle.sceneFile), which it holds as \(bundle.manifest.scene) (tar xf \(source) \(bundle.manifest.scene) takes it out)"
                )
            }
        } else if !SceneSource.isSwiftUI(source) {
            throw CLIError.usage("convert reads SwiftUI sources (.swift); \(source) is not one")
        }
        guard let t = try CLI.load(source, p).translation else {
            throw CLIError.usage("convert reads SwiftUI sources (.swift); \(source) is not one")
        }
        // Direction overrides, zero-width spaces and the like written as JSON escapes: the same scene, which a
        // reviewer's terminal or editor cannot show as something else.
        let json = escapingInvisiblesInJSON(t.json)
        if let path = p.value(out) {
            do throws(RecordingError) { try OutputFiles.write(Array(json.utf8), to: path) } catch {
                throw error.cliError
            }
        } else {
            print(json, terminator: "")
        }
        CLI.printError("tenfoot: \(t.opened): \(t.coverage.summary)")
        return 0
    }
}
