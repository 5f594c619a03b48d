/// The alternative policies: Android's FocusFinder and the WICG CSS spatial navigation polyfill,
/// ported rule for rule so TenFoot can show how the same layout behaves on those platforms.
/// Neither has sections or guides: they search every eligible item of the front-most layer.
/// Sources: AOSP `core/java/android/view/FocusFinder.java`, WICG `polyfill/spatial-navigation-polyfill.js`
/// (commits and line numbers in docs/focus-engine.md).
extension FocusTree {
    var eligibleItems: [Int] { spatial.targets.lazy.map(Int.init).filter { self.roles[$0] == .item } }

    // MARK: Android FocusFinder

    func androidSearch(from focused: Int, _ direction: Direction) -> SearchResult? {
        let source = frames[focused]
        var best: Int?
        for c in eligibleItems where c != focused {
            if let b = best {
                if AndroidFocusFinder.isBetterCandidate(direction, source, frames[c], frames[b]) { best = c }
            } else if AndroidFocusFinder.isCandidate(source, frames[c], direction) {
                best = c
            }
        }
        return best.map {
            SearchResult(item: $0, target: $0, key: SearchKey(gap: 0, offset: 0, kind: .item, order: $0))
        }
    }

    // MARK: WICG spatial navigation polyfill

    func webSearch(from focused: Int, _ direction: Direction) -> SearchResult? {
        let origin = frames[focused]
        // One pass over the candidates, no copies (a diff of thousands of items makes every one's swipes).
        // Insiders first: candidates lying inside the origin are entered whatever the direction, nearest by the
        // edge facing against the direction (ties: the first in the tree).
        var inner: (distance: Double, item: Int)?
        var best: (Double, Int)?
        for c in eligibleItems where c != focused {
            let frame = frames[c]
            if origin.contains(frame) && frame != origin {
                let d = WebSpatialNavigation.innerDistance(origin, frame, direction)
                if inner == nil || d < inner!.distance || (d == inner!.distance && c < inner!.item) { inner = (d, c) }
            } else if inner == nil, WebSpatialNavigation.isCandidate(origin, frame, direction) {
                let d = WebSpatialNavigation.distance(origin, frame, direction)
                if best == nil || d < best!.0 { best = (d, c) }
            }
        }
        if let inner {
            return SearchResult(
                item: inner.item, target: inner.item, key: SearchKey(gap: 0, offset: 0, kind: .item, order: inner.item))
        }
        return best.map {
            SearchResult(item: $0.1, target: $0.1, key: SearchKey(gap: $0.0, offset: 0, kind: .item, order: $0.1))
        }
    }
}

/// FocusFinder's predicates, on rectangles only (left/top/right/bottom as Android names them).
public enum AndroidFocusFinder {
    /// `getWeightedDistanceFor`: the major axis counts 13 times as much as the minor one, squared.
    /// Android's comment warns the constant was tuned by hand; keep it exactly.
    public static let majorAxisWeight = 13.0

    public static func isBetterCandidate(_ d: Direction, _ source: Rect, _ rect1: Rect, _ rect2: Rect) -> Bool {
        if !isCandidate(source, rect1, d) { return false }
        if !isCandidate(source, rect2, d) { return true }
        if beamBeats(d, source, rect1, rect2) { return true }
        if beamBeats(d, source, rect2, rect1) { return false }
        return weightedDistance(majorAxisDistance(d, source, rect1), minorAxisDistance(d, source, rect1))
            < weightedDistance(majorAxisDistance(d, source, rect2), minorAxisDistance(d, source, rect2))
    }

    /// The destination starts further along the direction and ends further along it.
    public static func isCandidate(_ src: Rect, _ dest: Rect, _ d: Direction) -> Bool {
        switch d {
        case .left: (src.maxX > dest.maxX || src.minX >= dest.maxX) && src.minX > dest.minX
        case .right: (src.minX < dest.minX || src.maxX <= dest.minX) && src.maxX < dest.maxX
        case .up: (src.maxY > dest.maxY || src.minY >= dest.maxY) && src.minY > dest.minY
        case .down: (src.minY < dest.minY || src.maxY <= dest.minY) && src.maxY < dest.maxY
        }
    }

    /// Strict overlap across the direction (touching edges are not in the beam).
    public static func beamsOverlap(_ d: Direction, _ rect1: Rect, _ rect2: Rect) -> Bool {
        d.isHorizontal
            ? rect2.maxY > rect1.minY && rect2.minY < rect1.maxY
            : rect2.maxX > rect1.minX && rect2.minX < rect1.maxX
    }

    static func beamBeats(_ d: Direction, _ source: Rect, _ rect1: Rect, _ rect2: Rect) -> Bool {
        let rect1InBeam = beamsOverlap(d, source, rect1)
        let rect2InBeam = beamsOverlap(d, source, rect2)
        if rect2InBeam || !rect1InBeam { return false }
        if !isToDirectionOf(d, source, rect2) { return true }
        if d.isHorizontal { return true }
        return majorAxisDistance(d, source, rect1) < majorAxisDistanceToFarEdge(d, source, rect2)
    }

    static func isToDirectionOf(_ d: Direction, _ src: Rect, _ dest: Rect) -> Bool {
        switch d {
        case .left: src.minX >= dest.maxX
        case .right: src.maxX <= dest.minX
        case .up: src.minY >= dest.maxY
        case .down: src.maxY <= dest.minY
        }
    }

    static func majorAxisDistance(_ d: Direction, _ source: Rect, _ dest: Rect) -> Double {
        let raw: Double
        switch d {
        case .left: raw = source.minX - dest.maxX
        case .right: raw = dest.minX - source.maxX
        case .up: raw = source.minY - dest.maxY
        case .down: raw = dest.minY - source.maxY
        }
        return max(0, raw)
    }

    static func majorAxisDistanceToFarEdge(_ d: Direction, _ source: Rect, _ dest: Rect) -> Double {
        let raw: Double
        switch d {
        case .left: raw = source.minX - dest.minX
        case .right: raw = dest.maxX - source.maxX
        case .up: raw = source.minY - dest.minY
        case .down: raw = dest.maxY - source.maxY
        }
        return max(1, raw)
    }

    /// Centre offset across the direction, with Android's integer halves (`top + height() / 2`).
    static func minorAxisDistance(_ d: Direction, _ source: Rect, _ dest: Rect) -> Double {
        func half(_ v: Double) -> Double { (v / 2).rounded(.towardZero) }
        return d.isHorizontal
            ? abs((source.minY + half(source.height)) - (dest.minY + half(dest.height)))
            : abs((source.minX + half(source.width)) - (dest.minX + half(dest.width)))
    }

    static func weightedDistance(_ major: Double, _ minor: Double) -> Double {
        majorAxisWeight * major * major + minor * minor
    }
}

/// The WICG polyfill's candidate filter and distance function.
public enum WebSpatialNavigation {
    /// Weights of the orthogonal distance (polyfill `getDistance`): sideways moves punish vertical
    /// offset hard (30), vertical moves mildly (2).
    static let orthogonalWeightLeftRight = 30.0
    static let orthogonalWeightUpDown = 2.0
    static let alignWeight = 5.0

    /// `isOutside(candidate, origin, dir) && !isInside(origin, candidate)`.
    public static func isCandidate(_ origin: Rect, _ c: Rect, _ d: Direction) -> Bool {
        let outside: Bool
        switch d {
        case .left: outside = isRightSide(origin, c)
        case .right: outside = isRightSide(c, origin)
        case .up: outside = isBelow(origin, c)
        case .down: outside = isBelow(c, origin)
        }
        return outside && !isInside(origin, c)
    }

    static func isRightSide(_ r1: Rect, _ r2: Rect) -> Bool {
        r1.minX >= r2.maxX || (r1.minX >= r2.minX && r1.maxX > r2.maxX && r1.maxY > r2.minY && r1.minY < r2.maxY)
    }

    static func isBelow(_ r1: Rect, _ r2: Rect) -> Bool {
        r1.minY >= r2.maxY || (r1.minY >= r2.minY && r1.maxY > r2.maxY && r1.minX < r2.maxX && r1.maxX > r2.minX)
    }

    /// True when a corner of `child` lies inside `container`.
    static func isInside(_ container: Rect, _ child: Rect) -> Bool {
        let right = container.minX < child.maxX && container.maxX >= child.maxX
        let left = container.minX <= child.minX && container.maxX > child.minX
        let top = container.minY <= child.minY && container.maxY > child.minY
        let bottom = container.minY < child.maxY && container.maxY >= child.maxY
        return (right || left) && (top || bottom)
    }

    static func isAligned(_ r1: Rect, _ r2: Rect, _ d: Direction) -> Bool {
        d.isHorizontal ? r1.minY < r2.maxY && r2.minY < r1.maxY : r1.minX < r2.maxX && r2.minX < r1.maxX
    }

    /// `getInnerDistance`: for insiders, the distance between the edges facing against the direction.
    static func innerDistance(_ origin: Rect, _ c: Rect, _ d: Direction) -> Double {
        switch d {
        case .left: abs(origin.maxX - c.maxX)
        case .right: abs(origin.minX - c.minX)
        case .up: abs(origin.maxY - c.maxY)
        case .down: abs(origin.minY - c.minY)
        }
    }

    /// `getDistance`: A + B − C − D (Euclidean gap, weighted orthogonal gap, alignment bonus, overlap bonus).
    public static func distance(_ r1: Rect, _ r2: Rect, _ d: Direction) -> Double {
        var exit = (x: 0.0, y: 0.0)
        var entry = (x: 0.0, y: 0.0)
        switch d {
        case .left:
            exit.x = r1.minX
            entry.x = r2.maxX < r1.minX ? r2.maxX : r1.minX
        case .up:
            exit.y = r1.minY
            entry.y = r2.maxY < r1.minY ? r2.maxY : r1.minY
        case .right:
            exit.x = r1.maxX
            entry.x = r2.minX > r1.maxX ? r2.minX : r1.maxX
        case .down:
            exit.y = r1.maxY
            entry.y = r2.minY > r1.maxY ? r2.minY : r1.maxY
        }
        if d.isHorizontal {
            if isBelow(r1, r2) {
                exit.y = r1.minY
                entry.y = r2.maxY < r1.minY ? r2.maxY : r1.minY
            } else if isBelow(r2, r1) {
                exit.y = r1.maxY
                entry.y = r2.minY > r1.maxY ? r2.minY : r1.maxY
            } else {
                exit.y = max(r1.minY, r2.minY)
                entry.y = exit.y
            }
        } else {
            if isRightSide(r1, r2) {
                exit.x = r1.minX
                entry.x = r2.maxX < r1.minX ? r2.maxX : r1.minX
            } else if isRightSide(r2, r1) {
                exit.x = r1.maxX
                entry.x = r2.minX > r1.maxX ? r2.minX : r1.maxX
            } else {
                exit.x = max(r1.minX, r2.minX)
                entry.x = exit.x
            }
        }
        let a = ((entry.x - exit.x) * (entry.x - exit.x) + (entry.y - exit.y) * (entry.y - exit.y)).squareRoot()
        // The polyfill's intersection rect keeps absolute width/height even when the rects are apart.
        let ix0 = max(r1.minX, r2.minX)
        let iy0 = max(r1.minY, r2.minY)
        let ix1 = min(r1.maxX, r2.maxX)
        let iy1 = min(r1.maxY, r2.maxY)
        let iw = abs(ix0 - ix1)
        let ih = abs(iy0 - iy1)
        let intersects = !(ix0 >= ix1 || iy0 >= iy1)
        let dArea = intersects ? (iw * ih).squareRoot() : 0
        var orthogonalBias = 0.0
        var alignBias = 0.0
        let b: Double
        if d.isHorizontal {
            if isAligned(r1, r2, d) { alignBias = min(ih / r1.height, 1) } else { orthogonalBias = r1.height / 2 }
            b = (abs(entry.y - exit.y) + orthogonalBias) * orthogonalWeightLeftRight
        } else {
            if isAligned(r1, r2, d) { alignBias = min(iw / r1.width, 1) } else { orthogonalBias = r1.width / 2 }
            b = (abs(entry.x - exit.x) + orthogonalBias) * orthogonalWeightUpDown
        }
        return a + b - alignWeight * alignBias - dArea
    }
}
