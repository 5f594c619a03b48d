import TenFootCore

/// Limits that keep a runaway or hostile file from exhausting memory or time (docs/scene-format.md,
/// Limits). Each refusal names the file, line and column and the limit.
public enum SceneLimits {
    /// The largest scene file: a thousand times the 10,000-poster catalogue's 320 KB.
    public static let maxFileBytes = JSONParser.Limits.standard.maxBytes
    /// Levels of nodes below the root (or a sheet).
    public static let maxDepth = 64
    /// Nodes in a file: screen, sheets, tab contents and appended nodes together. Memory grows by
    /// about 4 KB a node through the simulator (a 100,000-node scene: 420 MB; the 10,000-poster
    /// catalogue: 69 MB); the nodes past the limit are not decoded.
    public static let maxNodes = 100_000
    /// Sizes, frames and padding, in points (the screen is 1,920 wide).
    public static let maxSize = 100_000.0
    /// A fixed text `size`, in points: a glyph is drawn at most this high (the tvOS Title 1 is 76 pt at Large,
    /// 157 at Accessibility XXXL).
    public static let minFontSize = 1.0
    public static let maxFontSize = 400.0
    /// Characters in an id, a state name or a reference to one.
    public static let maxIDLength = 200
    /// Characters in any other string: titles, text, values, options… (a screen of body text is
    /// about 2,000; a 10 MB title once took 3.2 GB to draw).
    public static let maxTextLength = 4_000

    /// A string's length as every limit counts it: in Unicode scalars (code points), not in characters as Swift
    /// groups them. One character can hold any number of scalars (an "e" with 100,000 accents, 2,000 emoji joined
    /// by ZWJ), and such a cluster passed the limits counted in characters and cost quadratic time to wrap.
    public static func length(_ s: some StringProtocol) -> Int { s.unicodeScalars.count }

    /// The first `n` scalars of `s` (``length(_:)``), for text cut to a limit.
    public static func prefix(_ s: String, _ n: Int) -> String {
        s.utf8.count <= n ? s : String(String.UnicodeScalarView(s.unicodeScalars.prefix(n)))
    }
    /// Characters of the text a scene draws, together: titles, subtitles, texts, values, options, placeholders,
    /// messages, headers, footers, suggestions and accessibility labels. A wrapped paragraph is shaped a few times
    /// over while its lines are filled, and `audit --accessibility` lays the screen out at every text size: 3,000
    /// texts of 4,000 characters took 54 s to lay out once, and 2,000,000 characters that change script every few
    /// characters 17.8 s (release). Text dense in direction controls and scripts took 6.4 s of CPU to open at
    /// 500,000 characters, 2.8 s at 250,000; at this limit it opens in under 3 s. It is twice the 10,000-poster
    /// catalogue's text, and forty screens of body text.
    public static let maxSceneText = 200_000
    /// Tabs in one tab bar. tvOS shows a handful on its one line; every tab's screen is laid out and checked with
    /// the bar (which holds every tab) in it, so the work of a check grows with the square of the tabs.
    public static let maxTabs = 50
    /// Unknown ids that get a "did you mean" suggestion, and as many misspelt keys, types and values;
    /// later ones are reported without one.
    public static let maxSuggestions = 100
}
