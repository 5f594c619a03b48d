/// Scenes compiled into the binary, so `tenfoot` with no argument always has something to show.
public enum BuiltInScenes {
    /// The name shown in messages for the built-in default scene.
    public static let defaultFile = "<built-in home>"

    /// The default scene: the same text as `scenes/home.json` (a test keeps the two identical).
    public static func home() -> Scene {
        do { return try SceneDecoder.decode(homeJSON, file: defaultFile) } catch {
            fatalError("the built-in scene does not load: \(error)")  // a test guards this
        }
    }

    public static let homeJSON = #"""
{
  "name": "Home",
  "root": {
    "type": "vstack", "id": "page", "alignment": "leading", "spacing": 60,
    "children": [
      { "type": "text", "id": "heading", "text": "Watch Now", "style": "title2" },
      { "type": "shelf", "id": "upNext", "title": "Up Next", "remembersLastFocus": true, "children": [
        { "type": "poster", "id": "p1", "title": "Northern Lights", "subtitle": "Season 2" },
        { "type": "poster", "id": "p2", "title": "The Long Way Home" },
        { "type": "poster", "id": "p3", "title": "Harbour" },
        { "type": "poster", "id": "p4", "title": "Midnight Garden" },
        { "type": "poster", "id": "p5", "title": "Paper Planes" },
        { "type": "poster", "id": "p6", "title": "Blue Hour" },
        { "type": "poster", "id": "p7", "title": "Cinder" },
        { "type": "poster", "id": "p8", "title": "Lighthouse" },
        { "type": "poster", "id": "p9", "title": "Salt Road" },
        { "type": "poster", "id": "p10", "title": "Afterglow" }
      ] }
    ]
  },
  "expect": [
    { "name": "focus starts on the first poster", "press": [], "focus": "p1" },
    { "name": "right moves along the shelf", "press": ["right", "right", "left"], "focus": ["p2", "p3", "p2"] },
    { "name": "left at the start is blocked", "press": ["left"], "focus": ["p1"], "via": ["blocked"] }
  ]
}
"""#
}
