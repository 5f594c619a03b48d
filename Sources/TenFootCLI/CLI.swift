import FocusEngine
import Foundation
import TenFootCore
import TenFootPresentation
import TenFootRaster
import TenFootRecorder
import TenFootScene
import TenFootSim
import TenFootSwiftUI

/// The process exit codes of the contracts (DESIGN.md).
enum ExitCode {
    static let success: Int32 = 0
    static let checkFailed: Int32 = 1
    static let usage: Int32 = 2
    static let environment: Int32 = 3
    static let interrupted: Int32 = 130
}

/// A command-line failure: the message goes to stderr, the code is the exit status.
struct CLIError: Error {
    var message: String
    var code: Int32
    /// For an input file that does not load: its `file:line:column` lines (the window shows them in its banner).
    var problems: String? = nil
    static func usage(_ m: String) -> CLIError { CLIError(message: m, code: ExitCode.usage) }
}

public enum CLI {
    /// Every command, in the order the top-level usage lists them.
    static var commands: [any Command.Type] {
        [
            RunCommand.self, PathCommand.self, ExplainCommand.self, AuditCommand.self, TestCommand.self,
            ReportCommand.self, MapCommand.self, DiffCommand.self, RecordCommand.self, ScreenshotCommand.self,
            BundleCommand.self,
            ConvertCommand.self, LintCommand.self,
            NewCommand.self, CompletionCommand.self, ManPageCommand.self, StressCommand.self, PreviewCommand.self,
        ]
    }

    static var usage: String { HelpText.topLevel(commands.map { $0.declaration }) }

    /// What a command line asks for, decided before anything runs: text to print (usage, help), or
    /// a command with its parsed arguments.
    enum Invocation {
        case text(String)
        case run(any Command.Type, ParsedArguments)
    }

    /// The process's arguments as the C library gives them, each checked as UTF-8: Swift's reading puts U+FFFD in
    /// place of a byte that is not, which names another file (`--out` with a byte 0xFF wrote, and replaced, a file
    /// named with U+FFFD). Nil, after saying which argument, when one is not UTF-8.
    static func arguments(_ raw: [[UInt8]]) -> [String]? {
        for (k, bytes) in raw.enumerated() {
            var i = 0
            while i < bytes.count {
                guard let n = UTF8Text.sequenceLength(bytes, at: i) else {
                    ErrorStream.write(
                        "tenfoot: argument \(k + 1) is not UTF-8 text (byte \(UTF8Text.hex(bytes[i])) at byte \(i + 1)); TenFoot reads names and options as UTF-8, so a file whose name is not cannot be named to it\n"
                    )
                    return nil
                }
                i += n
            }
        }
        return raw.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Runs the command line given as the C library's bytes (``arguments(_:)``); returns the exit status.
    public static func main(raw: [[UInt8]]) -> Int32 {
        guard let args = arguments(raw) else { return ExitCode.usage }
        return main(args)
    }

    /// Runs the command line; returns the exit status.
    public static func main(_ args: [String]) -> Int32 {
        let code = run(args)
        // What was printed sits in the C library's buffer: a full disk or a closed descriptor shows only when it is
        // flushed. A report that did not reach its file is a failure, not an exit 0 a CI job reads as a pass.
        guard let out = standardOutputStream(), fflush(out) != 0 || ferror(out) != 0 else { return code }
        let why = String(cString: strerror(errno))
        ErrorStream.write("tenfoot: cannot write to standard output: \(why)\n")
        return code == ExitCode.success || code == ExitCode.checkFailed ? ExitCode.environment : code
    }

    /// The C library's standard output stream, which `print` writes through (Swift 6 will not read the `stdout`
    /// global, shared mutable state to it: its address is asked of the dynamic linker instead).
    static func standardOutputStream() -> UnsafeMutablePointer<FILE>? {
        #if os(Linux)
            let (everywhere, name) = (UnsafeMutableRawPointer(bitPattern: 0), "stdout")  // RTLD_DEFAULT
        #else
            let (everywhere, name) = (UnsafeMutableRawPointer(bitPattern: -2), "__stdoutp")
        #endif
        guard let symbol = dlsym(everywhere, name) else { return nil }
        return symbol.assumingMemoryBound(to: UnsafeMutablePointer<FILE>?.self).pointee
    }

    static func run(_ args: [String]) -> Int32 {
        // Ctrl-C, SIGTERM or SIGHUP are taken from the first thing the program does: noted until the command is
        // known, then exit 130 with nothing half written (the temporaries of outputs being written, a bundle's
        // private copy and what was printed to a file removed). Commands with an orderly stop of their own (record,
        // bundle, stress) put theirs in place of that; the window takes the note over, and saves its session.
        ErrorStream.keepStandardDescriptorsOpen()
        let early = Interrupts.watch()
        noteWordsWithLineFeeds(args)
        HeapPolicy.apply()
        // A replayed bundle's private copy goes when the command ends, however it ends.
        defer { OpenedBundle.cleanUp() }
        Interrupts.atExit = { OpenedBundle.cleanUpForExit() }
        do {
            switch try resolve(args) {
            case .text(let text):
                print(text)
                return 0
            case .run(let command, let parsed):
                if command != RunCommand.self {
                    // Stopped at once: what it printed to a file is taken back (StandardOutputMark).
                    StandardOutputMark.mark()
                    Interrupts.install(Cancellation(), after: 0) { StandardOutputMark.discardWritten() }
                    // Signalled before that: nothing was written yet.
                    if early.received != nil {
                        Interrupts.sayInterrupted()
                        return ExitCode.interrupted
                    }
                }
                try refuseOverwritingInputs(parsed)
                return try command.run(parsed)
            }
        } catch let e as CLIError {
            // Said once, though the emergency exit may say it too.
            if e.code == ExitCode.interrupted, e.message == "interrupted" {
                Interrupts.sayInterrupted()
                return e.code
            }
            ErrorStream.write(errorText(e.message))
            return e.code
        } catch {
            ErrorStream.write(errorText("\(error)"))
            return ExitCode.environment
        }
    }

    /// The options that name files a command writes, and those that name files it reads (besides its arguments):
    /// every option that takes a file is one or the other (a test holds the declarations to it).
    static let outputOptions = ["--out", "--trace", "--junit", "--save-session", "--record", "--report"]
    static let inputOptions = ["--script", "--input-map", "--batch"]

    /// An output that is one of `inputs` (the files a command found in the folders it was given) would replace it.
    static func refuseOverwriting(_ inputs: [String], _ p: ParsedArguments) throws(CLIError) {
        for option in outputOptions {
            guard let path = p.value(named: option), let out = Output(option, path) else { continue }
            for input in inputs where out.replaces(input) { throw out.refusal(of: "the input \(quoted(input))") }
        }
    }

    /// What writing an output replaces: the file it names, and for a frames folder (`--out` or `--record`), the
    /// frames in it (`frame-NNNNN.png`). The same files however they are spelled: device and inode.
    struct Output {
        let option: String
        let path: String
        let file: (dev_t, ino_t)?
        let frames: (dev_t, ino_t)?

        init?(_ option: String, _ path: String) {
            self.option = option
            self.path = path
            file = CLI.identity(path)
            frames = ["--out", "--record"].contains(option) ? CLI.folderIdentity(path) : nil
            if file == nil, frames == nil { return nil }
        }

        func replaces(_ input: String) -> Bool {
            guard let read = CLI.identity(input) else { return false }
            if let file, file == read { return true }
            guard let frames, OutputTarget.isFrameName((input as NSString).lastPathComponent) else { return false }
            return CLI.folderIdentity((input as NSString).deletingLastPathComponent).map { $0 == frames } ?? false
        }

        /// The message refusing to write over `what`.
        func refusal(of what: String) -> CLIError {
            guard file == nil else {
                return .usage("\(option) \(quoted(path)) is \(what): writing it would replace it; name another file")
            }
            return .usage(
                "\(option) \(quoted(path)) holds \(what), which the new frames would replace or delete; name another folder"
            )
        }
    }

    /// The device and inode of the folder at `path` (links followed; "" is the current folder).
    static func folderIdentity(_ path: String) -> (dev_t, ino_t)? {
        var st = stat()
        guard stat(path.isEmpty ? "." : path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else { return nil }
        return (st.st_dev, st.st_ino)
    }

    /// The device and inode of the regular file at `path` (links followed): one file however it is spelled.
    static func identity(_ path: String) -> (dev_t, ino_t)? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        return (st.st_dev, st.st_ino)
    }

    /// Whether `path` is spelled as a file of a format TenFoot writes (`shot.png`, `run.xml`), not as a folder: a
    /// folder of that name is refused before the work, as a FIFO is (it was drawn, then refused with 3).
    static func names(fileOfAFormat path: String) -> Bool {
        guard !path.hasSuffix("/") else { return false }
        let ext = (path as NSString).pathExtension.lowercased()
        return ["png", "jpg", "jpeg", "gif", "mp4", "webm", "svg", "json", "xml", "tenfoot", "vtt", "txt"].contains(ext)
    }

    /// An output that names one of the command's inputs would replace it (`record s.json … --trace s.json`):
    /// refused before anything is read or written. The same file however it is spelled: device and inode.
    static func refuseOverwritingInputs(_ p: ParsedArguments, more: [(option: String, path: String)] = [])
        throws(CLIError)
    {
        let inputs = p.positional + inputOptions.compactMap { p.value(named: $0) }
        let outputs = outputOptions.compactMap { o in p.value(named: o).map { (option: o, path: $0) } } + more
        // A device, a FIFO or a socket is never written over: refused before the work (a screenshot was drawn, then
        // refused, exit 3). Standard output and /dev/null are written through; a folder is some options' output.
        for (_, path) in outputs where !OutputFiles.writesThrough(path) {
            if let kind = OutputFiles.specialKind(path), kind != "a folder" || names(fileOfAFormat: path) {
                throw CLIError.usage("cannot write \(path): it is \(kind), not a file; name a file to write")
            }
        }
        for (option, path) in outputs {
            guard let out = Output(option, path) else { continue }
            for input in inputs where out.replaces(input) { throw out.refusal(of: "the input \(quoted(input))") }
        }
    }

    /// An output that is a file the scene reads to be drawn (`screenshot s.json --out poster.png`) would replace it:
    /// refused, as an output naming an input is (the same device and inode, however spelled). `more`: outputs not
    /// given as options (the page files of `map --all`), each with the option that named it.
    static func refuseOverwritingPictures(
        _ p: ParsedArguments, scene: Scene, file: String, more: [(option: String, path: String)] = []
    ) throws(CLIError) {
        // A bundle being written is `bundle`'s to check: it says the bundle cannot hold itself.
        let named = outputOptions.compactMap { o in p.value(named: o).map { (option: o, path: $0) } } + more
        let outputs = named.compactMap { o in ReproBundle.isBundle(o.path) ? nil : Output(o.option, o.path) }
        guard !outputs.isEmpty else { return }
        for (what, path) in filesRead(scene: scene, file: file) {
            for out in outputs where out.replaces(path) { throw out.refusal(of: what) }
        }
    }

    /// Every file drawing `scene` reads besides its own, with what it is for a message: its pictures (each file of a
    /// layered image), the scenes its `open` actions reach (at most `AssetTable.maxScenes`, as the table follows
    /// them) and their pictures. A picture inside a layer list, a scene an `open` reaches and its pictures were
    /// replaced by outputs when only the scene's own pictures were checked.
    static func filesRead(scene: Scene, file: String) -> [(what: String, path: String)] {
        // A bundle's replay reads its own bytes alone (its pictures from its private copy): following its scene's
        // `open` actions on disk opened files outside it (`/etc/shadow`, named by a hostile bundle).
        guard !ReproBundle.isBundle(file), let base = try? imageBase(forScene: file) else { return [] }
        var out: [(String, String)] = []
        // SwiftUI sources: every file the reader reads (the view's neighbours, the sidecar).
        if SceneSource.isSwiftUI(file) {
            for source in SceneSource.watchList(file) where !BundleFiles.isSameFile(source, file) {
                out.append(("the source \(quoted(source)) the screen is read from", source))
            }
        }
        var scenes = [scene]
        for reached in scene.reachableScenes(loader: SceneSource.fileLoader, maxScenes: AssetTable.maxScenes) {
            out.append(("the scene \(quoted(reached.named)) an open action reaches", reached.path))
            scenes.append(reached.scene)
        }
        var images = Set<String>()
        for s in scenes { images.formUnion(s.imagePaths) }
        for image in images.sorted() {
            let path = AssetTable.location(of: image, base: base)
            out.append(("the picture \(quoted(image)) the scene draws", path))
            guard LayeredImage.isLayered(image), !image.lowercased().hasSuffix(".lsr") else { continue }
            var files = Set<String>()
            for scale in [1, 2] { files.formUnion((try? LayeredImage.load(path, scale: scale))?.files ?? []) }
            for layer in files.sorted() where layer != path {
                out.append(("a file of the picture \(quoted(image)) the scene draws", layer))
            }
        }
        return out
    }

    /// The command, its arguments parsed against its declaration, or the text asked for.
    static func resolve(_ args: [String]) throws(CLIError) -> Invocation {
        guard let first = args.first else { return try parse(RunCommand.self, []) }
        if let command = commands.first(where: { $0.declaration.name == first }) {
            return try parse(command, Array(args.dropFirst()))
        }
        switch first {
        case "-h", "--help":
            return .text(usage)
        case "--version":
            return .text("tenfoot \(TenFootVersion.string)")
        case "help":
            guard let name = args.dropFirst().first else { return .text(usage) }
            guard let command = commands.first(where: { $0.declaration.name == name }) else {
                throw unknownCommand(name)
            }
            return .text(HelpText.command(command.declaration))
        default:
            // `tenfoot scene.json …` (or `tenfoot HomeView.swift …`, a folder of sources) opens the window on it.
            // A folder goes to `run` unlooked-at: which kind it is, `run` finds out (a walk of `/` is no parse).
            if first.hasSuffix(".json") || first.hasSuffix(".swift") || ReproBundle.isBundle(first) || isFolder(first) {
                return try parse(RunCommand.self, args)
            }
            if ParsedArguments.looksLikeOption(first) {
                throw CLIError.usage("unknown option \(first) (see \(ProgramName.typed) --help)")
            }
            throw unknownCommand(first)
        }
    }

    static func isFolder(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }

    /// Parses `args` against the command's declaration (its help, when asked for).
    static func parse(_ command: any Command.Type, _ args: [String]) throws(CLIError) -> Invocation {
        let parsed = try ParsedArguments(args, for: command.declaration)
        return parsed.wantsHelp ? .text(HelpText.command(command.declaration)) : .run(command, parsed)
    }

    /// Reads a command line as `main` does, and every value it gives as its command would read it
    /// (sizes, durations, numbers, choices, overlay lists), without running the command: 0, or the
    /// usage status 2 and the message `main` would print. The command-line fuzz target
    /// (`Fuzz/CLIFuzz`) feeds it argument vectors. Moves are read by the input-script parser, which
    /// has a fuzz target of its own.
    public static func check(_ args: [String]) -> (status: Int32, message: String) {
        do {
            guard case .run(_, let p) = try resolve(args) else { return (0, "") }
            for option in p.command.options {
                guard let kind = option.kind, let value = p.value(option) else { continue }
                switch kind {
                case .size: _ = p.size(option)
                case .duration: _ = p.duration(option)
                case .positiveNumber: _ = p.number(option)
                case .integer: _ = Int(value)
                case .shard: _ = ValueKind.shard(value)
                case .list: _ = try? Overlays(parsing: value)
                case .choice, .scene, .sceneOrFolder, .identifier, .file, .nodeID, .steps, .textSize: break
                }
            }
            _ = (p.policy, p.appearance, p.textSize)
            return (0, "")
        } catch {
            return (error.code, errorText(error.message))
        }
    }

    /// A failure as standard error shows it: `tenfoot: ` and the message, each line with its
    /// control characters escaped (a file name or an option must not drive the terminal).
    static func errorText(_ message: String) -> String {
        briefLines(escapingLines("tenfoot: " + message)) + "\n"
    }

    /// The command line's words that hold a line feed, with the folder and the name of each (what a message says of a
    /// path), longest first: set by ``run(_:)``.
    nonisolated(unsafe) static var wordsWithLineFeeds: [String] = []

    /// `text` with each of ``wordsWithLineFeeds`` it echoes escaped: an `--out` name holding a line feed started a line
    /// of its own that read as tenfoot's (`x\nfake.json:1:1: error: …`). Other control characters are escaped line by
    /// line (``escapingLines(_:)``).
    static func escapingEchoedWords(_ text: String) -> String {
        var text = text
        for word in wordsWithLineFeeds where text.contains(word) {
            text = text.replacingOccurrences(of: word, with: escapingControlCharacters(word))
        }
        return text
    }

    static func noteWordsWithLineFeeds(_ args: [String]) {
        var words = Set<String>()
        for arg in args where arg.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) {
            let value = arg.hasPrefix("--") ? arg.split(separator: "=", maxSplits: 1).last.map(String.init) ?? arg : arg
            for form in [arg, value, FilePath.folder(of: value), (value as NSString).lastPathComponent]
            where form.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" })
                && !form.allSatisfy(\.isWhitespace)
            {
                words.insert(form)
            }
        }
        wordsWithLineFeeds = words.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    }

    /// Each line of an error at most `maxErrorLine` characters, its middle cut with "…": whatever a message
    /// echoes (a 120,000-character file name, a `--view` of 100,000) stays short. Cut as written, after the prefix
    /// and the escapes (a line cut before them reached 1,011 characters).
    static func briefLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.count > maxErrorLine ? line.prefix(maxErrorLine / 2) + "…" + line.suffix(maxErrorLine / 2 - 1) : line
        }.joined(separator: "\n")
    }

    /// The longest line of an error message.
    static let maxErrorLine = 1000

    /// Prints plain text (ids, names, file paths and messages that came from input) with control
    /// characters escaped line by line, as `--json` escapes them in strings: one function for every
    /// plain-text output.
    static func printText(_ text: String) { print(escapingLines(text)) }

    /// Prints the lines `produce` emits as ``printText(_:)`` prints them joined, a few thousand at a time.
    static func printTextLines(_ produce: ((String) -> Void) -> Void) {
        var lines: [String] = []
        produce { line in
            lines.append(line)
            if lines.count == 4096 {
                printText(lines.joined(separator: "\n"))
                lines.removeAll(keepingCapacity: true)
            }
        }
        if !lines.isEmpty { printText(lines.joined(separator: "\n")) }
    }

    /// Writes lines to standard error, escaped as `printText` escapes.
    static func printError(_ text: String) {
        ErrorStream.write(briefLines(escapingLines(text)) + "\n")
    }

    /// Each line of `text` with its control characters escaped; the line breaks kept, but those of a command-line word
    /// it echoes (``escapingEchoedWords(_:)``): a result line naming the `--out` given, or audit's `PATH:LINE:COLUMN`.
    static func escapingLines(_ text: String) -> String {
        let text = wordsWithLineFeeds.isEmpty ? text : escapingEchoedWords(text)
        guard needsEscaping(text, lineFeeds: false) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(escapingControlCharacters).joined(
            separator: "\n")
    }

    static func unknownCommand(_ name: String) -> CLIError {
        let names = commands.map { $0.declaration.name }
        return .usage(
            "unknown command \(quoted(name, limit: 60))"
                + (didYouMean(name, names).map { "; did you mean \($0)?" } ?? "")
                + " (see \(ProgramName.typed) --help)")
    }

    /// Layout measures text with the bundled fonts, as the window draws it (the fixed-advance fake
    /// only when the fonts cannot be opened).
    static let textMeasurer: any TextMeasurer = {
        if let fonts = try? FontCache() { return TrueTypeMeasurer(fonts: fonts) }
        return FixedAdvanceMeasurer()
    }()

    /// What layout does once a process on its first use, done on a small scene: the bundled fonts opened and read,
    /// a line itemized and measured, a scene decoded and laid out (the generic types these use made by the runtime,
    /// each of whose first lookups walks every loaded library's conformances, the parser's included). On `path` of a
    /// view file this was a sixth of the process, after the translation. It leaves caches only, which change no output.
    /// True when the small scene was laid out.
    @discardableResult static func warmUp() -> Bool {
        let text =
            #"{"root":{"type":"scroll","children":[{"type":"shelf","id":"s","title":"Shelf","children":[{"type":"poster","id":"p","title":"Poster"}]},{"type":"button","id":"b","title":"Button"}]}}"#
        guard let scene = try? SceneDecoder.decode(text, file: "warm-up") else { return false }
        return (try? Simulator(scene: scene, measurer: textMeasurer)) != nil
    }

    /// Loads a scene file or SwiftUI sources, or exits 2 with every `file:line:column` problem (3 when this
    /// build cannot read Swift).
    static func loadScene(_ path: String, _ p: ParsedArguments) throws -> Scene { try load(path, p).scene }

    /// The screen at `path` with, for SwiftUI sources, its translation (warnings, where items come from), at
    /// the text size `--text-size` gives (a bundle at the size it was made at).
    static func load(_ path: String, _ p: ParsedArguments) throws -> SceneSource.Loaded {
        let isHome = path == "home" && !FileManager.default.fileExists(atPath: path)
        // A bundle is laid out at the size it was made at: `--text-size` is refused with one (audit, lint, convert and
        // map once took it and did nothing with it).
        if !isHome, ReproBundle.isBundle(path), p.value(CommonOptions.textSize) != nil {
            throw CLIError.usage(
                "\(path) is a bundle: it is laid out at the text size it was made at, so --text-size cannot be given with it (give its scene instead)"
            )
        }
        var loaded = try loadAuthored(path, p, isHome: isHome, textSize: p.textSize)
        if isHome || !ReproBundle.isBundle(path) { loaded.scene.textSize = p.textSize }
        // No output of any command may replace a picture a scene it loads draws (`test --junit`, `diff --out`,
        // `run --save-session` once did).
        try refuseOverwritingPictures(p, scene: loaded.scene, file: path)
        return loaded
    }

    /// The screen as authored; SwiftUI sources translated at `textSize` (a view may read it).
    private static func loadAuthored(_ path: String, _ p: ParsedArguments, isHome: Bool, textSize: TextSize) throws
        -> SceneSource.Loaded
    {
        // "home" names the built-in home scene in every command (unless a file of that name exists).
        var swiftUI = p.swiftUI
        swiftUI.dynamicTypeSize = textSize.rawValue
        if swiftUI.view != nil || swiftUI.preview != nil {
            if !isHome, ReproBundle.isBundle(path) {
                throw CLIError.usage(
                    "\(path) is a bundle: it names its own view; --view and --preview cannot be given with it")
            }
            if isHome || !SceneSource.isSwiftUI(path) {
                throw CLIError.usage("--view and --preview choose a view in SwiftUI sources; \(path) is a scene file")
            }
        }
        if isHome { return SceneSource.Loaded(scene: BuiltInScenes.home(), translation: nil) }
        if ReproBundle.isBundle(path) { return try OpenedBundle.open(path).loaded() }
        // The main thread waits while the SwiftUI reader loads and translates: layout's first use is readied meanwhile.
        let warmed = SceneSource.isSwiftUI(path) ? Concurrently { warmUp() } : nil
        defer { _ = warmed?.value }
        do { return try SceneSource.load(path, options: swiftUI) } catch {
            switch error {
            case .diagnostics(let d):
                throw CLIError(
                    message: "cannot load the scene:\n" + d.description, code: ExitCode.usage, problems: d.description)
            case .usage(let m): throw CLIError.usage(m)
            case .unavailable(let m): throw CLIError(message: m, code: ExitCode.environment)
            }
        }
    }

    /// A script that stopped before its end (``ScriptPlayer/stopped``, its work budget) is an error at the event it
    /// stopped before.
    static func checkPlayed(_ player: ScriptPlayer) throws(CLIError) {
        if let stopped = player.stopped { throw CLIError.usage(stopped.description) }
    }

    /// Moves in the input-script grammar (`path`'s MOVEs, `explain --moves`), or the usage error that
    /// names the moves and the problem at its place in them (`MOVE:1:7: error: …`, the words joined by spaces).
    static func parseMoves(_ text: String) throws(CLIError) -> InputScript {
        do { return try InputScriptParser.parse(text, file: "MOVE") } catch {
            throw CLIError.usage(
                "cannot read the moves \(quoted(text, limit: 80)):\n\(error.description)")
        }
    }

    /// The simulator on `scene`, loaded from `source` (the SCENE argument): `open` actions are served
    /// from the bundle when `source` is one (explain, audit, map… on FILE.tenfoot), from the disk
    /// otherwise — decided by where the scene came from, never by its name (a batch may record a
    /// bundle's `navigation.json` and a `navigation.json` of the current folder in one process).
    static func makeSimulator(
        _ scene: Scene, source: String, policy: FocusPolicy, from: String?, fromPlace: String = "--from"
    ) throws -> Simulator {
        let bundle = ReproBundle.isBundle(source)
        let loader = bundle ? try OpenedBundle.open(source).sceneLoader : SceneSource.fileLoader
        var sim = try makeSimulator(scene, loader: loader, policy: policy, from: from, fromPlace: fromPlace)
        sim.sceneLoaderReadsFiles = !bundle
        return sim
    }

    /// Where a command starts: `--from`, else the script's `from` line, with the place a message names (the option,
    /// or the script's line and column).
    static func start(_ p: ParsedArguments, _ script: InputScript) -> (id: String?, place: String) {
        if let id = p.value(CommonOptions.from) { return (id, "--from") }
        return (script.from, script.fromPlace.map { "\($0): error: from" } ?? "--from")
    }

    /// The simulator on `scene`, `open` actions served by `loader`, starting at `from` (named at `fromPlace`).
    static func makeSimulator(
        _ scene: Scene, loader: @escaping SceneLoader, policy: FocusPolicy, from: String?, fromPlace: String = "--from"
    ) throws -> Simulator {
        var sim: Simulator
        do { sim = try Simulator(scene: scene, policy: policy, measurer: textMeasurer) } catch {
            throw CLIError(message: "\(scene.file): \(error)", code: ExitCode.usage)
        }
        sim.sceneLoader = loader
        // Tests make focus-tree builds fail past a count, to see that failure reach the user.
        if let after = ProcessInfo.processInfo.environment["TENFOOT_TEST_FAIL_FOCUS_TREE"].flatMap({ Int($0) }) {
            sim.treeBuildFault = (after, .nonFiniteFrame("(a fault the test injected)"))
        }
        if let from {
            do { try sim.start(from: from) } catch { throw CLIError.usage("\(fromPlace): \(error.message)") }
        }
        return sim
    }

    /// The pictures `sim`'s scene and the scenes it opens name, read from the scene's folder (or its bundle).
    static func assetTable(_ sim: Simulator, file: String) -> AssetTable {
        assetTable(sim.scene, file: file, loader: sim.sceneLoader, loaderReadsFiles: sim.sceneLoaderReadsFiles)
    }

    /// The pictures `scene` (read from `file`) and the scenes it opens through `loader` name.
    static func assetTable(_ scene: Scene, file: String, loader: SceneLoader?, loaderReadsFiles: Bool = true)
        -> AssetTable
    {
        AssetTable(
            scene: scene, base: (try? imageBase(forScene: file)) ?? ".", decoder: SDLImageDecoder(), loader: loader,
            loaderReadsFiles: loaderReadsFiles)
    }

    /// Each picture that cannot be shown, as a warning on stderr at the place that names it (file:line:column):
    /// the drawing shows it as a crossed box, and the run goes on.
    /// A bundle's are said at its members, as its other messages are (`bug.tenfoot:files/s.json:3:5`).
    static func warnAboutImages(_ assets: AssetTable, bundle: OpenedBundle? = nil) {
        for var d in assets.problems.prefix(maxImageWarnings) {
            if let bundle { d.file = bundle.location(of: d.file) }
            printError(OpenedBundle.naming(d.asWarning.description))
        }
        // A scene naming 30,000 missing pictures printed 30,000 lines.
        if assets.problems.count > maxImageWarnings {
            printError(
                "tenfoot: warning: \(assets.problems.count - maxImageWarnings) more pictures cannot be shown (the first \(maxImageWarnings) are said above)"
            )
        }
    }

    /// The most pictures a command warns about one by one.
    static let maxImageWarnings = 100

    /// The folder a scene's relative image paths start from.
    static func imageBase(forScene path: String) throws -> String {
        if ReproBundle.isBundle(path) { return try OpenedBundle.open(path).imageBase() }
        return path == "home" && !FileManager.default.fileExists(atPath: path) ? "." : SceneSource.imageBase(for: path)
    }

    /// Prints a value as indented JSON with sorted keys.
    static func printJSON(_ value: some Encodable) throws {
        print(String(decoding: try prettyJSON(value), as: UTF8.self))
    }

    /// What ``printJSON(_:)`` prints of a value whose array under `key` (empty in `emptied`) holds `elements`,
    /// written to `write` an element at a time: Foundation's encoder holds a whole document's tree, and 185 MB of
    /// SARIF for 99,999 items took 1.4 GB. `key` must name one array only, and `elements` be that array's.
    static func writeJSON(
        _ emptied: some Encodable, key: String, elements: [any Encodable], to write: (String) -> Void
    ) throws {
        try writeJSON(emptied, arrays: [(key, elements)], to: write)
    }

    /// ``writeJSON(_:key:elements:to:)`` for several arrays, each under a key that names one array only.
    static func writeJSON(
        _ emptied: some Encodable, arrays: [(key: String, elements: [any Encodable])], to write: (String) -> Void
    ) throws {
        let whole = String(decoding: try prettyJSON(emptied), as: UTF8.self)
        let spans = arrays.compactMap { key, elements in
            elements.isEmpty
                ? nil
                : whole.range(of: "\"\(key)\" : \\[\\s*\\]", options: .regularExpression).map { (key, $0, elements) }
        }.sorted { $0.1.lowerBound < $1.1.lowerBound }
        var at = whole.startIndex
        for (key, r, elements) in spans {
            let lineStart =
                whole[..<r.lowerBound].lastIndex(of: "\n").map { whole.index(after: $0) } ?? whole.startIndex
            let indent = String(whole[lineStart..<r.lowerBound].prefix { $0 == " " })
            write(String(whole[at..<r.lowerBound]) + "\"\(key)\" : [\n")
            // The elements encoded 256 at a time as an array, whose brackets are cut off, and their lines indented
            // to sit in the document by their bytes, written a megabyte at a time: one encoding an element, and the
            // lines split and joined as Strings, took three fifths of writing half a million SARIF results.
            let pad = Array(indent.utf8)
            var out: [UInt8] = []
            out.reserveCapacity(1 << 20)
            // A batch of chunks is encoded on every core at once (each with an encoder of its own), then written in
            // order: Foundation's encoder was two fifths of writing a staircase of 99,999 items' audit. A chunk of
            // elements that write themselves (a focus graph's moves) skips the encoder.
            let chunks = Array(stride(from: 0, to: elements.count, by: 256))
            for batch in stride(from: 0, to: chunks.count, by: 32) {
                let these = Array(chunks[batch..<min(chunks.count, batch + 32)])
                let direct = directJSONOnEveryCore(these.map { elements[$0..<min(elements.count, $0 + 256)] }, pad: pad)
                var encoded = try encodedOnEveryCore(
                    zip(these, direct).filter { $1 == nil }.map { elements[$0.0..<min(elements.count, $0.0 + 256)] }
                )[...]
                for (from, written) in zip(these, direct) {
                    if let written {
                        out += written
                    } else {
                        encoded.removeFirst().withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
                            // "[\n" … "\n]": the elements, two spaces in, between ",\n".
                            var lineStart = true
                            for b in bytes[2..<bytes.count - 2] {
                                if lineStart, b != UInt8(ascii: "\n") { out += pad }
                                out.append(b)
                                lineStart = b == UInt8(ascii: "\n")
                            }
                        }
                    }
                    if from + 256 < elements.count { out.append(UInt8(ascii: ",")) }
                    out.append(UInt8(ascii: "\n"))
                    if out.count >= 1 << 20 {
                        write(String(decoding: out, as: UTF8.self))
                        out.removeAll(keepingCapacity: true)
                    }
                }
            }
            if !out.isEmpty { write(String(decoding: out, as: UTF8.self)) }
            write(indent + "]")
            at = r.upperBound
        }
        write(String(whole[at...]) + "\n")
    }

    /// The lines of `elements`, each after `pad`, between ",\n", as the encoder writes them in an array; nil unless
    /// every element writes itself (a focus graph's move: ``FocusAudit/Edge/appendJSON(to:pad:)``).
    private static func directJSON(_ elements: ArraySlice<any Encodable>, pad: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(elements.count * (6 * pad.count + 100))
        for (k, e) in zip(elements.indices, elements) {
            // A cast to the type itself: a cast to a protocol looked its conformance up for every element.
            guard let edge = e as? FocusAudit.Edge, edge.appendJSON(to: &out, pad: pad) else { return nil }
            if k < elements.endIndex - 1 { out.append(contentsOf: ",\n".utf8) }
        }
        return out
    }

    /// ``directJSON(_:pad:)`` of each slice, the slices shared out over the cores.
    private static func directJSONOnEveryCore(_ slices: [ArraySlice<any Encodable>], pad: [UInt8]) -> [[UInt8]?] {
        onEveryCore(slices.count) { directJSON(slices[$0], pad: pad) }
    }

    /// `make(k)` for each `k` below `count`, shared out over the cores, in order.
    private static func onEveryCore<T>(_ count: Int, _ make: (Int) -> T) -> [T] {
        let results = ThreadResults<T>(count: count)
        withoutActuallyEscaping(make) { make in
            nonisolated(unsafe) let make = make
            DispatchQueue.concurrentPerform(iterations: count) { k in results[k] = make(k) }
        }
        return results.values
    }

    /// Each slice of elements encoded as an array, as ``prettyJSON(_:escapingSlashes:)`` encodes it, the slices shared
    /// out over the cores (the output is the same bytes as encoding them one after another).
    private static func encodedOnEveryCore(_ slices: [ArraySlice<any Encodable>]) throws -> [Data] {
        try onEveryCore(slices.count) { k in
            Result { try jsonEncoder(escapingSlashes: true).encode(slices[k].map(Element.init)) }
        }.map { try $0.get() }
    }

    /// One element of a streamed array, encoded as itself.
    private struct Element: Encodable {
        let value: any Encodable
        func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
    }

    /// A value as indented JSON with sorted keys (the one form of every JSON document TenFoot writes whole:
    /// `--json` reports, a bundle's manifest). `escapingSlashes`: `/` written `\/`, as the reports always have.
    static func prettyJSON(_ value: some Encodable, escapingSlashes: Bool = true) throws -> Data {
        try jsonEncoder(escapingSlashes: escapingSlashes).encode(value)
    }

    /// The encoder of ``prettyJSON(_:escapingSlashes:)``.
    static func jsonEncoder(escapingSlashes: Bool) -> JSONEncoder {
        let enc = JSONEncoder()
        enc.outputFormatting =
            escapingSlashes ? [.prettyPrinted, .sortedKeys] : [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return enc
    }

    /// What keeps the folder a file would be written into from being written in ("the folder a/b does not exist",
    /// "a/b is not a folder"); nil when it is a folder, or the path names none (the current one).
    static func missingFolder(of path: String) -> String? {
        let folder = FilePath.folder(of: path)
        return folder.isEmpty ? nil : FilePath.folderProblem(folder)
    }
}

/// The pretty encoder's lines of an object whose members are all strings, written by hand.
enum DirectJSONObject {
    /// Whether the encoder writes `value` as the bytes ``member(_:_:last:to:pad:)`` writes: printable ASCII.
    static func writable(_ value: String) -> Bool { value.utf8.allSatisfy { (0x20...0x7E).contains($0) } }

    static func open(to out: inout [UInt8], pad: [UInt8]) {
        out += pad
        out.append(contentsOf: "  {\n".utf8)
    }

    /// `"key" : "value"` and its comma unless `last`, on a line of its own. `value` must be ``writable(_:)``.
    static func member(_ key: StaticString, _ value: String, last: Bool = false, to out: inout [UInt8], pad: [UInt8]) {
        out += pad
        out.append(contentsOf: "    \"".utf8)
        key.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(contentsOf: "\" : \"".utf8)
        for b in value.utf8 {
            // The encoder's escapes in printable ASCII: the quote, the backslash, and the slash (`\/`).
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b == UInt8(ascii: "/") {
                out.append(UInt8(ascii: "\\"))
            }
            out.append(b)
        }
        out.append(contentsOf: (last ? "\"\n" : "\",\n").utf8)
    }

    static func close(to out: inout [UInt8], pad: [UInt8]) {
        out += pad
        out.append(contentsOf: "  }".utf8)
    }
}

/// A focus graph's moves are written by ``CLI/writeJSON(_:arrays:to:)`` as their own bytes, the bytes the encoder
/// writes for them: a pile of 99,999 items has 750,000, and their encoding was half of `audit --json`'s time.
extension FocusAudit.Edge {
    /// Appends the move's lines as ``CLI/prettyJSON(_:escapingSlashes:)`` writes an element of an array (two spaces
    /// in, its keys sorted), each line after `pad`; false, with nothing appended, when an id holds more than
    /// printable ASCII (the encoder's escapes of the rest are left to it).
    func appendJSON(to out: inout [UInt8], pad: [UInt8]) -> Bool {
        typealias O = DirectJSONObject
        guard O.writable(from), O.writable(to) else { return false }
        O.open(to: &out, pad: pad)
        O.member("direction", direction.rawValue, to: &out, pad: pad)
        O.member("from", from, to: &out, pad: pad)
        O.member("to", to, to: &out, pad: pad)
        O.member("via", via.rawValue, last: true, to: &out, pad: pad)
        O.close(to: &out, pad: pad)
        return true
    }
}
