import TenFootPresentation
import TenFootRaster
import TenFootScene
import TenFootSim

/// Draws simulator states into an offscreen canvas (software renderer), overlays included: the one
/// drawing path of `record` and `screenshot`. It remembers the last display list and skips drawing
/// when a frame's list is the same (the pixels in the canvas are already right).
public final class FrameComposer {
    public let canvas: OffscreenCanvas
    public let renderer: SceneRenderer
    public let overlays: Overlays
    private var last: DisplayList?

    public init(width: Int32, height: Int32, appearance: Appearance, overlays: Overlays, assets: AssetTable)
        throws(RecordingError)
    {
        do {
            // Whole frames: the encoder needs the other cores (at 4K on two, a recording in two bands ran at 0.83 of
            // ffmpeg alone against 0.88 whole; PNG frames took as long).
            canvas = try OffscreenCanvas(width: width, height: height, fonts: try FontCache(), assets: assets)
        } catch {
            throw .rendering("cannot set up offscreen rendering: \(error)")
        }
        renderer = SceneRenderer(appearance: appearance)
        self.overlays = overlays
    }

    /// The display list of a state, overlays included.
    public func displayList(_ sim: Simulator) -> DisplayList {
        renderer.displayList(sim, overlays: overlays)
    }

    /// Draws the state into the canvas; false when its display list equals the previous frame's
    /// (nothing drawn: the canvas already shows it).
    @discardableResult
    public func draw(_ sim: Simulator) -> Bool {
        let list = displayList(sim)
        if list == last { return false }
        canvas.draw(list)
        last = list
        return true
    }

    /// The display list of a frame, or nil when it equals the previous frame's.
    func changedList(_ sim: Simulator) -> DisplayList? {
        let list = displayList(sim)
        if list == last { return nil }
        last = list
        return list
    }

    /// Draws `list` into `buffer` (tightly packed ARGB8888 rows: ffmpeg's `bgra`). Where it can, the
    /// renderer draws straight into the buffer, with `changes` only what changed since the frame the buffer holds
    /// (its bytes left as this drew them); otherwise into the canvas, then copied (a read-back). Returns whether
    /// fewer than all its rows were drawn.
    func render(_ list: DisplayList, into buffer: FrameBuffer, changes: Bool) -> Bool {
        if changes { return renderChanges(list, into: buffer) != [0..<Int(canvas.height)] }
        if canvas.isTightlyPacked, case .clear = list.commands.first {
            canvas.draw(list, into: buffer.bytes.baseAddress!)
            return false
        }
        canvas.draw(list)
        let source = canvas.bytes()
        let row = Int(canvas.width) * 4
        for y in 0..<Int(canvas.height) {
            UnsafeMutableRawBufferPointer(rebasing: buffer.bytes[y * row..<(y + 1) * row])
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[y * canvas.pitch..<y * canvas.pitch + row]))
        }
        return false
    }

    /// Draws `list` into `buffer`, which holds the frame drawn into it before (or zeros): returns the rows that may
    /// differ from that frame, top to bottom (all of them where the frame is drawn whole).
    func renderChanges(_ list: DisplayList, into buffer: FrameBuffer) -> [Range<Int>] {
        if canvas.isTightlyPacked, case .clear = list.commands.first {
            return canvas.drawChanges(list, into: buffer.bytes.baseAddress!).map {
                Int($0.lowerBound)..<Int($0.upperBound)
            }
        }
        _ = render(list, into: buffer, changes: false)
        return [0..<Int(canvas.height)]
    }
}
