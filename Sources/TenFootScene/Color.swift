import Foundation

/// A colour with its opacity, 8 bits a channel: what scene files name (`"#rrggbb"`) and what display lists draw.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// `#rrggbb` (opaque) or `#rrggbbaa` (CSS's order: the opacity last); nil for anything else (the one reading of
    /// a colour a file writes).
    public init?(hex: String) {
        let digits = hex.utf8.dropFirst()
        guard hex.first == "#", digits.count == 6 || digits.count == 8,
            digits.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }),
            let v = UInt32(hex.dropFirst(), radix: 16)
        else { return nil }
        if digits.count == 6 {
            self.init(UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
        } else {
            self.init(UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
        }
    }

    /// This colour composited over an opaque `surface`: opaque.
    public func over(_ surface: Color) -> Color {
        let a = Double(self.a) / 255
        func mix(_ c: UInt8, _ s: UInt8) -> UInt8 { UInt8((Double(c) * a + Double(s) * (1 - a)).rounded()) }
        return Color(mix(r, surface.r), mix(g, surface.g), mix(b, surface.b))
    }

    public func withAlpha(_ a: Double) -> Color {
        Color(r, g, b, UInt8(max(0, min(255, (Double(self.a) * a).rounded()))))
    }

    public var description: String { rgbHex + Self.hex(a) }
    /// What a scene file writes: `#rrggbb` when opaque, else `#rrggbbaa`.
    public var sceneHex: String { a == 255 ? rgbHex : description }
    /// `#rrggbb` in lower case, the alpha left out.
    public var rgbHex: String { "#" + Self.hex(r) + Self.hex(g) + Self.hex(b) }
    private static func hex(_ v: UInt8) -> String { (v < 16 ? "0" : "") + String(v, radix: 16) }
}
