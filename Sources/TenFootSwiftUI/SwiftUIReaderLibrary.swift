import Foundation
import TenFootCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// TenFoot's SwiftUI reader, `libTenFootSwiftUIReader.so`: the parser and the interpreter, in a library tenfoot
/// loads (`dlopen`) the first time a `.swift` input is opened, into the same process and onto the same Swift
/// runtime. Only the reader links the toolchain's parser libraries, so everything else runs without them, and
/// `.swift` input without them (or without the reader) fails in one line saying what is missing.
///
/// Found, in order: the file `TENFOOT_SWIFTUI_READER` names; beside the running executable (where `swift build`
/// puts it); in `../lib/tenfoot/` from the executable's folder (where `make install` puts it). Requests and
/// answers cross as bytes (`ReaderWire`).
public enum SwiftUIReaderLibrary {
    #if canImport(Darwin)
        public static let fileName = "libTenFootSwiftUIReader.dylib"
    #else
        public static let fileName = "libTenFootSwiftUIReader.so"
    #endif

    /// Names the reader's file, instead of looking for it.
    public static let environmentVariable = "TENFOOT_SWIFTUI_READER"

    /// Reads `.swift` files and folders of them, and translates the view to open (see `SwiftUIOptions`).
    public static func read(_ paths: [String], options: SwiftUIOptions = SwiftUIOptions()) throws(SwiftUIError)
        -> SwiftUITranslation
    {
        try ask(ReaderWire.Request(.files(paths), options: options))
    }

    /// Translates one source given as text, reported as `file`.
    public static func read(source: String, file: String, options: SwiftUIOptions = SwiftUIOptions())
        throws(SwiftUIError) -> SwiftUITranslation
    {
        try ask(ReaderWire.Request(.text(source, file: file), options: options))
    }

    /// Whether the reader loads here (it is loaded to find out).
    public static var isAvailable: Bool { if case .success = loaded { true } else { false } }

    private static func ask(_ request: ReaderWire.Request) throws(SwiftUIError) -> SwiftUITranslation {
        let reader: Reader
        switch loaded {
        case .success(let r): reader = r
        case .failure(let message): throw .parserUnavailable(message.text)
        }
        let bytes = ReaderWire.encode(request)
        var count = 0
        let answer = bytes.withUnsafeBufferPointer { reader.read($0.baseAddress, $0.count, &count) }
        defer { reader.free(answer) }
        guard let answer, let decoded = ReaderWire.decodeAnswer(UnsafeBufferPointer(start: answer, count: count))
        else {
            throw .parserUnavailable(
                "\(reader.path) answered in a form this tenfoot does not read: it was built from other sources; "
                    + "build (or install) both again")
        }
        return try SwiftUITranslation(decoding: decoded.result.get())
    }

    // MARK: Loading

    /// The reader's two functions (`tenfoot_swiftui_read`, `tenfoot_swiftui_free` in its sources).
    private struct Reader: @unchecked Sendable {
        /// Request bytes and their count in; the answer's bytes out, and their count through the third argument.
        typealias Read =
            @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<Int>?) ->
            UnsafeMutablePointer<UInt8>?
        typealias Free = @convention(c) (UnsafeMutablePointer<UInt8>?) -> Void
        var path: String
        var read: Read
        var free: Free
    }

    private struct Unavailable: Error {
        var text: String
    }

    /// Loaded once per process, on first use: the library stays loaded (it is never closed).
    private static let loaded: Result<Reader, Unavailable> = load(
        named: ProcessInfo.processInfo.environment[environmentVariable], executable: Executable.path())

    private static func load(named: String?, executable: String?) -> Result<Reader, Unavailable> {
        let places = candidates(named: named, executable: executable)
        // A file named is opened even when it is missing, so that the loader says so; otherwise the first found.
        let isNamed = !(named ?? "").isEmpty
        guard let path = isNamed ? places.first : places.first(where: FileManager.default.fileExists(atPath:)) else {
            let folders = places.map { FilePath.folder(of: $0) }.joined(separator: " or ")
            let reason =
                "no \(fileName) in \(folders.isEmpty ? "tenfoot's folder" : folders) (swift build puts it beside "
                + "tenfoot, make install in lib/tenfoot)"
            return .failure(Unavailable(text: missing(reason)))
        }
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "\(path) does not load"
            return .failure(Unavailable(text: missing(reason)))
        }
        guard let read = dlsym(handle, "tenfoot_swiftui_read"), let free = dlsym(handle, "tenfoot_swiftui_free") else {
            let reason = "\(path) is not TenFoot's SwiftUI reader (no tenfoot_swiftui_read)"
            return .failure(Unavailable(text: missing(reason)))
        }
        return .success(
            Reader(
                path: path, read: unsafeBitCast(read, to: Reader.Read.self),
                free: unsafeBitCast(free, to: Reader.Free.self)))
    }

    /// Where the reader is looked for: the named file alone, else beside the executable, then in `../lib/tenfoot`.
    static func candidates(named: String?, executable: String?) -> [String] {
        if let named, !named.isEmpty { return [named] }
        guard let executable else { return [] }
        let folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        return [
            folder.appendingPathComponent(fileName).path,
            folder.deletingLastPathComponent().appendingPathComponent("lib/tenfoot/" + fileName).path,
        ]
    }

    /// The one line `.swift` input fails with when the reader cannot be loaded: what it needs, then why it failed.
    static func missing(_ reason: String) -> String {
        let firstLine = reason.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let short = firstLine.count > maxReasonLength ? firstLine.prefix(maxReasonLength - 1) + "…" : firstLine
        return "reading SwiftUI needs TenFoot's SwiftUI reader (\(fileName)) and the Swift toolchain's "
            + "parser libraries it loads (usr/lib/swift/host): \(escapingControlCharacters(String(short)))"
    }

    /// The longest reason shown: the loader's message names a file and what is wrong with it, well within this.
    static let maxReasonLength = 300
}
