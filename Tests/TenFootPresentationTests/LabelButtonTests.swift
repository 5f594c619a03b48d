import FocusEngine
import Foundation
import TenFootPresentation
import TenFootScene
import TestSupport
import Testing

@testable import TenFootSim

/// A stack that is a button's label (`buttonStyle`, SwiftUI's `Button { … } label: { HStack { … } }`): one focusable
/// item the size of the label with its padding, its content drawn on the button's platter and lifted with it.
@Suite struct LabelButtonTests {
    static let scene = """
        {"root": {"type": "vstack", "spacing": 30, "children": [
          {"type": "hstack", "id": "row", "buttonStyle": "bordered", "title": "Episode", "spacing": 24,
           "padding": 20, "width": "fill", "onSelect": [{"focus": "below"}], "children": [
            {"type": "image", "id": "thumb", "width": 240, "aspect": "16:9"},
            {"type": "vstack", "id": "column", "alignment": "leading", "children": [
              {"type": "text", "id": "name", "text": "Episode one", "style": "headline"},
              {"type": "button", "id": "inner", "title": "Inner"}
            ]},
            {"type": "spacer"}
          ]},
          {"type": "hstack", "id": "card", "buttonStyle": "card", "children": [
            {"type": "text", "text": "On a card"}
          ]},
          {"type": "button", "id": "below", "title": "Below"}
        ]}}
        """

    func settled(_ moves: [RemoteEvent] = []) throws -> Simulator {
        var sim = try Simulator(scene: try SceneDecoder.decode(Self.scene, file: "t.json"))
        sim.step(ticks: 600)
        for m in moves {
            sim.send(m)
            sim.step(ticks: 120)
        }
        return sim
    }

    /// The label is one item: focus starts on it, its content is never a target of its own, a swipe leaves it for
    /// the next item, and select runs its action.
    @Test func theLabelIsOneItem() throws {
        var sim = try settled()
        #expect(sim.focused == "row")
        sim.send(.swipe(.down))
        sim.step(ticks: 120)
        #expect(sim.focused == "card")
        sim.send(.swipe(.down))
        sim.step(ticks: 120)
        #expect(sim.focused == "below")
        #expect(sim.scene.allNodes.first { $0.id == "row" }?.accessibleName == "Episode")
        var again = try settled()
        again.send(.select)
        again.step(ticks: 120)
        #expect(again.focused == "below")
    }

    /// Its focus frame is the label with its padding, as SwiftUI's platter is; the content lies inside it.
    @Test func itsFrameHoldsItsPadding() throws {
        let sim = try settled()
        let (screen, _) = sim.displayLayout()
        let row = try #require(screen.frame(of: "row"))
        let thumb = try #require(screen.frame(of: "thumb"))
        let column = try #require(screen.frame(of: "column"))
        #expect(thumb.minX == row.minX + 20 && column.maxX < row.maxX - 20)
        #expect(row.height == max(thumb.height, column.height) + 40)
        #expect(min(thumb.minY, column.minY) == row.minY + 20)
    }

    /// Focused, the standard style's platter is white and its text in the appearance's colour turns dark; resting,
    /// the platter is the translucent one and the text light. The content grows with the lift.
    @Test func theFocusedPlatterTurnsItsTextDark() throws {
        func commands(_ sim: Simulator) -> [DrawCommand] { SceneRenderer().displayList(sim).commands }
        func textColour(_ list: [DrawCommand], _ words: String) -> Color? {
            for c in list {
                if case .text(let s, _, _, _, _, let colour, _, _) = c, s == words { return colour }
                if case .textLine(let line, _, _, _, let colour) = c, line.text == words { return colour }
            }
            return nil
        }
        func platter(_ list: [DrawCommand], _ frame: Rect) -> Color? {
            for c in list {
                if case .rect(let r, _, let colour) = c, r.minX <= frame.midX, r.maxX >= frame.midX,
                    r.minY <= frame.midY,
                    r.maxY >= frame.midY, r.width >= frame.width - 0.5
                {
                    return colour
                }
            }
            return nil
        }
        let focused = try settled()
        let (screen, _) = focused.displayLayout()
        let row = try #require(screen.frame(of: "row"))
        let dark = Color(12, 12, 14)
        #expect(platter(commands(focused), row) == Color(250, 250, 252))
        #expect(textColour(commands(focused), "Episode one") == dark)
        let resting = try settled([.swipe(.down)])
        #expect(platter(commands(resting), row) != Color(250, 250, 252))
        #expect(textColour(commands(resting), "Episode one").map { $0 != dark } == true)
    }

    /// `buttonStyle` takes the three styles, on stacks only; `title` on a stack names a button's label only.
    @Test func theKeysAreChecked() {
        #expect(
            sceneErrors(#"{"root": {"type": "hstack", "buttonStyle": "bordred", "children": []}}"#)
                == [
                    #"t.json:1:44: error: "buttonStyle" expects one of "bordered", "card", "plain", got "bordred"; did you mean "bordered"? (at root.buttonStyle)"#
                ])
        #expect(
            sceneErrors(#"{"root": {"type": "hstack", "title": "Row", "children": []}}"#)
                == [
                    #"t.json:1:29: error: "title" names a stack that is a button's label: give the stack a "buttonStyle" too, or name it with "accessibilityLabel" (at root.title)"#
                ])
        #expect(sceneErrors(#"{"root": {"type": "scroll", "buttonStyle": "card", "children": []}}"#).count == 1)
        // A misspelt style is the one error: the title beside it is not also said to lack a style.
        #expect(
            sceneErrors(#"{"root": {"type": "hstack", "buttonStyle": "cards", "title": "T", "children": []}}"#).count
                == 1)
        #expect(
            sceneErrors(#"{"root": {"type": "zstack", "buttonStyle": "plain", "title": "T", "children": []}}"#).isEmpty)
    }
}
