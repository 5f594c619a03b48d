// libFuzzer target for input mapping files (`--input-map`); see SceneFuzz.swift.
import TenFootCore
import TenFootInput
import TenFootSim

/// Any bytes as a mapping file: read as UTF-8 text and decoded; when it loads, its bindings and
/// tuning drive the input state machines through presses, holds, stick and trigger travel, a drag
/// and the wheel, so every accepted value is one they survive.
@_cdecl("LLVMFuzzerTestOneInput")
public func mappingFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let text = try? UTF8Text.decode(bytes, file: "fuzz.json"),
        let mapping = try? InputMapping.decode(text, file: "fuzz.json")
    else { return 0 }
    var input = RemoteInput(mapping: mapping)
    var tick: Tick = 0
    func feed(_ p: PhysicalInput, after ticks: Tick = 30) {
        tick += ticks
        _ = input.advance(until: tick)
        _ = input.handle(p, at: tick, editing: false)
    }
    for key in mapping.keys.keys.sorted() {
        let name = key.split(separator: "+").last.map(String.init) ?? key
        feed(.keyDown(name, []))
        feed(.keyUp(name), after: 900)
    }
    for button in ControllerButton.allCases {
        feed(.buttonDown(button, controller: 0))
        feed(.buttonUp(button, controller: 0), after: 700)
    }
    for axis in ControllerAxis.allCases {
        for v in [0.2, 0.6, 1.0, 0.4, -1.0, 0.0] { feed(.axis(axis, v, controller: 0), after: 10) }
    }
    feed(.pointerDown(ScreenPoint(900, 500)))
    for x in stride(from: 900.0, through: 300, by: -150) { feed(.pointerMove(ScreenPoint(x, 500)), after: 2) }
    feed(.pointerUp(ScreenPoint(300, 500)), after: 2)
    feed(.wheel(3))
    feed(.wheel(-5))
    feed(.focusLost)
    _ = input.advance(until: tick + 20 * 1200)
    return 0
}
