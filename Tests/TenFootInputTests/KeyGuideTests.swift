import Testing

@testable import TenFootInput

/// The key guide (F1 card, `run --help`) describes the default mapping: every default key and button
/// in exactly one line, and nothing that is not bound.
@Suite struct KeyGuideTests {
    @Test func everyDefaultKeyIsDescribedOnce() {
        let described = KeyGuide.lines.flatMap { line -> [String] in
            if case .keys(let names) = line.bindings { return names }
            return []
        }
        #expect(described.sorted() == InputMapping.defaultKeys.map(\.0).sorted())
    }

    @Test func everyDefaultButtonIsDescribedOnce() {
        let described = KeyGuide.lines.flatMap { line -> [ControllerButton] in
            if case .buttons(let buttons) = line.bindings { return buttons }
            return []
        }
        #expect(described.map(\.rawValue).sorted() == InputMapping.defaultButtons.map(\.0.rawValue).sorted())
    }

    @Test func toolLinesNameTheirTools() {
        // Each tools line binds keys to tools only, and each tool has a line.
        var tools: Set<Tool> = []
        for line in KeyGuide.lines where line.group == .tools {
            guard case .keys(let names) = line.bindings else {
                Issue.record("\(line.keys) binds no keys")
                continue
            }
            for name in names {
                guard case .tool(let t)? = InputMapping.default.keys[name] else {
                    Issue.record("\(name) is not a tool key")
                    continue
                }
                tools.insert(t)
            }
        }
        #expect(tools == Set(Tool.allCases))
        #expect(KeyGuide.grouped.map(\.group) == KeyGuide.Group.allCases)
    }
}
