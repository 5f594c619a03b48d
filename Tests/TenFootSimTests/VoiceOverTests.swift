import FocusEngine
import Foundation
import TenFootCore
import TestSupport
import Testing

@testable import TenFootScene
@testable import TenFootSim

/// VoiceOver, simulated: what it says for each kind of item and state, in Apple's order, and when it speaks.
@Suite struct VoiceOverTests {
    func sim(_ json: String) throws -> Simulator { try Simulator(scene: try SceneDecoder.decode(json, file: "t.json")) }

    func says(_ s: Simulator, _ id: String) -> String? { s.announcement(for: id)?.text }

    @Test func eachKindSaysItsLabelValueTraitsAndHint() throws {
        let s = try sim(
            #"""
            {"state": {"hd": false}, "root": {"type": "vstack", "children": [
              {"type": "button", "id": "play", "title": "Play", "accessibilityHint": "Starts the first episode."},
              {"type": "button", "id": "fav", "icon": "heart.fill"},
              {"type": "button", "id": "named", "icon": "heart.fill", "accessibilityLabel": "Add to favourites"},
              {"type": "poster", "id": "p", "title": "Northern Lights", "subtitle": "Season 2"},
              {"type": "toggle", "id": "auto", "title": "Autoplay", "isOn": true},
              {"type": "row", "id": "q", "title": "Quality", "value": "Automatic", "accessoryType": "disclosureIndicator"},
              {"type": "row", "id": "en", "title": "English", "accessoryType": "checkmark"},
              {"type": "textField", "id": "pw", "title": "Password", "secure": true, "value": "hunter22"},
              {"type": "picker", "id": "theme", "title": "Theme", "options": ["Light", "Dark"], "value": "Dark", "pickerStyle": "segmented"},
              {"type": "button", "id": "off", "title": "Rent", "disabled": true},
              {"type": "text", "id": "h", "text": "Up Next", "focusable": true, "accessibilityTraits": ["header"], "onSelect": []},
              {"type": "button", "id": "ghost", "title": "Hidden", "accessibilityHidden": true},
              {"type": "button", "id": "rated", "title": "Rating", "accessibilityValue": "4 of 5 stars"}
            ]}}
            """#)
        #expect(says(s, "play") == "Play, button. Starts the first episode.")
        #expect(says(s, "fav") == "Heart, button", "a symbol's name as words when nothing names it")
        #expect(says(s, "named") == "Add to favourites, button")
        #expect(says(s, "p") == "Northern Lights, Season 2, button")
        #expect(says(s, "auto") == "Autoplay, On, switch button")
        #expect(says(s, "q") == "Quality, Automatic, button")
        #expect(says(s, "en") == "Selected, English, button")
        #expect(says(s, "pw") == "Password, 8 characters, text field", "a secure field never says its text")
        #expect(says(s, "theme/1") == "Selected, Dark, button, 2 of 2")
        #expect(says(s, "theme/0") == "Light, button, 1 of 2")
        #expect(says(s, "off") == "Rent, button, dimmed")
        #expect(says(s, "h") == "Up Next, heading")
        #expect(says(s, "ghost") == nil)
        #expect(says(s, "rated") == "Rating, 4 of 5 stars, button")
    }

    @Test func tabsSayTheirPlaceAndSelection() throws {
        let s = try sim(
            #"""
            {"root": {"type": "tabBar", "id": "bar", "tabs": [
              {"id": "t1", "title": "Watch Now", "content": {"type": "button", "id": "a", "title": "A"}},
              {"id": "t2", "title": "Movies", "content": {"type": "button", "id": "b", "title": "B"}}]}}
            """#)
        #expect(says(s, "t1") == "Selected, Watch Now, tab, 1 of 2")
        #expect(says(s, "t2") == "Movies, tab, 2 of 2")
    }

    @Test func aCombiningContainerSpeaksForWhatItHolds() throws {
        let s = try sim(
            #"""
            {"root": {"type": "vstack", "children": [
              {"type": "vstack", "id": "card", "accessibilityElement": "combine", "children": [
                {"type": "text", "id": "t", "text": "Northern Lights"},
                {"type": "text", "id": "r", "text": "Rated 4.8", "accessibilitySortPriority": 1},
                {"type": "text", "id": "x", "text": "decoration", "accessibilityHidden": true},
                {"type": "button", "id": "go", "title": "Watch"}]},
              {"type": "vstack", "id": "labelled", "accessibilityElement": "combine", "accessibilityLabel": "Extras", "children": [
                {"type": "button", "id": "e", "title": "Trailer"}]}
            ]}}
            """#)
        #expect(says(s, "go") == "Rated 4.8, Northern Lights, Watch, button")
        #expect(says(s, "e") == "Extras, button")
    }

    @Test func theScriptPlayerSaysWhatIsNew() throws {
        let s = try sim(
            #"""
            {"root": {"type": "vstack", "children": [
              {"type": "toggle", "id": "auto", "title": "Autoplay", "isOn": false},
              {"type": "button", "id": "b", "title": "Done"}]}}
            """#)
        var player = ScriptPlayer(
            simulator: s, script: InputScript(presses: [.select, .swipe(.down), .swipe(.down)], gap: 480))
        player.speaks = true
        let steps = player.playToEnd()
        #expect(steps.map(\.spoken) == ["Autoplay, On, switch button", "Done, button", nil])
        // Off by default: nothing is computed.
        var quiet = ScriptPlayer(simulator: s, script: InputScript(presses: [.swipe(.down)], gap: 480))
        #expect(quiet.playToEnd().map(\.spoken) == [nil])
    }

    /// A step shows at most a thousand characters of what is said, and counts the rest: an announcement of 12,000
    /// characters repeated at every move made `path --json` write gigabytes.
    @Test func aLongAnnouncementIsCutAndCounted() throws {
        let long = String(repeating: "é", count: 4_000)
        let s = try sim(
            #"""
            {"root": {"type": "vstack", "children": [
              {"type": "button", "id": "a", "title": "A"},
              {"type": "button", "id": "b", "title": "\#(long)", "accessibilityHint": "\#(long)"}]}}
            """#)
        var player = ScriptPlayer(simulator: s, script: InputScript(presses: [.swipe(.down)], gap: 480))
        player.speaks = true
        let spoken = try #require(player.playToEnd().first?.spoken)
        #expect(spoken.hasPrefix(String(repeating: "é", count: 1_000) + "… ("))
        let full = try #require(player.sim.announcement(for: "b")?.text)
        #expect(spoken.hasSuffix("… (\(full.count - ScriptPlayer.spokenLimit) more characters)"))
        #expect(ScriptPlayer.briefly(String(repeating: "a", count: 1_000)) == String(repeating: "a", count: 1_000))
    }

    @Test func badAccessibilityKeysAreReported() {
        #expect(
            sceneErrors(#"{"root": {"type": "button", "accessibilityTraits": ["heading"]}}"#).first?.contains(
                #"expects one of "button", "header""#) == true)
        #expect(
            sceneErrors(#"{"root": {"type": "button", "accessibilityTraits": "header"}}"#).first?.contains("a list")
                == true)
        #expect(
            sceneErrors(#"{"root": {"type": "vstack", "accessibilityElement": "merge"}}"#).first?.contains(
                #""combine", "ignore", "contain""#) == true)
        #expect(
            sceneErrors(#"{"root": {"type": "button", "accessibilityHidden": 1}}"#).first?.contains("true or false")
                == true)
        #expect(
            sceneErrors(#"{"root": {"type": "button", "accessibilitySortPriority": 1e9}}"#).first?.contains(
                "-1000000 to 1000000")
                == true)
    }

    /// The announcements of many items, found in one walk, are each item's own (the audit asks for every unnamed
    /// item's at once: a walk each was quadratic).
    @Test func manyAnnouncementsAtOnceAreEachItemsOwn() throws {
        var sim = try Simulator(scene: BuiltInScenes.home())
        sim.send(.swipe(.down))
        let ids = sim.scene.allNodes.map(\.id) + ["nothing-here"]
        let batch = sim.announcements(for: Set(ids))
        for id in ids { #expect(batch[id] == sim.announcement(for: id), "\(id)") }
        #expect(batch.count > 10 && batch["nothing-here"] == nil)
    }
}
