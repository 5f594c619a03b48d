import FocusEngine
import TenFootCore
// libFuzzer target for scene files (scripts/fuzz.sh builds and runs it; docs/robustness.md).
// Only `LLVMFuzzerTestOneInput` lives here: with `--sanitize fuzzer` SwiftPM compiles this file as a
// library and libFuzzer provides `main`; in a plain build it is an empty program.
import TenFootPresentation
import TenFootScene
import TenFootSim

/// Any bytes as a scene file: read as UTF-8 text, decoded, and when the scene loads, linted and
/// simulated through a few presses (layout, focus tree, search, actions) and drawn into a display
/// list. A crash, a hang or a leak is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func sceneFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let text = try? UTF8Text.decode(bytes, file: "fuzz.json"),
        let scene = try? SceneDecoder.decode(text, file: "fuzz.json")
    else { return 0 }
    _ = SceneLint.run(scene)
    guard var sim = try? Simulator(scene: scene) else { return 0 }
    for event in [
        RemoteEvent.swipe(.right), .swipe(.down), .select, .swipe(.left), .longSelect, .swipe(.up), .menu, .playPause,
    ] {
        sim.send(event)
        sim.step(ticks: 60)
    }
    _ = SceneRenderer().displayList(sim)
    return 0
}
