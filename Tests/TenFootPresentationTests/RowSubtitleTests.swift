import FocusEngine
import Foundation
import TenFootPresentation
import TenFootScene
import TestSupport
import Testing

@testable import TenFootSim

/// A settings row with a subtitle (UITableViewCell's subtitle style, a list row of a name over its server): taller
/// by a caption line, the title above the middle and the subtitle under it in the secondary colour, both read by
/// VoiceOver.
@Suite struct RowSubtitleTests {
    static let scene = """
        {"root": {"type": "vstack", "width": 900, "children": [
          {"type": "row", "id": "home", "title": "Home Server", "subtitle": "Jellyfin", "value": "Online"},
          {"type": "row", "id": "plain", "title": "Plain"}
        ]}}
        """

    @Test func aSubtitleIsALineUnderTheTitle() throws {
        var sim = try Simulator(scene: try SceneDecoder.decode(Self.scene, file: "t.json"))
        sim.step(ticks: 600)
        let (screen, _) = sim.displayLayout()
        let home = try #require(screen.frame(of: "home"))
        let plain = try #require(screen.frame(of: "plain"))
        #expect(home.height == plain.height + TextStyle.caption1.lineHeight)
        var lines: [String: (y: Double, colour: Color)] = [:]
        for c in SceneRenderer().displayList(sim).commands {
            if case .textLine(let line, _, let y, _, let colour) = c { lines[line.text] = (y, colour) }
        }
        let title = try #require(lines["Home Server"])
        let subtitle = try #require(lines["Jellyfin"])
        let value = try #require(lines["Online"])
        #expect(title.y < subtitle.y && subtitle.y < home.maxY)
        #expect(subtitle.colour == value.colour && subtitle.colour != title.colour)
        #expect(sim.scene.allNodes.first { $0.id == "home" }?.accessibleName == "Home Server, Jellyfin")
    }
}
