@preconcurrency import CSDL2
import TenFootPresentation
import TenFootScene
import TenFootSim

extension OffscreenCanvas {
    /// Whether the canvas blends blended copies itself (`Rasteriser+Blend`), the default, or leaves them to SDL: the same
    /// bytes either way (the render benchmark times both).
    public var blendsCopies: Bool {
        get { rasteriser.directBlending }
        set { for r in rasterisers { r.directBlending = newValue } }
    }

    /// True when rows are tightly packed (pitch = width × 4), so outside memory can stand in for the
    /// canvas's own pixels.
    public var isTightlyPacked: Bool { pitch == Int(width) * 4 }

    /// Draws a whole frame straight into `pixels` (width × height ARGB8888, tightly packed) instead of
    /// the canvas's own memory: the recorder renders into the buffer it hands to the encoder, with no
    /// read-back copy. Every display list starts with a full clear, so what `pixels` held before does
    /// not matter. The canvas's own pixels are left as they were.
    public func draw(_ list: DisplayList, into pixels: UnsafeMutableRawPointer) {
        precondition(isTightlyPacked, "draw(_:into:) needs tightly packed rows")
        let own = surface.pointee.pixels
        surface.pointee.pixels = pixels
        render(list)
        surface.pointee.pixels = own
    }
}

extension OffscreenCanvas {
    /// Draws `list` into `pixels` (width × height ARGB8888, tightly packed), which hold a frame this drew into them
    /// before: only the rows that changed since (`DisplayList.damage(since:)` between each frame drawn since and the one
    /// before it), and those of the commands each of those frames drew with a stand-in (``Rasteriser/standIns``), in
    /// bands where they are many; of those rows, only the columns from the leftmost that changed to the rightmost. A
    /// recorder draws into a few buffers in turn this way, a window into its one. The whole frame the first time, after
    /// ``forgetLastFrame()``, into other memory, when the canvas drew a frame by another call since, with other pictures
    /// (a changed image file loaded again), when most rows changed, or when a frame since leaves commands out
    /// (``Rasteriser/maxOverdrawScreens``: which ones depends on the whole list). Returns the rows drawn, top to bottom
    /// (none: nothing changed). The rows drawn hold the bytes the whole frame drawn in the same sequence holds there, so
    /// the memory holds that frame; no pixel outside ``changedAreas`` changed. Memory freed whose address may come back
    /// is forgotten first (``forgetLastFrame()``).
    public func drawChanges(_ list: DisplayList, into pixels: UnsafeMutableRawPointer) -> [Range<Int32>] {
        precondition(isTightlyPacked, "drawChanges(_:into:) needs tightly packed rows")
        // What the last frame drew with stand-ins is drawn again (with their own, now its size holds).
        let standIns = rasterisers.flatMap(\.standIns)
        let leftOut = Rasteriser.bottomCut(list.commands, screens: rasteriser.overdrawBudget) > 0
        let step: Damage
        if let last = lastChanges, last.frame == rasteriser.frameNumber, !last.leftOut, !leftOut,
            last.assets.isSame(as: rasteriser.assets), rasteriser.profile == nil
        {
            step = list.damage(since: last.list).adding(standIns)
        } else {
            step = .all
        }
        for k in held.indices { held[k].damage = held[k].damage.union(step) }
        let since = held.firstIndex { $0.pixels == pixels }.map { held.remove(at: $0).damage } ?? .all
        defer {
            held.append((pixels, .none))
            if held.count > OffscreenCanvas.mostHeld { held.removeFirst() }
            lastChanges = (list, rasteriser.assets, rasteriser.frameNumber, leftOut)
        }
        if let areas = since.outputAreas(
            Letterbox(outputWidth: Double(width), outputHeight: Double(height)), width: width, height: height),
            areas.reduce(0, { $0 + Int($1.rows.count) }) * 4 < Int(height) * 3
        {
            changedAreas = areas.filter { !$0.columns.isEmpty }
            // Nothing changed. (Something that changed off the output is drawn over no rows: what a rasteriser draws
            // next may depend on every frame it ran, as a picture's size while it animates.)
            if case .areas(let changed) = since, changed.isEmpty { return [] }
            let own = surface.pointee.pixels
            surface.pointee.pixels = pixels
            // The columns that changed, from the leftmost to the rightmost: the others hold what the frame holds.
            let columns = changedAreas.map(\.columns).reduce(0..<0, OutputArea.joined)
            let drawn = render(list, rows: areas.map(\.rows), columns: columns)
            surface.pointee.pixels = own
            return drawn
        }
        draw(list, into: pixels)
        changedAreas = [OutputArea(rows: 0..<height, columns: 0..<width)]
        return [0..<height]
    }

    /// Most buffers ``drawChanges(_:into:)`` keeps track of (a recorder's in flight), the least recently drawn let go.
    static let mostHeld = 8

    /// The next ``drawChanges(_:into:)`` draws the whole frame (what its memory holds is no longer the last frame).
    public func forgetLastFrame() {
        lastChanges = nil
        held = []
    }
}

extension OffscreenCanvas {
    /// Takes on what `other`'s rasteriser was told (its pictures, its budgets): a window's canvas made again at a new
    /// size draws what the old one drew.
    public func follow(_ other: OffscreenCanvas) {
        for r in rasterisers { r.follow(other.rasteriser) }
        blendsCopies = other.blendsCopies
    }
}
