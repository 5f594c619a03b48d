import FocusEngine
import Foundation
import TenFootCore
import TenFootScene
import TenFootSim

extension InputMapping {
    /// Reads a mapping file (docs/input.md): its entries change or add to the defaults, `null`
    /// unbinds, `"replace": true` starts from nothing. `knownKeys` (the platform's key names) lets
    /// unknown key names be reported; nil accepts any name. Every problem is reported together.
    public static func load(path: String, knownKeys: Set<String>? = nil) throws(Diagnostics) -> InputMapping {
        let text: String
        do { text = try TextFile.read(path: path, maxBytes: maxFileBytes, what: "mapping file") } catch {
            throw Diagnostics([error])
        }
        return try decode(text, file: path, knownKeys: knownKeys)
    }

    /// The largest mapping file: the default one, every key written out, is under 2 KB.
    public static let maxFileBytes = 1 << 20

    /// Parses mapping-file text; see `load`.
    public static func decode(_ text: String, file: String, knownKeys: Set<String>? = nil) throws(Diagnostics)
        -> InputMapping
    {
        let json: JSON
        // The same reader as scenes: JSON with comments and trailing commas.
        do {
            json = try JSONParser.parse(
                text, file: file, limits: JSONParser.Limits(maxBytes: maxFileBytes, maxDepth: 16))
        } catch { throw Diagnostics([error]) }
        var decoder = MappingDecoder(file: file, knownKeys: knownKeys)
        let mapping = decoder.decode(json)
        if !decoder.diagnostics.isEmpty { throw Diagnostics(decoder.diagnostics) }
        return mapping
    }

    /// The default mapping as a mapping file: the full table docs/input.md shows (a test keeps the
    /// two identical), and a starting point to copy and edit.
    public static var defaultFileText: String {
        func q(_ s: String) -> String { JSON.quote(s) }
        func entries(_ pairs: [(String, String)]) -> String {
            pairs.map { "    \(q($0.0)): \(q($0.1))" }.joined(separator: ",\n")
        }
        let t = InputTuning()
        func s(_ ticks: Tick) -> String { fmt(Clock.seconds(ticks)) }
        let keyboard = entries(defaultKeys.map { ($0.0, $0.1.description) })
        let controller = entries(
            defaultButtons.map { ($0.0.rawValue, $0.1.description) }
                + defaultSticks.map { ($0.0.rawValue, $0.1.rawValue) }
                + defaultTriggers.map { ($0.0.rawValue, $0.1.description) })
        let timing = [
            ("initialDelay", s(t.repeats.initialDelay)), ("repeatInterval", s(t.repeats.interval)),
            ("repeatAcceleration", fmt(t.repeats.acceleration)), ("fastestRepeat", s(t.repeats.fastest)),
            ("longPress", s(t.longPress)), ("menuHoldHome", s(t.menuHoldHome)),
            ("momentumGaps", "[" + t.momentumGaps.map(s).joined(separator: ", ") + "]"),
            ("flickWindow", s(t.flickWindow)),
        ].map { "    \(q($0.0)): \($0.1)" }.joined(separator: ",\n")
        let thresholds = MappingDecoder.thresholds.map { "    \(q($0.name)): \(fmt(t[keyPath: $0.path]))" }.joined(
            separator: ",\n")
        return """
            {
              "keyboard": {
            \(keyboard)
              },
              "controller": {
            \(controller)
              },
              "mouse": {
                "drag": "swipe",
                "click": "select",
                "wheel": "crown"
              },
              "timing": {
            \(timing)
              },
              "thresholds": {
            \(thresholds)
              }
            }

            """
    }
}

/// Reads a mapping file's JSON, collecting every problem with its location.
struct MappingDecoder {
    let file: String
    let knownKeys: Set<String>?
    var diagnostics: [Diagnostic] = []

    static let sections = ["keyboard", "controller", "mouse", "timing", "thresholds", "replace", "note", "$schema"]
    static let modifierNames = ["ctrl", "alt", "gui", "shift"]

    /// The timing keys: (name, lowest and highest seconds).
    static let durations: [(name: String, range: ClosedRange<Double>)] = [
        ("initialDelay", 0.02...5), ("repeatInterval", 0.02...5), ("fastestRepeat", 0.02...5),
        ("longPress", 0.1...10), ("menuHoldHome", 0.1...10), ("flickWindow", 0.02...1),
    ]
    static let maxMomentumGaps = 8

    /// The threshold keys: (name, where it lives, allowed range).
    static var thresholds: [(name: String, path: WritableKeyPath<InputTuning, Double>, range: ClosedRange<Double>)] {
        [
            ("stickEngage", \.stickEngage, 0.05...1), ("stickRelease", \.stickRelease, 0...0.95),
            ("stickSwitchRatio", \.stickSwitchRatio, 1...10),
            ("touchDeadZone", \.touchDeadZone, 0...0.9), ("touchStep", \.touchStep, 0.01...0.5),
            ("triggerEngage", \.triggerEngage, 0.05...1), ("triggerRelease", \.triggerRelease, 0...0.95),
            ("swipeDistance", \.swipeDistance, 20...2000), ("clickSlop", \.clickSlop, 0...200),
            ("flickSpeed", \.flickSpeed, 100...100_000), ("flickSpeedPerMove", \.flickSpeedPerMove, 10...100_000),
        ]
    }

    mutating func keyHint(_ name: String) -> String {
        guard suggestionsLeft > 0, let spelling = keySpelling else { return "" }
        suggestionsLeft -= 1
        return spelling.suggestion(for: name).map { "; did you mean \(quoted($0))?" } ?? ""
    }

    /// The platform's key names, indexed once for suggestions.
    let keySpelling: SpellingIndex?

    init(file: String, knownKeys: Set<String>?) {
        self.file = file
        self.knownKeys = knownKeys
        keySpelling = knownKeys.map(SpellingIndex.init)
    }

    mutating func error(_ at: SourceLocation, _ message: String) {
        diagnostics.append(Diagnostic(file: file, at: at, message))
    }

    /// Suggestions left: the first 100 misspelt words in file order get one.
    var suggestionsLeft = 100

    mutating func hint(_ word: String, _ candidates: [String]) -> String {
        guard suggestionsLeft > 0 else { return "" }
        suggestionsLeft -= 1
        return didYouMean(word, candidates).map { "; did you mean \(quoted($0))?" } ?? ""
    }

    /// The members of an object, each key once: a key that appears again is an error, as in scenes,
    /// and the first one counts.
    mutating func uniqueMembers(_ members: [JSON.Member], in section: String) -> [JSON.Member] {
        var seen = Set<String>()
        return members.filter { m in
            if seen.insert(m.key).inserted { return true }
            error(m.keyLocation, "key \(quoted(m.key)) appears twice in \(section)")
            return false
        }
    }

    mutating func decode(_ json: JSON) -> InputMapping {
        guard let members = json.members else {
            error(
                json.location,
                "a mapping file is a JSON object with \"keyboard\", \"controller\", \"mouse\", \"timing\" or \"thresholds\", got \(json.shortDescription)"
            )
            return .default
        }
        var mapping = InputMapping.default
        if let replace = json["replace"] {
            if let b = replace.bool {
                if b { mapping = .empty }
            } else {
                error(replace.location, "\"replace\" is true or false, got \(replace.shortDescription)")
            }
        }
        for m in uniqueMembers(members, in: "the mapping file") {
            switch m.key {
            case "keyboard": keyboard(m.value, into: &mapping)
            case "controller": controller(m.value, into: &mapping)
            case "mouse": mouse(m.value, into: &mapping)
            case "timing": timing(m.value, into: &mapping.tuning)
            case "thresholds": thresholds(m.value, into: &mapping.tuning)
            case "replace", "note", "$schema": break
            default: error(m.keyLocation, "unknown section \(quoted(m.key))\(hint(m.key, Self.sections))")
            }
        }
        return mapping
    }

    /// A binding's value: an action, or null to unbind. Returns .some(nil) for null, nil on error.
    mutating func action(_ j: JSON, for key: String) -> InputAction?? {
        if j.isNull { return .some(nil) }
        guard let s = j.string else {
            error(
                j.location,
                "the binding of \(quoted(key)) is an event or tool name in quotes, or null to unbind; got \(j.shortDescription)"
            )
            return nil
        }
        guard let a = InputAction(name: s) else {
            error(j.location, "unknown event or tool \(quoted(s)) for \(quoted(key))\(hint(s, InputAction.names))")
            return nil
        }
        return .some(a)
    }

    mutating func keyboard(_ j: JSON, into mapping: inout InputMapping) {
        guard let members = j.members else {
            error(j.location, "\"keyboard\" is an object of key names to events, got \(j.shortDescription)")
            return
        }
        // Names that differ only in spelling (`Ctrl+A`, `control+a`) bind the same key: also a repeat.
        var bound: [String: SourceLocation] = [:]
        for m in uniqueMembers(members, in: "\"keyboard\"") {
            guard let key = keyName(m.key, at: m.keyLocation) else { continue }
            if let first = bound[key] {
                error(
                    m.keyLocation, "\(quoted(m.key)) binds the same key as the entry at \(first.line):\(first.column)")
                continue
            }
            bound[key] = m.keyLocation
            guard let a = action(m.value, for: m.key) else { continue }
            mapping.keys[key] = a
        }
    }

    /// `ctrl+shift+tab` → `ctrl+shift+tab` in canonical order with the key name normalised.
    mutating func keyName(_ raw: String, at location: SourceLocation) -> String? {
        var rest = Substring(raw)
        var mods: KeyModifiers = []
        while let plus = rest.firstIndex(of: "+"), plus != rest.startIndex, rest.index(after: plus) != rest.endIndex {
            switch rest[..<plus].lowercased() {
            case "ctrl", "control": mods.insert(.ctrl)
            case "alt", "option": mods.insert(.alt)
            case "gui", "cmd", "command", "super", "win": mods.insert(.gui)
            case "shift": mods.insert(.shift)
            default:
                error(
                    location,
                    "unknown modifier \(quoted(rest[..<plus])) in \(quoted(raw)) (modifiers: ctrl, alt, gui, shift)")
                return nil
            }
            rest = rest[rest.index(after: plus)...]
        }
        let name = KeyName.normalize(String(rest))
        guard !name.isEmpty else {
            error(location, "empty key name in \(quoted(raw))")
            return nil
        }
        if let known = knownKeys, !known.contains(name), name.count > 1 {
            error(location, "unknown key \(quoted(rest))\(keyHint(name)) (key names: docs/input.md)")
            return nil
        }
        return mods.prefix + name
    }

    mutating func controller(_ j: JSON, into mapping: inout InputMapping) {
        guard let members = j.members else {
            error(
                j.location, "\"controller\" is an object of button, stick and trigger names, got \(j.shortDescription)")
            return
        }
        let names =
            ControllerButton.allCases.map(\.rawValue) + Stick.allCases.map(\.rawValue)
            + Trigger.allCases.map(\.rawValue)
        for m in uniqueMembers(members, in: "\"controller\"") {
            if let b = ControllerButton(rawValue: m.key) {
                if let a = action(m.value, for: m.key) { mapping.buttons[b] = a }
            } else if let t = Trigger(rawValue: m.key) {
                if let a = action(m.value, for: m.key) { mapping.triggers[t] = a }
            } else if let s = Stick(rawValue: m.key) {
                if m.value.isNull {
                    mapping.sticks[s] = StickRole.none
                    continue
                }
                guard let v = m.value.string, let role = StickRole(rawValue: v) else {
                    error(
                        m.value.location,
                        "\(quoted(m.key)) is \"swipe\", \"touch\" or null, got \(m.value.shortDescription)")
                    continue
                }
                mapping.sticks[s] = role
            } else {
                error(
                    m.keyLocation,
                    "unknown controller input \(quoted(m.key))\(hint(m.key, names)) (buttons are named by position: south, east, west, north, …)"
                )
            }
        }
    }

    mutating func mouse(_ j: JSON, into mapping: inout InputMapping) {
        guard let members = j.members else {
            error(
                j.location, "\"mouse\" is an object with \"drag\", \"click\" and \"wheel\", got \(j.shortDescription)")
            return
        }
        for m in uniqueMembers(members, in: "\"mouse\"") {
            switch m.key {
            case "drag":
                if m.value.isNull {
                    mapping.dragSwipes = false
                } else if m.value.string == "swipe" {
                    mapping.dragSwipes = true
                } else {
                    error(m.value.location, "\"drag\" is \"swipe\" or null, got \(m.value.shortDescription)")
                }
            case "click":
                if let a = action(m.value, for: "click") { mapping.click = a }
            case "wheel":
                if m.value.isNull {
                    mapping.wheel = WheelRole.none
                    continue
                }
                guard let s = m.value.string, let role = WheelRole(rawValue: s) else {
                    error(
                        m.value.location, "\"wheel\" is \"crown\", \"swipe\" or null, got \(m.value.shortDescription)")
                    continue
                }
                mapping.wheel = role
            default:
                error(m.keyLocation, "unknown mouse input \(quoted(m.key))\(hint(m.key, ["drag", "click", "wheel"]))")
            }
        }
    }

    mutating func number(_ j: JSON, _ name: String, _ range: ClosedRange<Double>, unit: String = "") -> Double? {
        guard let v = j.number, range.contains(v) else {
            error(
                j.location,
                "\"\(name)\" is a number from \(fmt(range.lowerBound)) to \(fmt(range.upperBound))\(unit), got \(j.shortDescription)"
            )
            return nil
        }
        return v
    }

    mutating func timing(_ j: JSON, into t: inout InputTuning) {
        guard let members = j.members else {
            error(j.location, "\"timing\" is an object of durations in seconds, got \(j.shortDescription)")
            return
        }
        let names = Self.durations.map(\.name) + ["repeatAcceleration", "momentumGaps"]
        for m in uniqueMembers(members, in: "\"timing\"") {
            if let d = Self.durations.first(where: { $0.name == m.key }) {
                guard let v = number(m.value, d.name, d.range, unit: " seconds") else { continue }
                let ticks = Clock.ticks(seconds: v)
                switch d.name {
                case "initialDelay": t.repeats.initialDelay = ticks
                case "repeatInterval": t.repeats.interval = ticks
                case "fastestRepeat": t.repeats.fastest = ticks
                case "longPress": t.longPress = ticks
                case "menuHoldHome": t.menuHoldHome = ticks
                default: t.flickWindow = ticks
                }
            } else if m.key == "repeatAcceleration" {
                if let v = number(m.value, m.key, 0.1...1) { t.repeats.acceleration = v }
            } else if m.key == "momentumGaps" {
                guard let items = m.value.array, items.count <= Self.maxMomentumGaps else {
                    error(
                        m.value.location,
                        "\"momentumGaps\" is a list of up to \(Self.maxMomentumGaps) durations in seconds, like [0.06, 0.09], got \(m.value.shortDescription)"
                    )
                    continue
                }
                var gaps: [Tick] = []
                for item in items {
                    if let v = number(item, "momentumGaps", 0.02...2, unit: " seconds") {
                        gaps.append(Clock.ticks(seconds: v))
                    }
                }
                if gaps.count == items.count { t.momentumGaps = gaps }
            } else {
                error(m.keyLocation, "unknown timing \(quoted(m.key))\(hint(m.key, names))")
            }
        }
    }

    mutating func thresholds(_ j: JSON, into t: inout InputTuning) {
        guard let members = j.members else {
            error(j.location, "\"thresholds\" is an object of numbers, got \(j.shortDescription)")
            return
        }
        for m in uniqueMembers(members, in: "\"thresholds\"") {
            guard let th = Self.thresholds.first(where: { $0.name == m.key }) else {
                error(m.keyLocation, "unknown threshold \(quoted(m.key))\(hint(m.key, Self.thresholds.map(\.name)))")
                continue
            }
            if let v = number(m.value, th.name, th.range) { t[keyPath: th.path] = v }
        }
        // The hysteresis needs a gap: release below engage.
        if t.stickRelease >= t.stickEngage {
            error(
                j["stickRelease"]?.location ?? j["stickEngage"]?.location ?? j.location,
                "\"stickRelease\" (\(fmt(t.stickRelease))) must be below \"stickEngage\" (\(fmt(t.stickEngage))), or a stick at the threshold flickers"
            )
        }
        if t.triggerRelease >= t.triggerEngage {
            error(
                j["triggerRelease"]?.location ?? j["triggerEngage"]?.location ?? j.location,
                "\"triggerRelease\" (\(fmt(t.triggerRelease))) must be below \"triggerEngage\" (\(fmt(t.triggerEngage)))"
            )
        }
    }
}
