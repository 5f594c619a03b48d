/// A GIF's one palette, made from the recording's frames as the recorder draws them: the palette ffmpeg's
/// `palettegen=stats_mode=diff` makes of the same frames, byte for byte (ffmpeg 5.1, Debian 12's: a median cut in RGB
/// of the colours counted, 255 colours and a transparent one). ffmpeg then only applies it (`paletteuse`), frame by
/// frame as they come: with `palettegen` in the same graph it held every frame until the input ended, which made a
/// GIF slower than the frames' own drawing and encoding, and its memory grow with the clip's length
/// (docs/recording.md).
///
/// What is counted, as ffmpeg counts it with `stats_mode=diff`: every pixel of the first frame, then, for each frame
/// after it, the pixels of the frame *before* it that the frame changes (so the last frame's changes are never
/// counted). Colours are kept in the order ffmpeg's histogram lists them (by the low five bits of red, green and blue,
/// then as first seen), and the boxes are cut with the same quicksort, whose order among equal keys decides which
/// colours fall on each side of a cut.
struct GIFPalette {
    /// How many entries a palette has, and the one left for transparency (ffmpeg's `reserve_transparent`).
    static let size = 256
    /// The colour of the transparent entry: ffmpeg's `transparency_color` (lime) with alpha 0.
    static let transparent: UInt32 = 0x0000_FF00

    /// The colours counted, as first seen (`0xAARRGGBB`, a `bgra` pixel read little-endian).
    private var colors: [UInt32] = []
    /// Open addressing from a colour to how often it was counted: the colour in the high half of a slot, its index in
    /// `colors` + 1 in the low (0 is empty), its count beside it in `tallies`; a power of two, at most half full.
    private var slots = [UInt64](repeating: 0, count: 1 << 12)
    private var tallies = [UInt64](repeating: 0, count: 1 << 12)
    /// The last frame added: what the next one changes of it is counted.
    private var previous: [UInt32] = []
    /// The pixels of `previous` the frame being added changes, in order (kept between frames for its memory).
    private var changed: [UInt32] = []

    /// The colours counted so far.
    var colorCount: Int { colors.count }

    /// Counts a frame (`pixels`: tightly packed `bgra`, 4 bytes a pixel). `rows`: the rows where it may differ from the
    /// frame added before it, top to bottom (all of them unless known; ignored for the first frame).
    mutating func add(_ pixels: UnsafeRawBufferPointer, width: Int, rows: [Range<Int>]? = nil) {
        let count = pixels.count / 4
        guard let base = pixels.baseAddress, count > 0 else { return }
        let frame = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt32.self), count: count)
        if previous.isEmpty {
            previous = Array(frame)
            tally(previous)
            return
        }
        precondition(previous.count == count, "every frame of a GIF has the same size")
        let height = width > 0 ? count / width : 0
        var changed = self.changed
        self.changed = []
        changed.removeAll(keepingCapacity: true)
        previous.withUnsafeMutableBufferPointer { before in
            for band in rows ?? [0..<height] {
                let lo = max(0, band.lowerBound) * width
                let hi = min(height, band.upperBound) * width
                guard lo < hi else { continue }
                for i in lo..<hi {
                    let new = frame[i]
                    let old = before[i]
                    if old != new {
                        changed.append(old)
                        before[i] = new
                    }
                }
            }
        }
        tally(changed)
        self.changed = changed
    }

    /// Counts `pixels`, in order. The index grows when a new colour leaves it more than half full, so that 2²⁴ colours
    /// take 2²⁵ slots (512 MB) and no more.
    private mutating func tally(_ pixels: [UInt32]) {
        var (colors, slots, tallies) = (self.colors, self.slots, self.tallies)
        (self.colors, self.slots, self.tallies) = ([], [], [])
        defer { (self.colors, self.slots, self.tallies) = (colors, slots, tallies) }
        // The slot of the colour counted last: runs of one colour are counted without looking it up.
        var lastColor: UInt32 = 0
        var lastSlot = -1
        var next = 0
        while next < pixels.count {
            if colors.count * 2 > slots.count {
                (slots, tallies) = Self.grown(slots, tallies)
                lastSlot = -1
            }
            slots.withUnsafeMutableBufferPointer { slots in
                tallies.withUnsafeMutableBufferPointer { tallies in
                    let bits = slots.count.trailingZeroBitCount
                    let mask = slots.count - 1
                    while next < pixels.count {
                        let color = pixels[next]
                        next += 1
                        if color == lastColor && lastSlot >= 0 {
                            tallies[lastSlot] &+= 1
                            continue
                        }
                        var slot = Self.hash(color, bits: bits)
                        var new = false
                        while true {
                            let s = slots[slot]
                            if s == 0 {
                                colors.append(color)
                                slots[slot] = UInt64(color) << 32 | UInt64(colors.count)
                                new = true
                                break
                            }
                            if UInt32(truncatingIfNeeded: s >> 32) == color { break }
                            slot = (slot + 1) & mask
                        }
                        tallies[slot] &+= 1
                        (lastColor, lastSlot) = (color, slot)
                        // More than half full: it grows before the next pixel is looked up.
                        if new && colors.count * 2 > slots.count { return }
                    }
                }
            }
        }
    }

    private static func hash(_ color: UInt32, bits: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(color) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }

    /// The index at twice the size, holding the same colours and counts.
    private static func grown(_ slots: [UInt64], _ tallies: [UInt64]) -> ([UInt64], [UInt64]) {
        let bits = slots.count.trailingZeroBitCount + 1
        var (biggerSlots, biggerTallies) = (
            [UInt64](repeating: 0, count: 1 << bits), [UInt64](repeating: 0, count: 1 << bits)
        )
        let mask = biggerSlots.count - 1
        for (k, s) in slots.enumerated() where s != 0 {
            var slot = hash(UInt32(truncatingIfNeeded: s >> 32), bits: bits)
            while biggerSlots[slot] != 0 { slot = (slot + 1) & mask }
            biggerSlots[slot] = s
            biggerTallies[slot] = tallies[k]
        }
        return (biggerSlots, biggerTallies)
    }

    /// Each colour's count, in the order of `colors`.
    private func counts() -> [UInt64] {
        var counts = [UInt64](repeating: 0, count: colors.count)
        for (k, s) in slots.enumerated() where s != 0 {
            counts[Int(truncatingIfNeeded: s & 0xFFFF_FFFF) - 1] = tallies[k]
        }
        return counts
    }

    // MARK: The median cut

    struct Ref {
        var color: UInt32
        var count: UInt64
    }

    struct Box {
        var color: UInt32
        var variance: Int64
        var start: Int
        var count: Int
        /// The channel its colours are sorted by (1 red, 2 green, 3 blue), -1 none.
        var sortedBy: Int
    }

    /// The colours as ffmpeg's histogram lists them: by the low five bits of red, green and blue, then as first seen.
    func refs() -> [Ref] {
        let counts = counts()
        var firsts = [Int](repeating: 0, count: (1 << 15) + 1)
        for color in colors { firsts[Self.bucket(color) + 1] += 1 }
        for b in 0..<(1 << 15) { firsts[b + 1] += firsts[b] }
        var out = [Ref](repeating: Ref(color: 0, count: 0), count: colors.count)
        for (k, color) in colors.enumerated() {
            let b = Self.bucket(color)
            out[firsts[b]] = Ref(color: color, count: counts[k])
            firsts[b] += 1
        }
        return out
    }

    static func bucket(_ color: UInt32) -> Int {
        Int((color >> 16 & 31) << 10 | (color >> 8 & 31) << 5 | color & 31)
    }

    /// The palette: 256 `bgra` entries (1,024 bytes, ffmpeg's 16×16 palette picture), the colours in ascending order,
    /// padded with the last, and the transparent entry last. Nil when no frame was added.
    func palette() -> [UInt8]? {
        guard !colors.isEmpty else { return nil }
        var refs = refs()
        var boxes = [Box(color: 0, variance: -1, start: 0, count: refs.count, sortedBy: -1)]
        boxes[0].color = Self.average(refs, 0, refs.count)
        var current: Int? = 0
        while let b = current, boxes[b].count > 1 {
            let start = boxes[b].start
            let end = start + boxes[b].count
            var low: [UInt32] = [255, 255, 255]
            var high: [UInt32] = [0, 0, 0]
            var weight: UInt64 = 0
            for ref in refs[start..<end] {
                for c in 0..<3 {
                    let v = ref.color >> (16 - 8 * UInt32(c)) & 0xFF
                    low[c] = min(low[c], v)
                    high[c] = max(high[c], v)
                }
                weight &+= ref.count
            }
            let (r, g, bl) = (high[0] - low[0], high[1] - low[1], high[2] - low[2])
            // Green unless another range is wider: the colour the eye tells apart best.
            var longest = 2
            if bl >= r && bl >= g { longest = 3 }
            if r >= g && r >= bl { longest = 1 }
            if g >= r && g >= bl { longest = 2 }
            if boxes[b].sortedBy != longest {
                Self.quicksort(&refs, start, end - 1, shift: UInt32(8 * (3 - longest)))
                boxes[b].sortedBy = longest
            }
            // The cut: past the median weight, with at least one colour on each side.
            let median = (weight &+ 1) >> 1
            var sum: UInt64 = 0
            var i = start
            while i < end - 2 {
                sum &+= refs[i].count
                if sum > median { break }
                i += 1
            }
            var new = Box(color: 0, variance: -1, start: i + 1, count: end - (i + 1), sortedBy: boxes[b].sortedBy)
            boxes[b].count -= new.count
            boxes[b].color = Self.average(refs, boxes[b].start, boxes[b].count)
            boxes[b].variance = -1
            new.color = Self.average(refs, new.start, new.count)
            boxes.append(new)
            current = Self.nextToCut(&boxes, refs)
        }
        let colors = boxes.map(\.color).sorted()
        var entries = [UInt32](repeating: 0, count: Self.size)
        var last: UInt32 = 0
        for k in 0..<Self.size {
            if k < colors.count { last = colors[k] }
            entries[k] = last
        }
        entries[Self.size - 1] = Self.transparent
        var bytes = [UInt8]()
        bytes.reserveCapacity(Self.size * 4)
        for e in entries { bytes += [UInt8(e & 0xFF), UInt8(e >> 8 & 0xFF), UInt8(e >> 16 & 0xFF), UInt8(e >> 24)] }
        return bytes
    }

    /// The box with the largest spread (the first of equals), once there are fewer than 255; its spread is worked out
    /// when first needed.
    static func nextToCut(_ boxes: inout [Box], _ refs: [Ref]) -> Int? {
        guard boxes.count < size - 1 else { return nil }
        var best: Int?
        var most: Int64 = -1
        for k in boxes.indices {
            guard boxes[k].count >= 2 else {
                boxes[k].variance = -1
                continue
            }
            if boxes[k].variance == -1 {
                var v: UInt64 = 0
                let c = boxes[k].color
                for ref in refs[boxes[k].start..<boxes[k].start + boxes[k].count] {
                    v &+= UInt64(distance(ref.color, c)) &* ref.count
                }
                boxes[k].variance = Int64(bitPattern: v)
            }
            if boxes[k].variance > most {
                best = k
                most = boxes[k].variance
            }
        }
        return best
    }

    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        var sum = 0
        for shift: UInt32 in [16, 8, 0] {
            let d = Int(a >> shift & 0xFF) - Int(b >> shift & 0xFF)
            sum += d * d
        }
        return sum
    }

    /// The colours' mean, weighted by their counts, opaque.
    static func average(_ refs: [Ref], _ start: Int, _ count: Int) -> UInt32 {
        var (r, g, b, n): (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        for ref in refs[start..<start + count] {
            r &+= UInt64(ref.color >> 16 & 0xFF) &* ref.count
            g &+= UInt64(ref.color >> 8 & 0xFF) &* ref.count
            b &+= UInt64(ref.color & 0xFF) &* ref.count
            n &+= ref.count
        }
        guard n > 0 else { return 0xFF00_0000 }
        return 0xFF00_0000 | UInt32(truncatingIfNeeded: (r / n) << 16 | (g / n) << 8 | b / n)
    }

    /// Sorts `refs[first...last]` by one channel (`shift`: 16 red, 8 green, 0 blue) with the quicksort ffmpeg sorts a
    /// box with (libavutil's `AV_QSORT`: a median of three, the smaller part first, a check for a run already in
    /// order): not stable, so the order it leaves equal keys in is part of the palette. A median of three has inputs
    /// that make it quadratic, which a picture's pixels could be made to be: past `budget` comparisons (by default 32
    /// for every element and level of a balanced sort) the range is sorted again by Swift's own sort, in n log n, and
    /// the palette is no longer ffmpeg's but still the same every time. Returns whether it was.
    @discardableResult
    static func quicksort(_ refs: inout [Ref], _ first: Int, _ last: Int, shift: UInt32, budget: Int? = nil) -> Bool {
        guard first < last else { return false }
        let n = last - first + 1
        let budget = budget ?? 32 * n * (Int.bitWidth - n.leadingZeroBitCount)
        var compares = 0
        let done = refs.withUnsafeMutableBufferPointer { a -> Bool in
            @inline(__always) func key(_ i: Int) -> Int { Int(a[i].color >> shift & 0xFF) }
            @inline(__always) func cmp(_ i: Int, _ j: Int) -> Int {
                compares &+= 1
                return key(i) - key(j)
            }
            var stack: [(Int, Int)] = [(first, last)]
            while let (s, e) = stack.popLast() {
                if compares > budget { return false }
                var start = s
                var end = e
                while start < end {
                    guard start < end - 1 else {
                        if cmp(start, end) > 0 { a.swapAt(start, end) }
                        break
                    }
                    var sorted = false
                    var right = end - 2
                    var left = start + 1
                    var mid = start + ((end - start) >> 1)
                    if cmp(start, end) > 0 {
                        if cmp(end, mid) > 0 { a.swapAt(start, mid) } else { a.swapAt(start, end) }
                    } else if cmp(start, mid) > 0 {
                        a.swapAt(start, mid)
                    } else {
                        sorted = true
                    }
                    if cmp(mid, end) > 0 {
                        a.swapAt(mid, end)
                        sorted = false
                    }
                    if start == end - 2 { break }
                    a.swapAt(end - 1, mid)
                    while left <= right {
                        while left <= right && cmp(left, end - 1) < 0 { left += 1 }
                        while left <= right && cmp(right, end - 1) > 0 { right -= 1 }
                        if left <= right {
                            a.swapAt(left, right)
                            left += 1
                            right -= 1
                        }
                    }
                    a.swapAt(end - 1, left)
                    if sorted && (mid == left - 1 || mid == left) {
                        mid = start
                        while mid < end && cmp(mid, mid + 1) <= 0 { mid += 1 }
                        if mid == end { break }
                    }
                    if end - left < left - start {
                        stack.append((start, right))
                        start = left + 1
                    } else {
                        stack.append((left + 1, end))
                        end = right
                    }
                    if compares > budget { return false }
                }
            }
            return true
        }
        if done { return false }
        refs[first...last].sort { $0.color >> shift & 0xFF < $1.color >> shift & 0xFF }
        return true
    }
}
