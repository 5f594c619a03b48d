@preconcurrency import CSDL2
import TenFootPresentation
import TenFootSim

extension OffscreenCanvas {
    /// Whether the canvas blends modulated copies itself (`Rasteriser+Blend`), the default, or leaves them to SDL: the
    /// same bytes either way (the render benchmark times both).
    public var blendsModulatedCopies: Bool {
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
