import Foundation

/// One frame's pixels (ARGB8888 rows, tightly packed: ffmpeg's `bgra`), owned by a ``FramePool``.
/// `@unchecked Sendable`: the pixels are written by the renderer before the buffer is queued and read
/// by the writer thread after the queue hands it over, never both at once; `uses` is guarded by the
/// pool's lock.
public final class FrameBuffer: @unchecked Sendable {
    public let bytes: UnsafeMutableRawBufferPointer
    /// References held by the renderer and by queued writes; guarded by the pool's lock.
    fileprivate var uses = 0

    init(count: Int) {
        bytes = .allocate(byteCount: count, alignment: 64)
        bytes.initializeMemory(as: UInt8.self, repeating: 0)
    }

    deinit { bytes.deallocate() }
}

/// A fixed number of frame buffers shared by the renderer (main thread) and the writer thread. A
/// buffer goes back to the free list when nobody holds it: an unchanged frame is queued again by
/// reference instead of being re-rendered or copied. A free buffer keeps the frame last drawn into it, which the
/// renderer draws over only where the next one differs (`OffscreenCanvas.drawChanges`, where the sink leaves the bytes
/// as drawn), and no buffer is freed before the pool: the canvas knows them by address.
/// `@unchecked Sendable`: every mutable field is used only while holding `condition`.
final class FramePool: @unchecked Sendable {
    private let condition = NSCondition()
    private var free: [FrameBuffer] = []
    private var allocated = 0
    private let limit: Int
    private let size: Int
    private var cancelled = false

    init(frameBytes: Int, limit: Int) {
        size = frameBytes
        self.limit = limit
    }

    /// A buffer nobody holds, allocated lazily up to the limit; nil once cancelled.
    func acquire() -> FrameBuffer? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if cancelled { return nil }
            if let b = free.popLast() {
                b.uses = 1
                return b
            }
            if allocated < limit {
                allocated += 1
                let b = FrameBuffer(count: size)
                b.uses = 1
                return b
            }
            condition.wait()
        }
    }

    func retain(_ b: FrameBuffer) {
        condition.lock()
        b.uses += 1
        condition.unlock()
    }

    func release(_ b: FrameBuffer) {
        condition.lock()
        defer { condition.unlock() }
        b.uses -= 1
        if b.uses == 0 {
            free.append(b)
            condition.signal()
        }
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }
}

/// A small bounded first-in-first-out queue between the renderer and the writer thread: it keeps
/// both cores busy (frame N+1 renders while N is written) without letting the renderer run far ahead.
/// `@unchecked Sendable`: every mutable field is used only while holding `condition`.
final class FrameQueue<Item: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Item] = []
    private var head = 0
    private let capacity: Int
    private var closed = false
    private var cancelled = false

    init(capacity: Int) { self.capacity = capacity }

    /// Waits for room; false when the queue was cancelled (the consumer gave up).
    func push(_ item: Item) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count - head >= capacity, !cancelled { condition.wait() }
        if cancelled { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    /// The next item; nil when the queue is closed and drained, or cancelled.
    func pop() -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while head == items.count, !closed, !cancelled { condition.wait() }
        if cancelled || head == items.count { return nil }
        let item = items[head]
        head += 1
        if head > 64, head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        return item
    }

    /// No more items: the consumer drains what is queued, then `pop` returns nil.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Stops both sides now; queued items are dropped.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// Items queued and not yet taken.
    func drop() -> [Item] {
        condition.lock()
        defer { condition.unlock() }
        let rest = Array(items[head...])
        items = []
        head = 0
        return rest
    }
}
