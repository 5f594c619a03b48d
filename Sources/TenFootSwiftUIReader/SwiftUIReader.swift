import Foundation
import Synchronization
import TenFootCore
import TenFootScene
import TenFootSwiftUI

/// Opens SwiftUI source files as scenes: `LoginView.swift` → the screen it describes, ready for the simulator,
/// plus the equivalent scene file, the approximations made, and where every item comes from.
///
/// The Swift is read with the toolchain's own SwiftParser (docs/swiftui.md, "Building"). This module is
/// TenFoot's SwiftUI reader, the library tenfoot loads for `.swift` input (`SwiftUIReaderLibrary`, through
/// `tenfoot_swiftui_read`); tests and benchmarks may link it directly. Built without the parser it still has this
/// API, and says in one line what is missing.
public enum SwiftUIReader {
    #if canImport(SwiftParser)
        public static let isAvailable = true
    #else
        public static let isAvailable = false
    #endif

    /// What a reader built without the parser says for `.swift` input.
    public static let unavailableMessage =
        "reading SwiftUI needs the Swift toolchain's SwiftSyntax and SwiftParser libraries (usr/lib/swift/host), "
        + "which were not found when TenFoot's SwiftUI reader was built; rebuild it with a toolchain that ships them"

    /// Reads `.swift` files and folders of them, and translates the view to open (see `SwiftUIOptions`).
    public static func read(_ paths: [String], options: SwiftUIOptions = SwiftUIOptions()) throws(SwiftUIError)
        -> SwiftUITranslation
    {
        let (translated, scene) = try translate(.files(paths), options: options)
        return SwiftUITranslation(translated, scene: scene)
    }

    /// Translates one source given as text, reported as `file`.
    public static func read(source: String, file: String, options: SwiftUIOptions = SwiftUIOptions())
        throws(SwiftUIError) -> SwiftUITranslation
    {
        let (translated, scene) = try translate(.text(source, file: file), options: options)
        return SwiftUITranslation(translated, scene: scene)
    }

    /// The answer to a request's bytes (`tenfoot_swiftui_read`).
    static func answer(to request: UnsafeBufferPointer<UInt8>) -> ReaderWire.Answer {
        guard let request = ReaderWire.decodeRequest(request) else {
            return .parserUnavailable(
                "TenFoot's SwiftUI reader does not read this tenfoot's request: they were built from other sources; "
                    + "build (or install) both again")
        }
        // The first request of a process only: after it, what the warm-up readies is ready (a window's reloads and
        // an audit's other text sizes ask again).
        let warm = warmedUp.withLock { done in
            defer { done = true }
            return done ? nil : LargeStackThread { warmUp(until: { firstAnswered.withLock { $0 } }) }
        }
        defer { warm?.join() }
        // Before the join: a warm-up still running stops at its next view.
        defer { firstAnswered.withLock { $0 = true } }
        do throws(SwiftUIError) {
            return .translated(try translate(request.input, options: request.options).0)
        } catch { return ReaderWire.Answer(.failure(error)) }
    }

    /// Whether a request has started the warm-up in this process.
    private static let warmedUp = Mutex(false)
    /// Whether the request that started the warm-up has its answer.
    private static let firstAnswered = Mutex(false)

    /// What ``warmUp(until:)`` translates, in turn: a view of a few lines, then a screen in an app's usual shape (a
    /// model struct, an enum with a `switch`, literal data, a card view with its own properties, state, conditions,
    /// loops, a sheet), the kinds of declaration, statement and view most screens have. Each opens `WarmUp`.
    static let warmUpSources = [
        #"""
        import SwiftUI

        struct WarmUp: View {
            @State private var selection = 0
            var body: some View {
                NavigationStack {
                    ScrollView {
                        VStack(alignment: .leading, spacing: 40) {
                            Text("Title").font(.title)
                            ScrollView(.horizontal) {
                                HStack(spacing: 48) {
                                    ForEach(0..<3, id: \.self) { i in
                                        Button { selection = i } label: { Text("Item \(i)") }
                                            .buttonStyle(.card)
                                    }
                                }
                            }
                            .focusSection()
                        }
                    }
                }
            }
        }
        """#,
        #"""
        import SwiftUI

        struct WarmUpItem: Identifiable, Hashable {
            var id: Int
            var title: String
            var year = 2024
            var isNew = false
        }

        enum WarmUpKind: String, CaseIterable, Identifiable {
            case films = "Films"
            case shows = "Shows"

            var id: String { rawValue }

            var symbol: String {
                switch self {
                case .films: "film"
                case .shows: "tv"
                }
            }
        }

        enum WarmUpData {
            static let items: [WarmUpItem] = [
                WarmUpItem(id: 1, title: "One", isNew: true),
                WarmUpItem(id: 2, title: "Two", year: 1999),
            ]
        }

        struct WarmUpCard: View {
            let item: WarmUpItem
            var width: CGFloat = 250

            var body: some View {
                Button {
                } label: {
                    VStack(alignment: .leading, spacing: 12) {
                        ZStack(alignment: .topLeading) {
                            Image(systemName: "photo")
                                .resizable()
                                .aspectRatio(2 / 3, contentMode: .fill)
                                .frame(width: width, height: width * 1.5)
                                .clipped()
                            if item.isNew {
                                Text("New").font(.caption).padding(8)
                            }
                        }
                        Text(item.title).font(.headline).lineLimit(1)
                        Text("\(item.year)").foregroundStyle(.secondary)
                    }
                }
                .buttonStyle(.card)
            }
        }

        struct WarmUp: View {
            @State private var selection = 0
            @State private var kind: WarmUpKind = .films
            @State private var query = ""
            @State private var showsSettings = false
            @FocusState private var focused: Int?
            @Environment(\.dynamicTypeSize) private var typeSize

            var body: some View {
                NavigationStack {
                    ScrollView {
                        VStack(alignment: .leading, spacing: 40) {
                            Text("Title").font(.title)
                            HStack {
                                ForEach(WarmUpKind.allCases) { k in
                                    Button { kind = k } label: { Label(k.rawValue, systemImage: k.symbol) }
                                }
                                Spacer()
                            }
                            .focusSection()
                            ScrollView(.horizontal) {
                                LazyHStack(spacing: 48) {
                                    ForEach(WarmUpData.items) { item in
                                        WarmUpCard(item: item).focused($focused, equals: item.id)
                                    }
                                    ForEach(0..<3, id: \.self) { i in
                                        Button { selection = i } label: { Text("Item \(i)") }
                                    }
                                }
                            }
                            .focusSection()
                            switch kind {
                            case .films:
                                TextField("Search", text: $query)
                            case .shows:
                                Toggle("Subtitles", isOn: $showsSettings)
                            }
                            if typeSize.isAccessibilitySize {
                                Text("Large").tag(1)
                            } else {
                                Button("Settings") { showsSettings = true }
                            }
                        }
                        .padding(.horizontal, 80)
                    }
                    .defaultFocus($focused, 1)
                    .navigationTitle("Home")
                    .sheet(isPresented: $showsSettings) {
                        Form {
                            Section("Playback") {
                                Picker("Quality", selection: $selection) {
                                    Text("Auto").tag(0)
                                    Text("High").tag(1)
                                }
                            }
                        }
                    }
                }
            }
        }
        """#,
    ]

    /// The warm-up opens its screen, `WarmUp`, by name (the card is a view too).
    static let warmUpOptions = SwiftUIOptions(view: "WarmUp")

    /// Translates each of ``warmUpSources`` and writes its answer, which the caller drops, until `done` says the
    /// request it runs beside has its answer: what a translation does once a process on its first use (the types it
    /// uses made by the runtime, each of whose first lookups walks the conformances of every library loaded, the
    /// parser's included; tables built), done on another core while the request's sources are parsed. The request
    /// waits for the view being warmed up, so a small request ends after the first, short one; the second took
    /// another 2–3 % off `path` of a 300-line screen. Caches only: it changes no answer. True when every view it
    /// translated translated.
    @discardableResult static func warmUp(until done: () -> Bool = { false }) -> Bool {
        for source in warmUpSources where !done() {
            do throws(SwiftUIError) {
                let (translated, _) = try translate(.text(source, file: "WarmUp.swift"), options: warmUpOptions)
                _ = ReaderWire.encode(ReaderWire.Answer.translated(translated))
            } catch { return false }
        }
        return true
    }

    /// The translation, without its scene (what crosses to tenfoot), and the scene it decodes to.
    static func translate(_ input: ReaderWire.Input, options: SwiftUIOptions) throws(SwiftUIError)
        -> (ReaderWire.Translated, Scene)
    {
        #if canImport(SwiftParser)
            var result: Result<(ReaderWire.Translated, Scene), SwiftUIError> = .failure(.usage("not read"))
            // On a stack that holds SwiftSyntax's recursive walks of the deepest tree `SourceLimits` lets through.
            onLargeStack {
                let arena = Arena()
                defer { arena.release() }
                Arena.$current.withValue(arena) {
                    do throws(SwiftUIError) {
                        switch input {
                        case .files(let paths): result = .success(try readFiles(paths, options: options))
                        case .text(let source, let file):
                            result = .success(try translate([(file, source)], options: options))
                        }
                    } catch {
                        result = .failure(error)
                    }
                }
            }
            return try result.get()
        #else
            throw .parserUnavailable(unavailableMessage)
        #endif
    }

    /// The text of a Swift source. `passOver`: what a file that is there but cannot be read, or reads on past the
    /// limit, gives instead (told why) rather than an error.
    static func text(of path: String, passOver: ((String) -> String?)? = nil) throws(SwiftUIError) -> String? {
        if let kind = TextFile.special(path) {
            throw .source(Diagnostics(file: path, "cannot read the file (\(kind))"))
        }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
            size > SwiftSources.maxFileBytes
        {
            throw .source(
                Diagnostics(
                    file: path,
                    "the file is \(size) bytes; TenFoot reads Swift sources of at most \(SwiftSources.maxFileBytes)"))
        }
        guard let data = SwiftSources.contents(of: path) else {
            if let passOver { return passOver("it cannot be read") }
            throw .source(Diagnostics(file: path, "cannot read the file (missing or unreadable)"))
        }
        // A file that says it is small and is not (`/proc/self/pagemap` reads on for gigabytes).
        guard data.count <= SwiftSources.maxFileBytes else {
            let why = "it holds more than the \(SwiftSources.maxFileBytes) bytes TenFoot reads of a Swift source"
            if let passOver { return passOver(why) }
            throw .source(Diagnostics(file: path, "the file is not read: \(why)"))
        }
        do throws(Diagnostic) { return try UTF8Text.decode(Array(data), file: path) } catch {
            throw .source(Diagnostics([error]))
        }
    }
}

#if canImport(SwiftParser)
    extension SwiftUIReader {
        /// Reads `.swift` files and folders of them (and, for a file, knows the other files of its folder).
        static func readFiles(_ paths: [String], options: SwiftUIOptions) throws(SwiftUIError)
            -> (ReaderWire.Translated, Scene)
        {
            var sources: [(String, String)] = []
            var notes: [(at: SourcePoint, message: String)] = []
            // Each path is looked at once: whether it is a folder decides how it is read and whether the folders
            // around it are walked (nil: missing). The files up to the first missing path are walked around.
            let folders: [Bool?] = paths.map { path in
                var isDir: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) ? isDir.boolValue : nil
            }
            let named = zip(paths, folders).prefix { $0.1 != nil }.filter { $0.1 == false }.map(\.0)
            let neighbours = NeighbourWalk(around: named, within: options.confinedTo)
            // No walk outlives the translation, even one that fails (a window reads again at every save).
            defer { neighbours.wait() }
            // A folder, or several files, is an app's sources: it opens the way tvOS launches the app.
            var whole = paths.count > 1
            for (path, folder) in zip(paths, folders) {
                guard let isDir = folder else {
                    throw .source(Diagnostics(file: path, "cannot read the file (missing or unreadable)"))
                }
                let walked =
                    isDir ? SwiftSources.walk(path, recursive: true) : SwiftSources.Walk(files: [path])
                if walked.truncated {
                    throw .usage(
                        "\(path) holds more than \(SwiftSources.walkLimit) files and folders; name the folder of the SwiftUI sources"
                    )
                }
                let files = walked.files
                // A link named `.swift` that leads nowhere, or round in a loop, is passed over with a note, as a pipe is.
                for link in walked.unresolvedLinks {
                    let why = FilePath.unusualAbsence(link).map { "it \($0)" } ?? "a link to nothing"
                    notes.append((SourcePoint(file: link, line: 1, column: 1), "not read (\(why))"))
                }
                for link in walked.folderLinks {
                    notes.append(
                        (SourcePoint(file: link, line: 1, column: 1), "not read (a link to a folder, not followed)"))
                }
                if isDir, files.isEmpty { throw .usage("\(path) holds no .swift file") }
                if isDir { whole = true }
                for file in files where !sources.contains(where: { $0.0 == file }) {
                    // In a folder, a device, pipe or socket named `.swift` is no source: passed over, with a note.
                    if isDir, let kind = TextFile.special(file) {
                        notes.append((SourcePoint(file: file, line: 1, column: 1), "not read (\(kind))"))
                        continue
                    }
                    // So is one that cannot be read (no permission, or a link to `/proc/self/mem`): it failed the folder.
                    let passOver: ((String) -> String?)? =
                        isDir
                        ? { why in
                            notes.append((SourcePoint(file: file, line: 1, column: 1), "not read (\(why))"))
                            return nil
                        } : nil
                    guard let text = try text(of: file, passOver: passOver) else { continue }
                    sources.append((file, text))
                }
            }
            return try translate(
                sources, neighbours: neighbours, options: options, whole: whole, notes: notes,
                strings: StringTables(around: paths, within: options.confinedTo))
        }

        /// The files around each file named (not the folders), and the project's string tables, looked for on one
        /// thread of its own while the sources are read and parsed (`SwiftSources.neighbourhoodWithTables`: it reads
        /// folders only), a file after another.
        struct NeighbourWalk {
            private let walks: Concurrently<[(file: String, found: [String], cut: String?, tables: [String])]>?

            init(around files: [String], within: String?) {
                walks =
                    files.isEmpty
                    ? nil
                    : Concurrently {
                        files.map { file in
                            let (found, cut, tables) = SwiftSources.neighbourhoodWithTables(of: file, within: within)
                            return (file, found, cut, tables)
                        }
                    }
            }

            /// The string tables the first file's walks found (the project's), nil when no file was walked around.
            var tables: [String]? { walks?.value.first?.tables }

            /// No file to walk around (a source given as text).
            init() { walks = nil }

            /// Waits until every walk has ended.
            func wait() { _ = walks?.value }

            /// The neighbours of every file in turn, and `notes` with a note for each walk cut short (the warnings
            /// are sorted, so where it goes says nothing).
            func join(notes: [(at: SourcePoint, message: String)]) -> (
                siblings: [String], notes: [(at: SourcePoint, message: String)]
            ) {
                var siblings: [String] = []
                var notes = notes
                for (file, found, cut, _) in walks?.value ?? [] {
                    siblings += found
                    guard let cut else { continue }
                    notes.append(
                        (
                            SourcePoint(file: file, line: 1, column: 1),
                            "\(quoted(cut)) holds more than \(SwiftSources.walkLimit) files and folders: declarations this file uses were looked for in the first \(SwiftSources.walkLimit) only"
                        ))
                }
                return (siblings, notes)
            }
        }

        /// Whether a source declares the app's entry point: a line that starts with `@main` (read before parsing, so
        /// one in a block comment counts too; the App chosen is then the parsed one).
        static func declaresMain(_ text: String) -> Bool {
            text.split(separator: "\n", omittingEmptySubsequences: true).contains { line in
                let t = line.drop { $0 == " " || $0 == "\t" }
                guard t.hasPrefix("@main") else { return false }
                let rest = t.dropFirst(5)
                return rest.first.map { $0 == " " || $0 == "\t" || $0 == "\r" } ?? true
            }
        }

        /// `notes`: what reading the files found, said as warnings with the screen's own.
        static func translate(
            _ sources: [(String, String)], neighbours: NeighbourWalk = NeighbourWalk(), options: SwiftUIOptions,
            whole: Bool = false, notes: [(at: SourcePoint, message: String)] = [],
            strings: StringTables = StringTables(around: [])
        ) throws(SwiftUIError) -> (ReaderWire.Translated, Scene) {
            var sources = sources
            var notes = notes
            var readCost = 0
            var squareWork = 0
            for (path, text) in sources {
                if let (at, message) = SourceLimits.tooDeeplyNested(text, squareWork: &squareWork) {
                    throw .source(Diagnostics([Diagnostic(file: path, at: at, message)]))
                }
                readCost += SourceLimits.readCost(text)
            }
            // One file is bounded by the file size limit (a file at it counts at most 330,000); several add up. An app
            // too large to parse whole opens at its `@main` App, its other files read as the App needs them, as a
            // view's neighbours are.
            var folderSiblings: [String] = []
            if sources.count > 1, readCost > SourceLimits.maxReadCost {
                let tooMuch =
                    "the \(sources.count) sources hold about \(readCost) tokens of Swift together; TenFoot parses at most \(SourceLimits.maxReadCost) at once (each file counts \(SourceLimits.readCostPerFile))"
                guard whole, let app = sources.first(where: { Self.declaresMain($0.1) }) else {
                    throw .usage(
                        tooMuch + ": open the file of the view to show, whose neighbours are read only as it needs them"
                    )
                }
                folderSiblings = SwiftSources.nearestFirst(sources.map(\.0).filter { $0 != app.0 }, to: app.0)
                notes.append(
                    (
                        SourcePoint(file: app.0, line: 1, column: 1),
                        tooMuch + ": the app opens at its App, the other files read as it needs them"
                    ))
                sources = [app]
                squareWork = 0
                _ = SourceLimits.tooDeeplyNested(app.1, squareWork: &squareWork)
                readCost = SourceLimits.readCost(app.1)
            }
            let index = SourceIndex(readCost: readCost, squareWork: squareWork)
            for (path, text) in sources { index.add(path: path, text: text) }
            let errors = index.files.compactMap { SourceLimits.depthError($0) ?? ParseErrors.first(in: $0) }
            if !errors.isEmpty { throw .source(Diagnostics(errors)) }
            let (siblings, joinedNotes) = neighbours.join(notes: notes)
            notes = joinedNotes
            // A file's tables were found by the walks for its neighbours, off the reading's path.
            if !whole, let tables = neighbours.tables { strings.provide(found: tables) }
            index.addSiblings(folderSiblings + siblings)
            if options.readsEverySibling {
                for path in index.siblingPaths { index.readNeighbour(path) }
            }
            let opened = Set(sources.map(\.0))

            // Sidecars of the opened files (they may say which view to open).
            var sidecars: [Sidecar] = []
            if options.readsSidecar {
                for (path, _) in sources {
                    do throws(Diagnostics) {
                        if let s = try Sidecar.load(path: Sidecar.path(for: path)) { sidecars.append(s) }
                    } catch { throw .source(error) }
                }
            }
            var wanted = options
            wanted.preview = options.preview ?? sidecars.lazy.compactMap(\.preview).first
            wanted.view = options.preview == nil ? (options.view ?? sidecars.lazy.compactMap(\.view).first) : nil
            let (choice, openedName) = try choose(index, opened: opened, wanted, whole: whole)
            let home: String = {
                switch choice {
                case .view(let t): t.file.path
                case .preview(let p): p.opens?.file.path ?? p.file.path
                }
            }()
            // A file's only sidecar goes with the view it opens; in a folder, the opened view's own does, or the
            // only one when it chose the view.
            let sidecar =
                sidecars.first { $0.file == Sidecar.path(for: home) }
                ?? (sidecars.count == 1 && (!whole || sidecars[0].view != nil || sidecars[0].preview != nil)
                    ? sidecars[0] : nil)

            let interpreter = Interpreter(index: index, sidecar: sidecar, options: wanted, strings: strings)
            let sceneName: String = {
                switch choice {
                case .view(let t): return t.name
                case .preview(let p):
                    // A view built by its preview or its use is named after the view.
                    if p.name == nil, !openedName.hasPrefix("#Preview") { return openedName }
                    return p.name ?? (index.viewTypes.first { opened.contains($0.file.path) }?.name ?? "Preview")
                }
            }()
            let draft = interpreter.screen(choice, name: sceneName)
            interpreter.screenBuilt = true
            if let cut = interpreter.budgetCut { interpreter.warnCut(cut.at, cut.message) }
            // What reading the sources found (pasted code, typographic quotes), with the screen's own warnings.
            for note in notes + index.notes { interpreter.warn(note.at, note.message) }
            // A name two opened views share (two targets' folders opened as one): said which one opens.
            if case .view(let t) = choice {
                let twins = index.viewTypes.filter { $0.name == t.name && opened.contains($0.file.path) }
                if twins.count > 1 {
                    let places = twins.map { "\(($0.file.path as NSString).lastPathComponent):\($0.at.line)" }
                    interpreter.warn(
                        t.at,
                        "\(twins.count) views are named \(t.name) (\(places.prefix(10).joined(separator: ", "))): this one opens"
                    )
                }
            }
            if case .view(let t) = choice, !t.declaresView, !t.isApp {
                interpreter.warn(t.at, "\(t.name) has a body but does not declare : View: read as a View")
            }
            return try assemble(
                draft, interpreter, sidecar: sidecar, file: home, opened: openedName,
                files: index.files.map(\.path) + interpreter.strings.read + (sidecar.map { [$0.file] } ?? []))
        }

        /// Which view opens: `--preview`, `--view` (or the sidecar's); for an app's folder its `@main` App; the
        /// file's only preview, its only View, the one named after the file, the one its file's other views do not
        /// use; an App when the file declares nothing else.
        static func choose(_ index: SourceIndex, opened: Set<String>, _ options: SwiftUIOptions, whole: Bool = false)
            throws(SwiftUIError) -> (RootChoice, String)
        {
            let previews = index.previews.filter { opened.contains($0.file.path) }
            let views = index.viewTypes.filter { opened.contains($0.file.path) }
            let app = index.apps.first { opened.contains($0.file.path) }
            func previewTitle(_ k: Int) -> String {
                let p = previews[k]
                return p.name.map { "\"\($0)\"" }
                    ?? "#\(k + 1) (\((p.file.path as NSString).lastPathComponent):\(p.at.line))"
            }
            let place = opened.count == 1 ? (opened.first! as NSString).lastPathComponent : "the sources"
            let declares = opened.count == 1 ? "declares" : "declare"
            // At most ten names said (a folder of 3,001 views echoed 1,000 characters of them).
            func listed(_ names: [String]) -> String {
                guard names.count > 10 else { return names.joined(separator: ", ") }
                return names.prefix(10).joined(separator: ", ") + " and \(names.count - 10) more"
            }
            // A name two views share (no module compiles that) is said with where each is: "Main, Other, Main".
            let shared = Dictionary(grouping: views, by: \.name).filter { $0.value.count > 1 }
            func label(_ t: TypeDecl) -> String {
                shared[t.name] == nil
                    ? t.name : "\(t.name) (\((t.file.path as NSString).lastPathComponent):\(t.at.line))"
            }
            // A view that needs arguments and has no preview: built as the app first builds it.
            func withArguments(_ t: TypeDecl) -> (RootChoice, String) {
                guard t.needsArguments, let p = index.callSitePreview(of: t) else { return (.view(t), t.name) }
                return (.preview(p), t.name)
            }
            if let wanted = options.preview {
                if let k = previews.firstIndex(where: { $0.name == wanted })
                    ?? Int(wanted).flatMap({ $0 >= 1 && $0 <= previews.count ? $0 - 1 : nil })
                {
                    return (.preview(previews[k]), "#Preview " + previewTitle(k))
                }
                let list = listed(previews.indices.map(previewTitle))
                throw .usage(
                    "no preview named \"\(wanted)\" in \(place)"
                        + (previews.isEmpty ? " (it has none)" : "; its previews: \(list)"))
            }
            if let wanted = options.view {
                if let t = index.type(wanted), t.isView || t.isApp {
                    // A view that takes arguments opens with those its file's preview gives it.
                    // Else the preview of its file that builds it among other views (Xcode's canvas shows that).
                    if let p = index.previews.first(where: { $0.file.path == t.file.path && $0.showsOnly(t) })
                        ?? (t.needsArguments
                            ? index.previews.first(where: { $0.file.path == t.file.path && $0.builds(t) }) : nil)
                    {
                        return (.preview(p), t.name)
                    }
                    return t.isApp ? (.view(t), t.name) : withArguments(t)
                }
                throw .usage(
                    "no View named \(quoted(wanted)) in \(place)"
                        + (views.isEmpty ? "" : "; its views: \(listed(views.map(label)))"))
            }
            if whole, let app { return (.view(app), app.name) }
            if previews.count == 1 { return (.preview(previews[0]), "#Preview " + previewTitle(0)) }
            if previews.count > 1 {
                throw .usage(
                    "\(place) has \(previews.count) previews: \(listed(previews.indices.map(previewTitle))); choose one with --preview NAME (or its number)"
                )
            }
            if views.count == 1 { return withArguments(views[0]) }
            // Several views and no preview: the one named after its file, else the one the others do not use.
            if views.count > 1, opened.count == 1 {
                let base = ((opened.first! as NSString).lastPathComponent as NSString).deletingPathExtension
                if let named = views.first(where: { $0.name == base }) { return withArguments(named) }
                // Each view's code walked once for the names of all of them (asking each view of each name walked
                // every view's code once a view: a file of 4,000 views took 11 s).
                let viewNames = Set(views.map(\.name))
                var namedBy: [String: [ObjectIdentifier]] = [:]
                for u in views {
                    for name in u.named(among: viewNames) { namedBy[name, default: []].append(ObjectIdentifier(u)) }
                }
                let unused = views.filter { v in
                    !(namedBy[v.name] ?? []).contains { $0 != ObjectIdentifier(v) }
                }
                if unused.count == 1 { return withArguments(unused[0]) }
            }
            if views.isEmpty, let app { return (.view(app), app.name) }
            if views.isEmpty {
                throw .usage("\(place) \(declares) no SwiftUI View (a struct conforming to View) and no #Preview")
            }
            throw .usage(
                "\(place) \(declares) \(views.count) views: \(listed(views.map(label))); choose one with --view NAME"
            )
        }

        // MARK: Assembling the scene

        static func assemble(
            _ built: DraftScene, _ interp: Interpreter, sidecar: Sidecar?, file: String, opened: String, files: [String]
        ) throws(SwiftUIError) -> (ReaderWire.Translated, Scene) {
            var draft = built
            keepWithinTheScenesDepth(&draft.root, depth: 0, interp)
            for k in draft.sheets.indices { keepWithinTheScenesDepth(&draft.sheets[k], depth: 0, interp) }
            // Nodes other keys name, and FocusState values to the nodes bound to them (for defaultFocus).
            var referenced = interp.referenced
            var bindings: [Ref: Int] = [:]
            var byHandle: [Int: DraftNode] = [:]
            func scanActions(_ list: [DraftAction]) {
                for a in list {
                    switch a {
                    case .present(let s): referenced.insert(s)
                    case .focus(.node(let h)): referenced.insert(h)
                    case .selectTab(let t): referenced.insert(t)
                    case .append(let node, let to):
                        referenced.insert(to)
                        scan(node)
                    default: break
                    }
                }
            }
            func scan(_ n: DraftNode) {
                byHandle[n.handle] = n
                if case .state(let s, let v)? = n.focused, bindings[.binding(state: s, equals: v)] == nil {
                    bindings[.binding(state: s, equals: v)] = n.handle
                }
                if case .node(let h)? = n.defaultFocus { referenced.insert(h) }
                for (_, list) in n.actions { scanActions(list) }
                for (_, list) in n.onMove { scanActions(list) }
                for c in n.children { scan(c) }
                for t in n.tabs { scan(t.content) }
            }
            scan(draft.root)
            draft.sheets.forEach(scan)
            // A defaultFocus naming a FocusState value names the node bound to it: a container bound with
            // `.focused($x, equals:)` needs an id for it (a focusable item has one anyway).
            func scanDefaults(_ n: DraftNode) {
                if let ref = n.defaultFocus, case .binding = ref, let h = bindings[ref] { referenced.insert(h) }
                n.children.forEach(scanDefaults)
                n.tabs.forEach { scanDefaults($0.content) }
            }
            scanDefaults(draft.root)
            draft.sheets.forEach(scanDefaults)
            let ids = IDAssigner.assign(draft, referenced: referenced)
            var writer = SceneWriter(ids: ids, bindings: bindings)
            var printer = PrettyPrinter.print(
                writer.document(draft, expect: sidecar?.expect ?? [], audit: sidecar?.audit))
            var scene: Scene
            // What the scene decoder refuses of a translation is the translator's to give way on, not the user's
            // to fix: the key is left out (or the node written as a stack of its children) with a warning, and the
            // scene written again, a few times at most. A sidecar's own mistakes are reported.
            var rounds = 0
            while true {
                do throws(Diagnostics) {
                    scene = try SceneDecoder.decode(printer.text, file: file)
                    break
                } catch {
                    rounds += 1
                    let fixes = error.diagnostics.compactMap { refusal($0, printer, draft) }
                    let fresh = fixes.filter { fix in
                        fix.key.map { !(writer.omitting[fix.handle]?.contains($0) ?? false) }
                            ?? !writer.unwrapping.contains(fix.handle)
                    }
                    guard rounds <= maxRewrites, !fresh.isEmpty, fresh.count == error.diagnostics.count else {
                        throw .source(
                            Diagnostics(
                                error.diagnostics.map {
                                    locate($0, printer, byHandle, draft, sidecar: sidecar, file: file)
                                }))
                    }
                    for fix in fresh {
                        guard let node = byHandle[fix.handle] else { continue }
                        if let key = fix.key {
                            writer.omitting[fix.handle, default: []].insert(key)
                            interp.approximate(
                                .refusedByScene, at: node.source, "\(node.origin)'s \(key) left out: \(fix.message)")
                        } else {
                            writer.unwrapping.insert(fix.handle)
                            interp.approximate(
                                .refusedByScene, at: node.source, "\(node.origin) shown as its content: \(fix.message)")
                        }
                    }
                    printer = PrettyPrinter.print(
                        writer.document(draft, expect: sidecar?.expect ?? [], audit: sidecar?.audit))
                }
            }
            // Where each node, tab and expectation of the written scene comes from: the receiver of the translation
            // decodes the scene again and moves it there (`SwiftUITranslation.init(_:scene:)`).
            let nodes = printer.nodeStarts.compactMap { at, handle in
                byHandle[handle].map { ReaderWire.NodePlace(at: at, source: $0.source, origin: $0.origin) }
            }
            let tabs = printer.tabStarts.map { at, handle in
                ReaderWire.TabPlace(at: at, source: draft.root.tabs.first { $0.handle == handle }?.source)
            }
            let expectations = scene.expectations.compactMap { e in
                printer.jsonOrigins[e.location].map { ReaderWire.ExpectationPlace(at: e.location, sidecar: $0) }
            }
            var translated = ReaderWire.Translated(
                json: printer.text, file: file, warnings: interp.warnings.sorted(), coverage: interp.coverage,
                opened: opened, files: files, nodes: nodes.sorted { ($0.line, $0.column) < ($1.line, $1.column) },
                tabs: tabs.sorted { ($0.line, $0.column) < ($1.line, $1.column) }, expectations: expectations)
            // The sidecar's acceptances, at their place in it.
            translated.acceptances = scene.auditAcceptances.compactMap { a in
                printer.jsonOrigins[a.location].map { ReaderWire.ExpectationPlace(at: a.location, sidecar: $0) }
            }
            translated.sidecar = sidecar?.file
            translated.cutShort = translated.warnings.filter(interp.cuts.contains)
            translated.readsTextSize = interp.readsTextSize
            translated.evaluationSteps = interp.work
            return (translated, scene)
        }

        /// A scene nests at most `SceneLimits.maxDepth` levels (views 190 stacks deep were refused as a scene file
        /// nested past its reader's 200 JSON levels): a node at that depth that holds more is drawn as a placeholder
        /// box instead, what it holds not read, said at its place.
        static func keepWithinTheScenesDepth(_ n: inout DraftNode, depth: Int, _ interp: Interpreter) {
            func appends(_ list: [DraftAction]) -> Bool {
                list.contains { if case .append = $0 { true } else { false } }
            }
            let holds =
                !n.children.isEmpty || !n.tabs.isEmpty || n.actions.contains { appends($0.1) }
                || n.onMove.contains { appends($0.1) }
            if depth >= SceneLimits.maxDepth, holds {
                var box = DraftNode(handle: n.handle, type: .card, source: n.source, origin: n.origin)
                box.title = n.origin
                box.label = n.label ?? n.origin
                box.focusable = .off
                interp.warnCut(
                    n.source, once: "scene depth",
                    "views nested more than \(SceneLimits.maxDepth) deep (a scene's limit): \(n.origin) and what it holds are drawn as a placeholder box"
                )
                n = box
                return
            }
            for k in n.children.indices { keepWithinTheScenesDepth(&n.children[k], depth: depth + 1, interp) }
            for k in n.tabs.indices { keepWithinTheScenesDepth(&n.tabs[k].content, depth: depth + 1, interp) }
            func within(_ list: [DraftAction]) -> [DraftAction] {
                list.map {
                    guard case .append(var node, let to) = $0 else { return $0 }
                    keepWithinTheScenesDepth(&node, depth: depth + 1, interp)
                    return .append(node, to: to)
                }
            }
            for k in n.actions.indices { n.actions[k].1 = within(n.actions[k].1) }
            for k in n.onMove.indices { n.onMove[k].1 = within(n.onMove[k].1) }
        }

        /// How many times a translation is written again without what the scene decoder refused.
        static let maxRewrites = 8

        /// What the scene decoder refused of a node the translator wrote: the node (by handle) and the key (nil: the
        /// node itself), from the problem's place in the written scene. nil for a sidecar's problem, or a place the
        /// writer did not make.
        static func refusal(_ d: Diagnostic, _ printer: PrettyPrinter, _ draft: DraftScene) -> (
            handle: Int, key: String?, message: String
        )? {
            if printer.jsonOrigins[d.location] != nil { return nil }
            if let h = printer.nodeStarts[d.location] { return (h, nil, d.message) }
            var node: DraftNode? = nil
            var key: String? = nil
            for part in d.path.split(separator: ".") {
                let name = part.split(separator: "[").first.map(String.init) ?? String(part)
                let index = part.split(separator: "[").dropFirst().first.flatMap { Int($0.dropLast()) }
                switch (name, index) {
                case ("root", _):
                    node = draft.root
                    key = nil
                case ("sheets", let k?):
                    guard draft.sheets.indices.contains(k) else { return nil }
                    node = draft.sheets[k]
                    key = nil
                case ("children", let k?):
                    guard let n = node, n.children.indices.contains(k) else { return nil }
                    node = n.children[k]
                    key = nil
                case ("tabs", let k?):
                    guard let n = node, n.tabs.indices.contains(k) else { return nil }
                    node = n.tabs[k].content
                    key = nil
                case ("content", nil): key = nil
                case ("expect", _): return nil
                default: if key == nil { key = name }
                }
            }
            guard let node else { return nil }
            return (node.handle, key, d.message)
        }

        /// A problem the scene decoder found in the written scene, moved back to the Swift source (or the sidecar).
        static func locate(
            _ d: Diagnostic, _ printer: PrettyPrinter, _ nodes: [Int: DraftNode], _ draft: DraftScene,
            sidecar: Sidecar?, file: String
        ) -> Diagnostic {
            var out = d
            if let origin = printer.jsonOrigins[d.location], let sidecar {
                out.file = sidecar.file
                out.location = origin
                return out
            }
            if let h = printer.nodeStarts[d.location], let n = nodes[h] {
                out.file = n.source.file
                out.location = n.source.location
                return out
            }
            // By path: root.children[2].width → that node.
            var node: DraftNode? = nil
            for part in d.path.split(separator: ".") {
                let name = part.split(separator: "[").first.map(String.init) ?? String(part)
                let index = part.split(separator: "[").dropFirst().first.flatMap { Int($0.dropLast()) }
                switch (name, index) {
                case ("root", _): node = draft.root
                case ("sheets", let k?): node = draft.sheets.indices.contains(k) ? draft.sheets[k] : node
                case ("children", let k?): if let n = node, n.children.indices.contains(k) { node = n.children[k] }
                case ("tabs", let k?): if let n = node, n.tabs.indices.contains(k) { node = n.tabs[k].content }
                case ("expect", _):
                    if let sidecar {
                        out.file = sidecar.file
                        out.location = .start
                    }
                    return out
                default: break
                }
            }
            // No path (the JSON reader's own limits, such as its nesting depth): the node whose text holds the place,
            // the last to start before it.
            if node == nil, d.path.isEmpty,
                let h = printer.nodeStarts.filter({ $0.key <= d.location }).max(by: { $0.key < $1.key })?.value
            {
                node = nodes[h]
            }
            out.file = node?.source.file ?? file
            out.location = node?.source.location ?? .start
            out.message = "in the translated scene: " + d.message
            return out
        }
    }
#endif
