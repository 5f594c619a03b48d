import FocusEngine

/// A node placed on screen: its focus frame (the geometry the engine sees) and the box it occupies
/// (the frame plus captions under posters).
public struct PlacedNode: Sendable {
    /// The scene node (a reference to its storage: copying a placed tree copies no node's fields).
    public var node: SceneNode
    public var frame: Rect
    public var box: Rect
    public var children: [PlacedNode]
    /// What only some nodes have (scrolling containers, texts, sections, stacks), apart: most placed
    /// nodes are leaves that have none of it, and a placement is walked node by node several times per
    /// load, so each node is 88 bytes instead of 160 (a 100,000-poster grid's children array is 8.8 MB
    /// instead of 16). Copied on write.
    private var extras: Extras?

    /// For scrolling containers: the size of the content, in points.
    public var contentSize: Double {
        get { extras?.contentSize ?? 0 }
        set { if extras != nil || newValue != 0 { edit { $0.contentSize = newValue } } }
    }
    /// For scrolling containers: their bounds, the rectangle they show their content in along their
    /// axis. The frame, reaching to the screen's (or a sheet panel's) edge where the frame meets the
    /// safe area's edge: a full-width shelf shows the posters peeking past the safe area, as a tvOS
    /// collection view that fills the screen with its content inset does.
    public var clipBounds: Rect? {
        get { extras?.clipBounds }
        set { if extras != nil || newValue != nil { edit { $0.clipBounds = newValue } } }
    }
    /// For texts: the lines layout measured, as they are drawn (wrapped, limited, shaped).
    public var textLines: [TextLine]? {
        get { extras?.textLines }
        set { if extras != nil || newValue != nil { edit { $0.textLines = newValue } } }
    }
    /// Text layout placed around a node that is not a node of its own: a section's header and footer, an
    /// alert's title and message (layout measured them; the renderer draws them where they are).
    public var labels: [PlacedLabel] {
        get { extras?.labels ?? [] }
        set { if extras != nil || !newValue.isEmpty { edit { $0.labels = newValue } } }
    }

    /// The text size this node was laid out at where a `dynamicTypeSize` range above it (or on it) clamps the
    /// setting; nil where the scene's own applies.
    public var textSize: TextSize? {
        get { extras?.textSize }
        set { if extras != nil || newValue != nil { edit { $0.textSize = newValue } } }
    }

    /// Whether the node stands on a picture (a hero's actions on its backdrop): controls rest on a platter that
    /// reads over any picture instead of the screen's background.
    public var onBackdrop: Bool {
        get { extras?.onBackdrop ?? false }
        set { if extras != nil || newValue { edit { $0.onBackdrop = newValue } } }
    }

    /// For containers whose children run top to bottom (vertical stacks, grids, pages): the tallest
    /// child's box, so a renderer can find the visible children by binary search. nil otherwise.
    public var verticalRun: Double? {
        switch type {
        case .vstack, .grid, .scroll: tallestChild
        default: nil
        }
    }
    var tallestChild: Double? {
        get { extras?.tallestChild }
        set { if extras != nil || newValue != nil { edit { $0.tallestChild = newValue } } }
    }

    public init(node: SceneNode, frame: Rect, box: Rect, children: [PlacedNode], contentSize: Double = 0) {
        self.node = node
        self.frame = frame
        self.box = box
        self.children = children
        self.contentSize = contentSize
    }

    public var id: String { node.id }
    public var type: NodeType { node.type }
    public var isHidden: Bool { node.hidden }

    private final class Extras: @unchecked Sendable {
        // Unchecked: an instance is mutated only while uniquely referenced (`edit`), so it is never
        // changed while shared.
        var contentSize = 0.0
        var clipBounds: Rect?
        var textLines: [TextLine]?
        var labels: [PlacedLabel] = []
        var tallestChild: Double?
        var textSize: TextSize?
        var onBackdrop = false

        init() {}

        func copy() -> Extras {
            let c = Extras()
            c.contentSize = contentSize
            c.clipBounds = clipBounds
            c.textLines = textLines
            c.labels = labels
            c.tallestChild = tallestChild
            c.textSize = textSize
            c.onBackdrop = onBackdrop
            return c
        }
    }

    private mutating func edit(_ change: (Extras) -> Void) {
        if extras == nil {
            extras = Extras()
        } else if !isKnownUniquelyReferenced(&extras) {
            extras = extras!.copy()
        }
        change(extras!)
    }
}

/// Lines of text layout placed for a node (a section's header, an alert's message), drawn as they were measured.
public struct PlacedLabel: Sendable {
    public enum Role: String, Sendable { case title, message, header, footer }
    public var role: Role
    /// The lines' font (their style at the layout's text size).
    public var font: TextFont
    public var lines: [TextLine]
    /// The box the lines sit in (one line height each).
    public var frame: Rect
    public var alignment: HorizontalAlignment

    public init(role: Role, font: TextFont, lines: [TextLine], frame: Rect, alignment: HorizontalAlignment) {
        self.role = role
        self.font = font
        self.lines = lines
        self.frame = frame
        self.alignment = alignment
    }
}
