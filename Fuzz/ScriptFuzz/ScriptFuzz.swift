// libFuzzer target for input scripts (`--moves`, `--script`, saved sessions); see SceneFuzz.swift.
import TenFootCore
import TenFootScene
import TenFootSim

/// The home scene's simulator, decoded once: every input starts from a copy (a value).
let home = try! Simulator(scene: BuiltInScenes.home())

/// Any bytes as an input script: read as UTF-8 text, parsed with a gap of 0.4 s, and when it parses,
/// played on the home scene (its first 500 events: a script's length is the simulator's business)
/// and written in its timed text form, which must read back to the same text.
@_cdecl("LLVMFuzzerTestOneInput")
public func scriptFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let text = try? UTF8Text.decode(bytes, file: "fuzz.script"),
        var script = try? InputScriptParser.parse(text, file: "fuzz.script")
    else { return 0 }
    script.entries = Array(script.entries.prefix(500))
    var sim = home
    sim.play(script)
    // The text form (what saved sessions write) reads back and writes the same text again.
    guard let again = try? InputScriptParser.parse(script.timedText) else {
        fatalError("timedText does not parse: \(script.timedText)")
    }
    if again.timedText != script.timedText { fatalError("timedText changes on reading: \(script.timedText)") }
    return 0
}
