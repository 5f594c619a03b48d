import FocusEngine
import TenFootScene
import TenFootSim
import TenFootTools
import Testing

/// The audit's lookups over a whole screen, made once: each must answer what a walk of the screen answered.
@Suite struct TextOwnersTests {
    static func sim(_ children: [String]) throws -> Simulator {
        let json =
            #"{"root": {"type": "canvas", "id": "canvas", "children": ["# + children.joined(separator: ",") + "]}}"
        return try Simulator(scene: try SceneDecoder.decode(json, file: "t.json"))
    }

    static func button(_ id: String, _ title: String, _ x: Int, _ y: Int) -> String {
        #"{"type": "button", "id": "\#(id)", "title": "\#(title)", "frame": [\#(x), \#(y), 300, 86]}"#
    }

    /// A text drawn several times belongs to the node whose box holds it, else to the first that says it; a text
    /// cut with "…" to a node whose field begins with what shows.
    @Test func aTextBelongsToTheNodeThatSaysItWhereItIsDrawn() throws {
        let sim = try Self.sim([
            Self.button("a", "Play", 100, 100), Self.button("b", "Play", 900, 100),
            Self.button("c", "A very long title indeed", 100, 500), Self.button("d", "Play later", 900, 500),
        ])
        var owners = AccessibilityAudit.TextOwners(sim)
        #expect(owners.owner(of: "Play", at: (1050, 143))?.id == "b")
        #expect(owners.owner(of: "Play", at: (250, 143))?.id == "a")
        #expect(owners.owner(of: "Play", at: (1800, 1000))?.id == "a")
        #expect(owners.owner(of: "A very long…", at: (0, 0))?.id == "c")
        // "Play…" is what both "Play" and "Play later" begin with: the one drawn there.
        #expect(owners.owner(of: "Play…", at: (1050, 543))?.id == "d")
        #expect(owners.owner(of: "Nobody says this", at: (250, 143)) == nil)
        #expect(owners.owner(of: "…", at: (250, 143)) == nil)
        // Asked again (the answer is kept), the same.
        #expect(owners.owner(of: "Play", at: (1050, 143))?.id == "b")
        #expect(AccessibilityAudit.owner(of: "Play", at: (1050, 143), in: sim)?.id == "b")
    }

    /// A screen where no node says anything owns no text, found without reading the screen (the audit then draws no
    /// screen to look for cut text: 100,000 images took 0.5 s a size); one title anywhere, even in a sheet, says
    /// something.
    @Test func aScreenOfNoWordsSaysNothing() throws {
        let image = #"{"type": "image", "id": "i", "frame": [0, 0, 100, 100]}"#
        let silent = try Self.sim([image, #"{"type": "button", "id": "b", "title": "", "frame": [0, 200, 300, 86]}"#])
        #expect(AccessibilityAudit.TextOwners(silent).saysNothing())
        #expect(AccessibilityAudit.owner(of: "…", at: (0, 0), in: silent) == nil)
        let titled = try Self.sim([image, Self.button("b", "Play", 0, 200)])
        #expect(!AccessibilityAudit.TextOwners(titled).saysNothing())
        let text = try Self.sim([image, #"{"type": "text", "id": "t", "text": "Words", "frame": [0, 400, 300, 60]}"#])
        #expect(!AccessibilityAudit.TextOwners(text).saysNothing())
    }

    /// A picker's choice cut short belongs to the picker that shows it, whatever form its accents are written in (an
    /// option in decomposed form was found only through another picker's composed one, by canonical equivalence, and
    /// the cut was reported two sizes late); and a text written decomposed is its own, not the composed twin's above it
    /// (whose cut hid its own).
    @Test func whatIsShownIsFoundByItsBytes() throws {
        let composed = "\u{C5}ngstr\u{F6}m \u{F1}and\u{FA} tail words here and more"
        let decomposed = "A\u{30A}ngstro\u{308}m n\u{303}andu\u{301} tail words here and more"
        let json = """
            {"root": {"type": "vstack", "id": "root", "children": [
              {"type": "picker", "id": "x0", "title": "Q", "options": ["\(decomposed)"]},
              {"type": "picker", "id": "x1", "title": "R", "options": ["\(composed)"]}]}}
            """
        var sim = try Simulator(scene: try SceneDecoder.decode(json, file: "t.json"))
        var owners = AccessibilityAudit.TextOwners(sim)
        let x0 = try #require(sim.screen.children.first { $0.node.id == "x0" })
        let x1 = try #require(sim.screen.children.first { $0.node.id == "x1" })
        let cut = { (s: String) in String(s.unicodeScalars.prefix(20).map(Character.init)) + "…" }
        #expect(owners.owner(of: cut(decomposed), at: (x1.box.midX, x1.box.midY))?.id == "x0")
        #expect(owners.owner(of: cut(composed), at: (x0.box.midX, x0.box.midY))?.id == "x1")
        // A button right below a picker, titled as its choice begins: the button's line is the button's.
        let beside = try Simulator(
            scene: try SceneDecoder.decode(
                """
                {"root": {"type": "vstack", "id": "root", "spacing": 0, "children": [
                  {"type": "picker", "id": "p", "title": "Quality", "options": ["\(composed)"]},
                  {"type": "button", "id": "b", "title": "\(composed)", "width": 400}]}}
                """, file: "t.json"))
        let b = try #require(beside.screen.children.first { $0.node.id == "b" })
        #expect(AccessibilityAudit.owner(of: cut(composed), at: (b.box.midX, b.box.minY + 10), in: beside)?.id == "b")
        // At a size that cuts the choices, the audit says each picker's is cut.
        try sim.setTextSize(.accessibility5)
        #expect(AccessibilityAudit.owner(of: cut(decomposed), at: (0, 0), in: sim)?.id == "x0")
    }

    /// The swipes found on every core are the swipes found on one, in the same order.
    @Test func swipesOnEveryCoreAreTheSwipesInOrder() throws {
        let buttons = (0..<300).map { k in Self.button("b\(k)", "B", 100 + (k % 20) * 80, 100 + (k / 20) * 60) }
        let sim = try Self.sim(buttons)
        let items = sim.system.tree.focusableItems.map { sim.system.tree.ids[$0] }
        #expect(items.count == 300)
        let one = sim.system.swipes(from: items)
        let every = sim.system.swipesOnEveryCore(from: items)
        #expect(one.edges.count > 300)
        #expect(one.edges == every.edges && one.fired == every.fired && one.caught == every.caught)
        #expect(sim.system.audit(initial: "b0") == sim.system.auditOnEveryCore(initial: "b0"))
    }
}
