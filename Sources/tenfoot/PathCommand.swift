import Foundation
import FocusEngine
import TenFootScene
import TenFootSim
import TenFootSDL
import TenFootRecorder

/// `tenfoot path`: the focused id after each move, one per line.
enum PathCommand {
    static let help = """
        Usage: tenfoot path SCENE [--from ID] [--policy tvos|android|web] [--json] MOVE...
        Prints the focused id after each move, one per line (the same id again when focus does not move).
        Without --from, starts at the scene's initial focus; with no MOVE, prints that starting focus.
        --json adds, per move, how focus got there (direct, section, guide, remembered, default,
        programmatic, restored) or why it did not move.
        """

    static func run(_ args: [String]) throws -> Int32 {
        let p = try ArgumentParser(args, flags: ["--help", "--json"], options: ["--from", "--policy"])
        if p.flag("--help") { print(help); return 0 }
        guard let file = p.positional.first else { throw CLIError.usage("path needs a SCENE file (see tenfoot path --help)") }
        var events: [RemoteEvent] = []
        for m in p.positional.dropFirst() {
            guard let e = RemoteEvent(name: m) else {
                let hint = didYouMean(m, RemoteEventName.all).map { "; did you mean \($0)?" } ?? ""
                throw CLIError.usage("unknown move \"\(m)\"\(hint)")
            }
            events.append(e)
        }
        let scene = try CLI.loadScene(file)
        var sim = try CLI.makeSimulator(scene, policy: try p.policy(), from: p.option("--from"))
        let json = p.flag("--json")
        var rows: [String] = []
        if events.isEmpty {
            rows.append(json ? "{\"focus\": \(JSON.quote(sim.focused ?? ""))}" : (sim.focused ?? "(nothing)"))
        }
        for e in events {
            let update = sim.send(e)
            sim.step(ticks: Clock.ticks(seconds: 0.4))
            let id = sim.focused ?? "(nothing)"
            guard json else { rows.append(id); continue }
            var fields = ["\"move\": \(JSON.quote(e.description))", "\"focus\": \(JSON.quote(id))"]
            if let u = update {
                switch u.outcome {
                case .moved:
                    fields.append("\"via\": \(JSON.quote(u.via?.rawValue ?? "direct"))")
                    if let r = u.routedBy { fields.append("\"by\": \(JSON.quote(r))") }
                case .blocked(let why): fields.append("\"blocked\": \(JSON.quote(why))")
                case .consumed(let by): fields.append("\"consumed\": \(JSON.quote(by))")
                case .vetoed(let by): fields.append("\"vetoed\": \(JSON.quote(by))")
                }
            } else if sim.exited {
                fields.append("\"exit\": \"home\"")
            } else {
                fields.append("\"unchanged\": true")
            }
            rows.append("{" + fields.joined(separator: ", ") + "}")
        }
        print(rows.joined(separator: "\n"))
        return 0
    }
}

/// `tenfoot screenshot`: one PNG of the state after the moves, animations settled.
enum ScreenshotCommand {
    static let help = """
        Usage: tenfoot screenshot SCENE [--from ID] [--moves "right right down"] --out shot.png [--size WxH]
                                  [--policy P] [--appearance dark|light] [--debug]
        Renders offscreen with the software renderer (no display needed). Default size 1920x1080.
        --debug adds the debug overlay (F2 in the window): the last move's search path and candidates,
        sections and guides outlined, the safe area, and the focus panel.
        SCENE may be "home" for the built-in scene.
        """

    static func run(_ args: [String]) throws -> Int32 {
        let p = try ArgumentParser(args, flags: ["--help", "--debug"], options: ["--from", "--moves", "--out", "--size", "--policy", "--appearance"])
        if p.flag("--help") { print(help); return 0 }
        guard let file = p.positional.first, p.positional.count == 1 else { throw CLIError.usage("screenshot needs one SCENE file (see tenfoot screenshot --help)") }
        guard let out = p.option("--out") else { throw CLIError.usage("screenshot needs --out FILE.png") }
        let (w, h) = try p.option("--size").map(CLI.parseSize) ?? (1920, 1080)
        let scene = file == "home" ? BuiltInScenes.home() : try CLI.loadScene(file)
        var sim = try CLI.makeSimulator(scene, policy: try p.policy(), from: p.option("--from"))
        sim.recordsExplanations = p.flag("--debug")
        for m in (p.option("--moves") ?? "").split(separator: " ") {
            guard let e = RemoteEvent(name: String(m)) else { throw CLIError.usage("--moves: unknown move \"\(m)\"") }
            sim.send(e)
            sim.step(ticks: Clock.ticks(seconds: 0.4))
        }
        let base = file == "home" ? "." : (file as NSString).deletingLastPathComponent
        do {
            try Screenshot.write(sim, to: out, width: w, height: h, appearance: try p.appearance(), imageBase: base.isEmpty ? "." : base, debug: p.flag("--debug"))
        } catch {
            throw CLIError(message: "\(error)", code: ExitCode.environment)
        }
        return 0
    }
}
