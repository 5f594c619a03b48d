// What the process's allocator does with memory it frees (glibc's malloc), set once at start-up.

import Foundation

/// Keeps up to ``keptBytes`` of freed heap in the process instead of handing it back to the kernel at
/// once, and serves allocations below ``ownMappingFrom`` from the heap.
///
/// glibc hands the free top of the heap back as soon as it exceeds its trim threshold, which grows with
/// the largest block freed but stays a few megabytes for a process like this one. Loading a scene frees
/// what it parsed and what the previous scene held; for the 10,000-poster catalogue that garbage (about
/// 5 MB) stays under the threshold and the next load reuses it, while a scene at the node limit frees
/// some 40 MB, which go back to the kernel and are taken again, page by page, by the next reload (6,000
/// page faults a reload, measured). Kept, a live reload of a large scene costs the same per node as one
/// of a small scene (docs/performance.md, "Linearity, fourth attempt"). The price is resident memory:
/// up to 128 MB of freed heap stays in the process until it is used again or the process ends.
/// Only the executables apply it (`tenfoot`, `tenfoot-bench`); the tests run with glibc's defaults.
public enum HeapPolicy {
    /// Free heap the process keeps (glibc `M_TRIM_THRESHOLD`).
    public static let keptBytes = 128 << 20
    /// Blocks at least this large get a mapping of their own (glibc `M_MMAP_THRESHOLD`, at its maximum):
    /// setting the trim threshold fixes this one too, at its 128 KB start, where every array of a large
    /// scene would be mapped, faulted in and unmapped on each load.
    public static let ownMappingFrom = 32 << 20

    /// Sets the policy; false where the allocator is not glibc's (nothing is changed there).
    @discardableResult
    public static func apply() -> Bool {
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        // `mallopt` is glibc's (malloc.h, which Swift's Glibc module does not import): looked up by name.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
        let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
        let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3
        return mallopt(mmapThreshold, Int32(ownMappingFrom)) == 1 && mallopt(trimThreshold, Int32(keptBytes)) == 1
    }
}
