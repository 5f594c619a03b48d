/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014): a tiny,
/// fast generator whose sequence depends only on the seed, so a failing seeded test or a benchmark's
/// workload repeats exactly. Not for anything that needs unpredictability.
public struct SplitMix: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `0 ..< n` (modulo: the bias is negligible for the small `n` tests use).
    public mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// A number in `lo ..< hi` on a grid of 10,000 steps (so values print short).
    public mutating func double(_ lo: Double, _ hi: Double) -> Double {
        lo + (hi - lo) * Double(next() % 10_000) / 10_000
    }
}

extension SplitMix {
    /// `bytes` damaged the way a file gets damaged, for a reader's random-damage test: 1 to 4 changes (`copy % 4 + 1`),
    /// all of one kind (`copy % 3`: a byte overwritten, up to 40 bytes cut out, a byte put in); never empty.
    public mutating func damaged(_ bytes: [UInt8], copy: Int) -> [UInt8] {
        var bytes = bytes
        for _ in 0...(copy % 4) {
            let at = Int.random(in: 0..<bytes.count, using: &self)
            switch copy % 3 {
            case 0: bytes[at] = UInt8.random(in: 0...255, using: &self)
            case 1: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &self)))
            default: bytes.insert(UInt8.random(in: 0...255, using: &self), at: at)
            }
            if bytes.isEmpty { bytes = [0] }
        }
        return bytes
    }
}
