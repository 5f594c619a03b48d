import Foundation
import TenFootCore
import TenFootPresentation
import TenFootRecorder
import TenFootSim

/// `tenfoot screenshot`: one PNG of the state after the moves, animations settled.
enum ScreenshotCommand: Command {
    static let out = OptionDeclaration.option(
        "--out", "FILE.png", .file(extensions: ["png"]), help: "the PNG to write (its folder must exist)",
        check: { out in
            guard out.lowercased().hasSuffix(".png") else {
                return "--out must name a .png file, got \(quoted(out, quote: "", limit: 80))"
            }
            return CLI.missingFolder(of: out).map { "--out: \($0)" }
        }
    ).required
    static let debug = OptionDeclaration.flag(
        "--debug",
        help:
            "add the debug overlay (F2 in the window): the last move's search path and candidates, sections and guides outlined, the safe area, and the focus panel (the same as --overlay debug)"
    )

    static let declaration = CommandDeclaration(
        name: "screenshot",
        summary: "write one PNG of the state after the moves",
        arguments: [CommonOptions.scene],
        options: CaptureInput.options + [out, debug],
        groups: [CaptureInput.inputGroup(required: false), CommonOptions.swiftUIGroup],
        discussion: """
            Renders offscreen with the software renderer (no display needed), after the moves and with the \
            animations settled; the same drawing as `tenfoot record` and F12 in the window.
            """)

    static func run(_ p: ParsedArguments) throws -> Int32 {
        var input = try CaptureInput.read(p)
        if p.flag(debug) {
            input.settings.overlays.insert(.debug)
            input.simulator.recordsExplanations = true
        }
        do throws(RecordingError) {
            try Screenshot.write(input.simulator, script: input.script, to: p.value(out)!, settings: input.settings)
        } catch {
            throw error.cliError
        }
        return 0
    }
}
