import Foundation
import TenFootSim
import TenFootSDL
import TenFootRecorder

/// `tenfoot map`: the focus graph as a picture.
enum MapCommand: Command {
    static let out = OptionDeclaration.option("--out", "FILE.svg|FILE.png", .file(extensions: ["svg", "png"]),
                                              help: "where to write the map: SVG needs no SDL; PNG is drawn offscreen with the software renderer",
                                              check: { out in
                                                  let name = out.lowercased()
                                                  return name.hasSuffix(".svg") || name.hasSuffix(".png") ? nil : "--out must end in .svg or .png, got \(out)"
                                              }).required

    static let declaration = CommandDeclaration(
        name: "map",
        summary: "the focus graph: every item's neighbours drawn as arrows",
        arguments: [CommonOptions.scene],
        options: [out, CommonOptions.policy, CommonOptions.size.help("the PNG's size in pixels (default 1920x1080)")] + CommonOptions.swiftUI,
        groups: [CommonOptions.swiftUIGroup],
        discussion: """
            Draws every focusable item with an arrow for each swipe that moves focus from it: one-way moves in \
            orange, items no swipe reaches in red, focus sections in blue and guides in purple (dashed). The \
            graph is the screen as laid out at the start (the selected tab only); items scrolled out of view \
            are drawn where they lie.
            """)

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let path = p.value(out)!
        let sim = try CLI.makeSimulator(try CLI.loadScene(p.positional[0], p), policy: p.policy, from: nil)
        let commands = FocusMap.commands(sim)
        let bytes: [UInt8]
        if path.lowercased().hasSuffix(".svg") {
            bytes = Array(SVGWriter.svg(commands).utf8)
        } else {
            let (w, h) = p.size(CommonOptions.size) ?? (1920, 1080)
            do {
                let canvas = try OffscreenCanvas(width: w, height: h, fonts: try FontCache())
                canvas.draw(DisplayList(commands: commands))
                bytes = try canvas.pngData()
            } catch { throw CLIError(message: "\(error)", code: ExitCode.environment) }
        }
        do throws(RecordingError) { try OutputFiles.write(bytes, to: path) } catch { throw error.cliError }
        return 0
    }
}
