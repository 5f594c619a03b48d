import FocusEngine
import Foundation
import TenFootCore
import TenFootPresentation
import TenFootRaster
import TenFootRecorder
import TenFootSim
import TenFootTools

/// `tenfoot diff --policies`: where the focus policies disagree on a scene.
enum DiffCommand: Command {
    static let policies = OptionDeclaration.option(
        "--policies", "tvos,android,web", .list(FocusPolicy.allCases.map(\.rawValue)),
        help: "the policies to compare, at least two (default, or empty: tvos,android,web)",
        check: { text in
            if text.isEmpty { return nil }
            let names = text.split(separator: ",").map(String.init)
            if let bad = names.first(where: { FocusPolicy(rawValue: $0) == nil }) {
                return "--policies: unknown policy \(bad) (tvos, android, web)"
            }
            return Set(names).count < 2 || Set(names).count != names.count
                ? "--policies needs two or more different policies, got \(quoted(text, quote: "", limit: 60))" : nil
        })
    static let out = OptionDeclaration.option(
        "--out", "FILE.svg|FILE.png", .file(extensions: ["svg", "png"]),
        help:
            "also draw the differences over the whole content: an arrow per policy in its colour (blue, orange, green), a bar where a swipe is blocked",
        check: { out in
            let name = out.lowercased()
            return name.hasSuffix(".svg") || name.hasSuffix(".png")
                ? nil : "--out must end in .svg or .png, got \(quoted(out, quote: "", limit: 80))"
        })

    static let declaration = CommandDeclaration(
        name: "diff",
        summary: "every swipe where the focus policies disagree",
        arguments: [CommonOptions.scene],
        options: [policies, CommonOptions.json, out, CommonOptions.textSize] + CommonOptions.swiftUI,
        groups: [CommonOptions.swiftUIGroup],
        discussion: """
            Swipes from every focusable item in every direction, from a fresh state, under each policy, and lists \
            each (item, direction) where they land on different items or one is blocked: what changes when a \
            layout made for Android TV (FocusFinder) or the web (CSS spatial navigation) runs on tvOS. Exit 0 \
            either way.
            """)

    /// The most comparisons of two items a peer policy's rules may make: Android's FocusFinder and the web's spatial
    /// navigation look at every item for every swipe, so each costs items² × 4 directions (each policy's graph is
    /// made on its own core). 10,000 items, the gallery's largest screen: 18 s in a release build on a 2-core machine
    /// busy with other work (22 s when the policies took turns).
    static let maxComparisons = 400_000_000

    /// Refuses a screen on which a peer policy (`map` and `audit` with `--policy android|web`, every `diff`) would make
    /// more than ``maxComparisons``.
    static func checkPeerComparisons(_ sim: Simulator, file: String, command: String) throws(CLIError) {
        let items = sim.system.tree.focusableItems.count
        let comparisons = items * items * 4
        guard comparisons <= maxComparisons else {
            throw CLIError.usage(
                "\(file): \(items) focusable items: the android and web rules look at every item for every swipe, \(comparisons) comparisons each; \(command) makes at most \(maxComparisons) a policy (DiffCommand.maxComparisons): try a smaller screen\(command == "diff" ? "" : ", or the tvos policy")"
            )
        }
    }

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let file = p.positional[0]
        let names = (p.value(policies).flatMap { $0.isEmpty ? nil : $0 } ?? "tvos,android,web").split(separator: ",")
            .compactMap { FocusPolicy(rawValue: String($0)) }
        let scene = try CLI.loadScene(file, p)
        let sims = try names.map { try CLI.makeSimulator(scene, source: file, policy: $0, from: nil) }
        try checkPeerComparisons(sims[0], file: file, command: "diff")
        let diff = PolicyDiff(scene: file, sims)
        if p.flag(CommonOptions.json) { try CLI.printJSON(diff) } else { CLI.printText(diff.text) }
        if let path = p.value(out) {
            let (area, _) = FocusMap.extent(sims[0])
            let commands = FocusMap.policyDiff(diff, sims[0], area: area)
            let (w, h) = (Int32(area.width.rounded(.up)), Int32(area.height.rounded(.up)))
            let bytes: [UInt8]
            if path.lowercased().hasSuffix(".svg") {
                bytes = Array(SVGWriter.svg(commands, width: Int(w), height: Int(h), viewBox: area).utf8)
            } else {
                do {
                    let canvas = try OffscreenCanvas(width: w, height: h, fonts: try FontCache())
                    canvas.draw(
                        DisplayList(
                            commands: FocusMap.fitted(commands, area: area, width: Double(w), height: Double(h))))
                    bytes = try canvas.pngData()
                } catch { throw CLIError(message: "\(error)", code: ExitCode.environment) }
            }
            do throws(RecordingError) { try OutputFiles.write(bytes, to: path) } catch { throw error.cliError }
        }
        return 0
    }
}
