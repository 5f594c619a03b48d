import TenFootSwiftUI

/// The reader's entry point, which tenfoot finds with `dlsym` (`SwiftUIReaderLibrary`): the bytes of a
/// `ReaderWire.Request` in, the bytes of its `ReaderWire.Answer` out, their count written to `answerCount`.
/// The answer is the caller's to hand back to `tenfoot_swiftui_free`. Only C types cross: this library holds its
/// own copies of the Swift modules it shares with tenfoot.
@_cdecl("tenfoot_swiftui_read")
public func tenfootSwiftUIRead(
    _ request: UnsafePointer<UInt8>?, _ count: Int, _ answerCount: UnsafeMutablePointer<Int>?
) -> UnsafeMutablePointer<UInt8>? {
    let bytes = ReaderWire.encode(
        SwiftUIReader.answer(to: UnsafeBufferPointer(start: count > 0 ? request : nil, count: max(count, 0))))
    let answer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
    answer.initialize(from: bytes, count: bytes.count)
    answerCount?.pointee = bytes.count
    return answer
}

/// Frees an answer of `tenfoot_swiftui_read`.
@_cdecl("tenfoot_swiftui_free")
public func tenfootSwiftUIFree(_ answer: UnsafeMutablePointer<UInt8>?) {
    answer?.deallocate()
}
