import Testing
import TenFootCore

/// The executables' heap policy is one glibc takes: `mallopt` accepts both settings (it refuses a mapping
/// threshold above its maximum, 32 MB on 64-bit systems, and a refused setting would leave glibc's
/// defaults in place without a word).
@Suite struct HeapPolicyTests {
    @Test func glibcTakesThePolicy() {
        #if os(Linux)
        #expect(HeapPolicy.apply())
        #expect(HeapPolicy.ownMappingFrom <= 32 << 20 && HeapPolicy.keptBytes <= Int(Int32.max))
        #endif
    }
}
