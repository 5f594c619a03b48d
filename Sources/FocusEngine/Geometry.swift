/// Rectangles, points and directions in screen points (y grows downwards), the engine's only geometry.
///
/// The engine works on layout frames in a 1920×1080-point space; nothing here knows about pixels.
public struct Rect: Hashable, Sendable, Codable, BitwiseCopyable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public init(_ x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.init(x: x, y: y, width: width, height: height)
    }

    public static let zero = Rect(0, 0, 0, 0)

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var area: Double { width * height }
    public var isEmpty: Bool { !(width > 0) || !(height > 0) }

    /// True when the two rectangles share an area; touching edges do not count.
    public func overlaps(_ other: Rect) -> Bool {
        min(maxX, other.maxX) > max(minX, other.minX) && min(maxY, other.maxY) > max(minY, other.minY)
    }

    /// True when `other` lies inside this rectangle (edges may coincide).
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    public func contains(x px: Double, y py: Double) -> Bool {
        px >= minX && px < maxX && py >= minY && py < maxY
    }

    public func intersection(_ other: Rect) -> Rect? {
        let x0 = max(minX, other.minX)
        let x1 = min(maxX, other.maxX)
        let y0 = max(minY, other.minY)
        let y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }

    public func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        return Rect(x0, y0, max(maxX, other.maxX) - x0, max(maxY, other.maxY) - y0)
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x + dx, y + dy, width, height) }

    public func insetBy(dx: Double, dy: Double) -> Rect { Rect(x + dx, y + dy, width - 2 * dx, height - 2 * dy) }

    public var description: String { "[\(fmt(x)), \(fmt(y)), \(fmt(width)), \(fmt(height))]" }
}

/// Formats a coordinate without a trailing ".0" so text output stays short and stable.
public func fmt(_ value: Double) -> String {
    guard abs(value) < 1e15 else { return String(value) }  // `1e+308`, not `inf` from the rounding
    if value == value.rounded() { return String(Int(value)) }
    let rounded = (value * 100).rounded() / 100
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    return String(rounded)
}

/// A swipe direction on the remote; the four headings of directional focus.
public enum Direction: String, CaseIterable, Sendable, Codable, Hashable {
    case up, down, left, right

    public var opposite: Direction {
        switch self {
        case .up: .down
        case .down: .up
        case .left: .right
        case .right: .left
        }
    }

    /// True for left and right: the major axis is x.
    public var isHorizontal: Bool { self == .left || self == .right }

    /// The axis a move in this direction travels along.
    public var axis: ScrollAxes { isHorizontal ? .horizontal : .vertical }
}

/// Cutting rectangles: what the visible-region rule (Visibility.swift) is made of.
extension Rect {
    /// This rectangle cut to `bounds` along `axis` (x for `.horizontal`, y for `.vertical`, both for
    /// `.both`); unchanged across it. An empty result has zero width or height. An axis the bounds do
    /// not cut keeps its exact values (no rounding from recomputing the size).
    public func clipped(to bounds: Rect, along axis: ScrollAxes) -> Rect {
        var r = self
        if axis.contains(.horizontal), bounds.minX > r.minX || bounds.maxX < r.maxX {
            let x0 = max(r.minX, bounds.minX)
            let x1 = min(r.maxX, bounds.maxX)
            r.x = x0
            r.width = max(0, x1 - x0)
        }
        if axis.contains(.vertical), bounds.minY > r.minY || bounds.maxY < r.maxY {
            let y0 = max(r.minY, bounds.minY)
            let y1 = min(r.maxY, bounds.maxY)
            r.y = y0
            r.height = max(0, y1 - y0)
        }
        return r
    }

    /// The parts of this rectangle outside `hole`, as at most four rectangles: the band above the
    /// hole, the parts left and right of it, the band below (in that order). Itself when they do not
    /// overlap; nothing when the hole covers it.
    public func subtracting(_ hole: Rect) -> [Rect] {
        var parts: [Rect] = []
        subtract(hole, into: &parts)
        return parts
    }

    /// Appends ``subtracting(_:)``'s rectangles, in its order, to `parts`.
    func subtract(_ hole: Rect, into parts: inout [Rect]) {
        guard overlaps(hole) else {
            if !isEmpty { parts.append(self) }
            return
        }
        if hole.minY > minY { parts.append(Rect(minX, minY, width, hole.minY - minY)) }
        let y0 = max(minY, hole.minY)
        let y1 = min(maxY, hole.maxY)
        if hole.minX > minX { parts.append(Rect(minX, y0, hole.minX - minX, y1 - y0)) }
        if hole.maxX < maxX { parts.append(Rect(hole.maxX, y0, maxX - hole.maxX, y1 - y0)) }
        if hole.maxY < maxY { parts.append(Rect(minX, hole.maxY, width, maxY - hole.maxY)) }
    }
}

/// Distances measured from a focused frame in one direction: along it (major) and across it (minor).
extension Rect {
    /// The coordinate of this frame's leading edge when travelling in `direction`.
    func leadingEdge(_ direction: Direction) -> Double {
        switch direction {
        case .right: maxX
        case .left: minX
        case .down: maxY
        case .up: minY
        }
    }

    /// How far this frame extends beyond `edge` in `direction` (positive when some part lies beyond it).
    func extentBeyond(_ edge: Double, _ direction: Direction) -> Double {
        switch direction {
        case .right: maxX - max(edge, minX)
        case .left: min(edge, maxX) - minX
        case .down: maxY - max(edge, minY)
        case .up: min(edge, maxY) - minY
        }
    }

    /// Gap from `edge` to this frame's near side in `direction`; zero when the frame already reaches the edge.
    func gap(from edge: Double, _ direction: Direction) -> Double {
        switch direction {
        case .right: max(0, minX - edge)
        case .left: max(0, edge - maxX)
        case .down: max(0, minY - edge)
        case .up: max(0, edge - maxY)
        }
    }

    /// Overlap with `other` across `direction` (the beam's width), positive when they share a band.
    func crossOverlap(_ other: Rect, _ direction: Direction) -> Double {
        direction.isHorizontal
            ? min(maxY, other.maxY) - max(minY, other.minY)
            : min(maxX, other.maxX) - max(minX, other.minX)
    }

    /// Distance between centres across `direction`.
    func crossOffset(_ other: Rect, _ direction: Direction) -> Double {
        direction.isHorizontal ? abs(midY - other.midY) : abs(midX - other.midX)
    }
}
