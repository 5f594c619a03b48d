import FocusEngine
import TenFootPresentation
import TenFootSim

/// Options and arguments several commands share, declared once; a command may reword one's help
/// (`.help("…")`) or require it (`.required`).
enum CommonOptions {
    static let scene = ArgumentDeclaration(
        placeholder: "SCENE", kind: .scene, count: .one,
        help:
            "a scene file, SwiftUI sources (a .swift file or a folder of them), or \"home\" for the built-in home scene"
    )
    /// SwiftUI sources: which view opens (docs/swiftui.md, "Which view opens").
    static let view = OptionDeclaration.option(
        "--view", "NAME", .identifier,
        help: "for SwiftUI sources: the View struct to open (default: the file's #Preview, else its only View)")
    static let preview = OptionDeclaration.option(
        "--preview", "NAME", .identifier,
        help: "for SwiftUI sources: the #Preview (its name or number) or PreviewProvider to open")
    /// `--view` and `--preview`, and the rule between them, for every command that opens a scene.
    static let swiftUI: [OptionDeclaration] = [view, preview]
    static let swiftUIGroup = OptionGroup(names: [view.name, preview.name], exactlyOne: false)
    static let from = OptionDeclaration.option(
        "--from", "ID", .nodeID,
        help: "start with focus on this item instead of the scene's initial focus")
    static let policy = OptionDeclaration.option(
        "--policy", FocusPolicy.allCases.map(\.rawValue).joined(separator: "|"),
        .choice(FocusPolicy.allCases.map(\.rawValue)),
        help: "the focus engine's rules: tvos (default), android or web")
    static let preset = OptionDeclaration.option(
        "--preset", "spec|presentation", .choice(["spec", "presentation"]),
        help:
            "spec (default): the presses at the script's own times, captions naming items by id, the whole focus path; presentation, for a design review: presses at least 1 s apart, captions naming items by their titles, a path that fades behind focus (captions and path are drawn with --overlay keys and --overlay path)"
    )
    static let appearance = OptionDeclaration.option(
        "--appearance", "dark|light", .choice(Appearance.allCases.map(\.rawValue)),
        help: "the colour scheme (default dark)")
    static let textSize = OptionDeclaration.option(
        "--text-size", "SIZE", .textSize(allowsAll: false),
        help:
            "the text size (Settings › Accessibility › Display › Text Size): large (default), xLarge, xxLarge, xxxLarge, accessibility1…accessibility5, or the Settings label (\"Accessibility XXXL\")"
    )
    static let idleDim = OptionDeclaration.option(
        "--idle-dim", "DURATION", .duration(allowsZero: true),
        help:
            "dim out-of-focus content after this long without input (docs/rendering.md; run: 30 s by default, record and screenshot: off unless given)"
    )
    static let idleFade = OptionDeclaration.option(
        "--idle-fade", "DURATION", .duration(allowsZero: true),
        help: "how long idle dimming takes to come in (default 1.5 s)")
    /// Idle dimming as the options ask (`fallback` when --idle-dim is not given).
    static func idleDimming(_ p: ParsedArguments, fallback: IdleDimming?) -> IdleDimming? {
        guard let after = p.duration(idleDim) else {
            return fallback.map {
                var d = $0
                d.fade = p.duration(idleFade) ?? d.fade
                return d
            }
        }
        return IdleDimming(after: after, fade: p.duration(idleFade) ?? IdleDimming.defaultFade)
    }
    static let size = OptionDeclaration.option(
        "--size", "WxH", .size, help: "the picture's size in pixels (default 1920x1080)")
    static let json = OptionDeclaration.flag("--json", help: "print JSON instead of text")
    static let moves = OptionDeclaration.option(
        "--moves", "STEPS", .steps,
        help: "remote events in the input-script grammar: \"right*3 down select\", \"hold right 1s\"")
    static let script = OptionDeclaration.option(
        "--script", "FILE", .file(extensions: []),
        help: "an input script (docs/input.md), with @tick lines or steps")
    static let gap = OptionDeclaration.option(
        "--gap", "DURATION", .duration(allowsZero: false),
        help: "the time between steps of --moves (default 0.4 s)")
    static let overlay = OptionDeclaration.option(
        "--overlay", "keys,path,remote,debug,voiceover", .list(Overlays.names.map(\.0)),
        help:
            "draw a caption of each press (keys), the focus path (path), a Siri Remote (remote), the F2 debug overlay (debug: the last move's search, sections, guides) and what VoiceOver says for the focused item (voiceover)",
        check: { text in
            do throws(OverlayError) {
                _ = try Overlays(parsing: text)
                return nil
            } catch { return "--overlay: \(error.message)" }
        })
}
