import TenFootCore

/// The wire's bytes: a header (`TFW` and ``ReaderWire/version``), then each field in its declaration's order.
/// Integers are eight bytes, little-endian; a string is its UTF-8 count and bytes; an array its count and
/// elements; an optional a byte (0 none, 1 some) and the value; a case a byte. No key names and no generic
/// containers: each of `Codable`'s containers is a type the runtime makes on its first use, which in a process
/// that opens one view and ends is most of what it costs. The types stay `Codable` for the tests, which compare
/// a message's fields through their JSON (`ReaderWireTests`).
///
/// A message is read whole or not at all: anything short, left over, out of range or of another version is
/// `nil`, which each side reports as a reader built from other sources.
extension ReaderWire {
    package static func encode(_ request: Request) -> [UInt8] {
        var w = Writer()
        switch request.input {
        case .files(let paths):
            w.byte(0)
            w.array(paths) { $0.string($1) }
        case .text(let text, let file):
            w.byte(1)
            w.string(text)
            w.string(file)
        }
        let o = request.options
        w.optional(o.preview) { $0.string($1) }
        w.optional(o.view) { $0.string($1) }
        w.bool(o.readsSidecar)
        w.string(o.dynamicTypeSize)
        w.string(o.colorScheme)
        w.optional(o.confinedTo) { $0.string($1) }
        w.bool(o.readsEverySibling)
        w.int(o.workBudget)
        w.int(o.nodeBudget)
        return w.bytes
    }

    package static func decodeRequest(_ bytes: UnsafeBufferPointer<UInt8>) -> Request? {
        var r = Reader(bytes)
        guard r.header() else { return nil }
        let input: Input
        switch r.byte() {
        case 0: input = .files(r.array { $0.string() })
        case 1: input = .text(r.string(), file: r.string())
        default: return nil
        }
        var o = SwiftUIOptions()
        o.preview = r.optional { $0.string() }
        o.view = r.optional { $0.string() }
        o.readsSidecar = r.bool()
        o.dynamicTypeSize = r.string()
        o.colorScheme = r.string()
        o.confinedTo = r.optional { $0.string() }
        o.readsEverySibling = r.bool()
        o.workBudget = r.int()
        o.nodeBudget = r.int()
        return r.finished ? Request(input, options: o) : nil
    }

    package static func encode(_ answer: Answer) -> [UInt8] {
        var w = Writer()
        switch answer {
        case .translated(let t):
            w.byte(0)
            w.translated(t)
        case .parserUnavailable(let m):
            w.byte(1)
            w.string(m)
        case .source(let list):
            w.byte(2)
            w.array(list) { $0.diagnostic($1) }
        case .usage(let m):
            w.byte(3)
            w.string(m)
        }
        return w.bytes
    }

    package static func decodeAnswer(_ bytes: UnsafeBufferPointer<UInt8>) -> Answer? {
        var r = Reader(bytes)
        guard r.header() else { return nil }
        let answer: Answer
        switch r.byte() {
        case 0: answer = .translated(r.translated())
        case 1: answer = .parserUnavailable(r.string())
        case 2: answer = .source(r.array { $0.diagnostic() })
        case 3: answer = .usage(r.string())
        default: return nil
        }
        return r.finished ? answer : nil
    }

    private static let header: [UInt8] = [0x54, 0x46, 0x57, UInt8(version)]

    private struct Writer {
        var bytes: [UInt8] = ReaderWire.header

        init() { bytes.reserveCapacity(4096) }

        mutating func byte(_ b: UInt8) { bytes.append(b) }
        mutating func bool(_ b: Bool) { bytes.append(b ? 1 : 0) }

        mutating func int(_ v: Int) {
            withUnsafeBytes(of: Int64(v).littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func string(_ s: String) {
            var s = s
            s.withUTF8 { utf8 in
                int(utf8.count)
                bytes.append(contentsOf: utf8)
            }
        }

        mutating func optional<T>(_ v: T?, _ write: (inout Writer, T) -> Void) {
            guard let v else { return byte(0) }
            byte(1)
            write(&self, v)
        }

        mutating func array<T>(_ list: [T], _ write: (inout Writer, T) -> Void) {
            int(list.count)
            for e in list { write(&self, e) }
        }

        mutating func diagnostic(_ d: Diagnostic) {
            string(d.severity.rawValue)
            string(d.file)
            int(d.location.line)
            int(d.location.column)
            string(d.path)
            string(d.message)
        }

        mutating func point(_ p: SourcePoint) {
            string(p.file)
            int(p.line)
            int(p.column)
        }

        mutating func place(_ p: ExpectationPlace) {
            int(p.line)
            int(p.column)
            int(p.sidecarLine)
            int(p.sidecarColumn)
        }

        mutating func translated(_ t: Translated) {
            string(t.json)
            string(t.file)
            array(t.warnings) { $0.diagnostic($1) }
            let c = t.coverage
            for n in [
                c.views, c.viewsApproximated, c.placeholders, c.modifiers, c.modifiersApproximated,
                c.modifiersCosmetic, c.modifiersIgnored,
            ] { int(n) }
            string(t.opened)
            array(t.files) { $0.string($1) }
            array(t.nodes) { w, n in
                w.int(n.line)
                w.int(n.column)
                w.point(n.source)
                w.string(n.origin)
            }
            array(t.tabs) { w, tab in
                w.int(tab.line)
                w.int(tab.column)
                w.optional(tab.source) { $0.point($1) }
            }
            array(t.expectations) { $0.place($1) }
            optional(t.acceptances) { w, list in w.array(list) { $0.place($1) } }
            optional(t.sidecar) { $0.string($1) }
            optional(t.cutShort) { w, list in w.array(list) { $0.diagnostic($1) } }
            optional(t.readsTextSize) { $0.bool($1) }
            optional(t.evaluationSteps) { $0.int($1) }
        }
    }

    /// Reads what ``Writer`` wrote. A read past the end (or a value out of range) marks the message broken and
    /// gives a blank value, so each decoder reads straight through and asks ``finished`` once.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var at = 0
        var broken = false

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// Every byte read, and nothing wrong on the way.
        var finished: Bool { !broken && at == bytes.count }

        mutating func header() -> Bool {
            guard bytes.count >= ReaderWire.header.count else { return false }
            defer { at = ReaderWire.header.count }
            return ReaderWire.header.indices.allSatisfy { bytes[$0] == ReaderWire.header[$0] }
        }

        mutating func byte() -> UInt8 {
            guard !broken, at < bytes.count else {
                broken = true
                return 0
            }
            defer { at += 1 }
            return bytes[at]
        }

        mutating func bool() -> Bool {
            switch byte() {
            case 0: return false
            case 1: return true
            default:
                broken = true
                return false
            }
        }

        mutating func int() -> Int {
            guard !broken, bytes.count - at >= 8, let base = bytes.baseAddress else {
                broken = true
                return 0
            }
            defer { at += 8 }
            return Int(
                truncatingIfNeeded: Int64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: Int64.self)))
        }

        /// A count of things at least a byte each: never more than the bytes left, so a broken count cannot make a
        /// large allocation.
        mutating func count() -> Int {
            let n = int()
            guard n >= 0, n <= bytes.count - at else {
                broken = true
                return 0
            }
            return n
        }

        mutating func string() -> String {
            let n = count()
            defer { at += n }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<at + n]), as: UTF8.self)
        }

        mutating func optional<T>(_ read: (inout Reader) -> T) -> T? {
            switch byte() {
            case 0: return nil
            case 1: return read(&self)
            default:
                broken = true
                return nil
            }
        }

        mutating func array<T>(_ read: (inout Reader) -> T) -> [T] {
            let n = count()
            var list: [T] = []
            list.reserveCapacity(n)
            for _ in 0..<n where !broken { list.append(read(&self)) }
            return list
        }

        mutating func location() -> SourceLocation {
            let line = int()
            return SourceLocation(line: line, column: int())
        }

        mutating func diagnostic() -> Diagnostic {
            let severity = string()
            let file = string()
            let location = location()
            let path = string()
            let message = string()
            guard let known = Diagnostic.Severity(rawValue: severity) else {
                broken = true
                return Diagnostic(file: file, at: location, message)
            }
            return Diagnostic(known, file: file, at: location, path: path, message)
        }

        mutating func point() -> SourcePoint {
            let file = string()
            let line = int()
            return SourcePoint(file: file, line: line, column: int())
        }

        mutating func place() -> ExpectationPlace {
            let inScene = location()
            return ExpectationPlace(at: inScene, sidecar: location())
        }

        mutating func translated() -> Translated {
            let json = string()
            let file = string()
            let warnings = array { $0.diagnostic() }
            var coverage = Coverage()
            coverage.views = int()
            coverage.viewsApproximated = int()
            coverage.placeholders = int()
            coverage.modifiers = int()
            coverage.modifiersApproximated = int()
            coverage.modifiersCosmetic = int()
            coverage.modifiersIgnored = int()
            let opened = string()
            let files = array { $0.string() }
            let nodes = array { r in
                let inScene = r.location()
                let source = r.point()
                return NodePlace(at: inScene, source: source, origin: r.string())
            }
            let tabs = array { r in
                let inScene = r.location()
                return TabPlace(at: inScene, source: r.optional { $0.point() })
            }
            let expectations = array { $0.place() }
            var t = Translated(
                json: json, file: file, warnings: warnings, coverage: coverage, opened: opened, files: files,
                nodes: nodes, tabs: tabs, expectations: expectations)
            t.acceptances = optional { r in r.array { $0.place() } }
            t.sidecar = optional { $0.string() }
            t.cutShort = optional { r in r.array { $0.diagnostic() } }
            t.readsTextSize = optional { $0.bool() }
            t.evaluationSteps = optional { $0.int() }
            return t
        }
    }
}
