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
    final class Job: @unchecked Sendable {
        let work: () -> Void
        init(_ work: @escaping () -> Void) { self.work = work }
    }
    let job = Job(work)
    let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
    defer { attributes.deallocate() }
    pthread_attr_init(attributes)
    defer { pthread_attr_destroy(attributes) }
    pthread_attr_setstacksize(attributes, readerStackBytes)
    let context = Unmanaged.passRetained(job).toOpaque()
    #if canImport(Glibc)
        var thread = pthread_t()
    #else
        var thread: pthread_t?
    #endif
    let made = pthread_create(
        &thread, attributes,
        { raw in
            Unmanaged<Job>.fromOpaque(raw!).takeUnretainedValue().work()
            return nil
        }, context)
    defer { Unmanaged<Job>.fromOpaque(context).release() }
    guard made == 0 else { return work() }
    #if canImport(Glibc)
        pthread_join(thread, nil)
    #else
        pthread_join(thread!, nil)
    #endif
}
