import Testing

/// SDL keeps process-wide state (its subsystems, hints, the font library), and the test process runs suites in
/// parallel: a test that calls SDL while another one does can crash both. Each suite that touches SDL is
/// `.serialized` inside itself and carries this trait, which lets one such test case run at a time across all of
/// them.
public struct SDLExclusive: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    /// Test cases take the gate; a suite itself takes nothing (its cases do, one by one).
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> SDLExclusive? {
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await SDLGate.shared.enter()
        do {
            try await function()
        } catch {
            await SDLGate.shared.leave()
            throw error
        }
        await SDLGate.shared.leave()
    }
}

extension Trait where Self == SDLExclusive {
    /// One SDL test case at a time in the whole test process.
    public static var sdlExclusive: SDLExclusive { SDLExclusive() }
}

/// A first-come, first-served gate for async code.
actor SDLGate {
    static let shared = SDLGate()
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func enter() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func leave() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
