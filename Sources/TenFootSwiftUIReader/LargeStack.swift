#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The reader's stack: SwiftSyntax walks trees recursively (source locations, visitors, descriptions), and the
/// interpreter recurses through views; `SourceLimits.maxSyntaxDepth` bounds the depth, and this bounds the
/// stack those walks need, far above it (only the pages a walk touches are used).
let readerStackBytes = 512 << 20

/// `work` on a thread of its own with a `readerStackBytes` stack, waited for; on the calling thread when no such
/// thread can be made.
func onLargeStack(_ work: @escaping () -> Void) {
    LargeStackThread(work).join()
}

/// `work` started on a thread of its own with a `readerStackBytes` stack, until ``join()`` waits for it; run on the
/// calling thread, at once, when no such thread can be made.
final class LargeStackThread {
    private final class Job: @unchecked Sendable {
        let work: () -> Void
        init(_ work: @escaping () -> Void) { self.work = work }
    }
    #if canImport(Glibc)
        private var thread = pthread_t()
    #else
        private var thread: pthread_t?
    #endif
    private var started = false

    init(_ work: @escaping () -> Void) {
        let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
        defer { attributes.deallocate() }
        pthread_attr_init(attributes)
        defer { pthread_attr_destroy(attributes) }
        pthread_attr_setstacksize(attributes, readerStackBytes)
        // The thread releases the job it is given when its work is done.
        let context = Unmanaged.passRetained(Job(work)).toOpaque()
        let made = pthread_create(
            &thread, attributes,
            { raw in
                let job = Unmanaged<Job>.fromOpaque(raw!)
                job.takeUnretainedValue().work()
                job.release()
                return nil
            }, context)
        guard made == 0 else {
            Unmanaged<Job>.fromOpaque(context).release()
            work()
            return
        }
        started = true
    }

    /// Waits until the work is done (once; later calls return at once).
    func join() {
        guard started else { return }
        started = false
        #if canImport(Glibc)
            pthread_join(thread, nil)
        #else
            pthread_join(thread!, nil)
        #endif
    }

    deinit { join() }
}
