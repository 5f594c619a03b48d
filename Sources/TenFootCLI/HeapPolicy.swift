// What the process's allocator does with memory it frees (glibc's malloc), set once at start-up.

import Foundation

/// Keeps up to ``keptBytes`` of free heap at the heap's top instead of handing it back to the kernel,
/// and serves blocks below ``ownMappingFrom`` from the heap instead of mappings of their own.
///
/// glibc hands the free top of the heap back once it exceeds its trim threshold, which starts at 128 KB
/// and grows to twice the largest mapped block freed (at most 64 MB). Loading a scene frees what it
/// parsed and what the previous scene held: for the 10,000-poster catalogue that garbage (about 5 MB)
/// stays in the process and the next load reuses it, while a scene at the node limit frees some 40 MB,
/// much of which goes back to the kernel and is taken again, page by page, by the next load (6,000 page
/// faults a reload, measured with `tenfoot-bench loadscaling`). Kept, a reload of a large scene costs the
/// same per node as one of a small scene (docs/performance.md, "The heap policy").
///
/// The price is resident memory: the free top of the heap, up to 128 MB, stays in the process until it is
/// used again; so do free blocks between live ones (as with glibc's defaults), and blocks from 128 KB to
/// 32 MB, which glibc would have mapped and unmapped on their own, are now among them. Measured after a
/// reload of the node-limit scene, the process holds about 9 MB more than with glibc's defaults (851
/// against 763 bytes a node, `tenfoot-bench loadmemory`). Only `tenfoot` and `tenfoot-bench` apply it, at
/// start-up; of the test processes, only the CLI tests' applies it, in the test of this policy.
public enum HeapPolicy {
    /// Free heap the process keeps at the top of the heap (glibc `M_TRIM_THRESHOLD`).
    public static let keptBytes: Int32 = 128 << 20
    /// Blocks at least this large get a mapping of their own (glibc `M_MMAP_THRESHOLD`, at its maximum
    /// on 64-bit systems): setting the trim threshold fixes this one too, at its 128 KB start, where every
    /// large array of a big scene would be mapped, faulted in and unmapped on each load.
    public static let ownMappingFrom: Int32 = 32 << 20
    /// `mallopt`'s option numbers (glibc's malloc.h, which Swift's Glibc module does not import).
    static let trimThresholdOption: Int32 = -1, mmapThresholdOption: Int32 = -3

    /// Sets the policy; false where the allocator is not glibc's (nothing changes) or refuses a setting
    /// (the mapping threshold, set first, may then be set without the trim threshold).
    @discardableResult
    public static func apply() -> Bool {
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
        let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
        return mallopt(mmapThresholdOption, ownMappingFrom) == 1 && mallopt(trimThresholdOption, keptBytes) == 1
    }
}
