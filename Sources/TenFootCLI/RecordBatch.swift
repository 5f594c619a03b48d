import Foundation
import TenFootCore
import TenFootRecorder
import TenFootScene
import TenFootSim
import TenFootSwiftUI

/// `tenfoot record --batch FILE [--shard K/N]`: many recordings from one file, one line each
/// (docs/recording.md, "Batches"). Every line is the arguments of one `tenfoot record`, quoted as a
/// shell would; `#` starts a comment. The whole file is read and checked before anything is
/// recorded: a broken line refuses the batch with its `FILE:line:column`. With `--shard K/N` the
/// recordings are sorted by their `--out` and dealt round-robin as `test --shard` deals files
/// (`Shard`). Each recording is put in place whole or not at all (`RecordCommand.record`); one that
/// fails is reported and the batch goes on; the summary lists what was written and what failed.
enum RecordBatch {
    static let batch = OptionDeclaration.option(
        "--batch", "FILE", .file(extensions: []),
        help:
            "record every line of FILE: each is the arguments of one tenfoot record (SCENE, its input, --out…), quoted as in a shell; # starts a comment"
    )
    static let shard = OptionDeclaration.option(
        "--shard", "K/N", .shard,
        help:
            "with --batch: only the K-th of N shards — the recordings sorted by --out, dealt round-robin (recording i goes to shard i mod N + 1); an empty shard succeeds"
    )
    /// Options the command line may give with `--batch`: they apply to every line that does not give its own.
    static let shared: [OptionDeclaration] = [
        CommonOptions.size, RecordCommand.fps, RecordCommand.hold, CommonOptions.overlay, CommonOptions.preset,
        CommonOptions.appearance, CommonOptions.policy, CommonOptions.textSize, CommonOptions.gap,
    ]
    static var form: BatchForm { BatchForm(option: batch.name, alongside: shared.map(\.name), only: [shard.name]) }

    /// A batch file is a list of command lines: a megabyte is thousands of them.
    static let maxBytes = 1 << 20
    static let maxRecordings = 10_000

    /// One line of the file: a recording.
    struct Entry {
        /// The line, from 1.
        var line: Int
        /// The arguments as the line gives them (after unquoting), with the shared options added.
        var arguments: [String]
        var parsed: ParsedArguments
        /// `--out` as written: the key the shards are dealt by.
        var output: String
    }

    /// A word of a line and the column it starts at.
    struct Word: Equatable {
        var text: String
        var column: Int
        /// The line's column of each character of `text`: quotes and escapes shift a value's characters right of
        /// where they are written, so a problem inside a value is placed through these.
        var columns: [Int] = []
    }

    // MARK: Reading the file

    /// Every recording of `file`, in line order, each parsed as `tenfoot record` parses its command
    /// line with `shared` (the options given with `--batch`) added where the line does not give them.
    /// Every problem of every line is reported together, at its `file:line:column`.
    static func read(_ file: String, shared: [(name: String, value: String)]) throws(CLIError) -> [Entry] {
        let text: String
        do { text = try TextFile.read(path: file, maxBytes: maxBytes, what: "batch file") } catch {
            throw CLIError.usage(error.description)
        }
        var problems: [Diagnostic] = []
        var entries: [Entry] = []
        /// The files each output names (`--out`, `--trace`), normalized, and the line that writes it.
        var writers: [String: Int] = [:]
        /// The files the batch reads (itself, every line's scene, script and input map), normalized, with the line
        /// that reads each (0: the batch file): no line may write one (a `--trace` once replaced a scene, exit 0).
        var readers: [String: (line: Int, path: String)] = [normalized(file): (0, file)]
        var outputs: [(key: String, path: String, option: String, at: Diagnostic)] = []
        var played = PlayedScripts()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (k, raw) in lines.enumerated() {
            let number = k + 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            let words: [Word]
            do throws(Diagnostic) { words = try Self.words(line, file: file, line: number) } catch {
                problems.append(error)
                continue
            }
            guard !words.isEmpty else { continue }
            func at(_ column: Int, _ message: String) -> Diagnostic {
                Diagnostic(file: file, at: SourceLocation(line: number, column: column), message)
            }
            var lineProblems: [Diagnostic] = []
            let named = optionNames(words)
            for w in words
            where [batch.name, shard.name].contains(w.text.split(separator: "=", maxSplits: 1).first.map(String.init)) {
                lineProblems.append(
                    at(
                        w.column,
                        "\(w.text.split(separator: "=", maxSplits: 1)[0]) is given on the command line, not on a line of the batch"
                    ))
            }
            guard lineProblems.isEmpty else {
                problems += lineProblems
                continue
            }
            // A bundle replays its own policy and input timing: the shared options it fixes pass it by. (The line's
            // scene alone makes it a bundle's: a `--script` named `m.tenfoot` once lost the shared `--gap`.)
            let scene = (try? ParsedArguments(words.map(\.text), for: RecordCommand.declaration))?.positional.first
            let isBundle = scene.map(ReproBundle.isBundle) ?? false
            let fixed = Set(BundleReplay.fixedOptions.map(\.name))
            let arguments =
                words.map(\.text)
                + shared.filter { !named.contains($0.name) && !(isBundle && fixed.contains($0.name)) }.map {
                    "\($0.name)=\($0.value)"
                }
            let parsed: ParsedArguments
            do throws(CLIError) { parsed = try ParsedArguments(arguments, for: RecordCommand.declaration) } catch {
                for message in error.message.split(separator: "\n") {
                    problems.append(at(column(of: String(message), in: words), String(message)))
                }
                continue
            }
            // Options a bundle fixes are refused now, at the option, as the line's other mistakes are: they were
            // refused when the line's turn came (and a too-long --moves was reported instead).
            if isBundle, let scene {
                let refused = BundleReplay.fixedOptions.filter { parsed.value($0) != nil }.map(\.name)
                if !refused.isEmpty {
                    let message = BundleReplay.refusal(scene, refused)
                    problems.append(at(column(of: message, in: words), message))
                    continue
                }
            }
            // The steps a line gives inline are read now, at their place in the batch: each line failed on its own
            // after the lines before it had run, at "--moves:1:1", and 10,000 such lines printed 20,000.
            var script: InputScript?
            if let moves = parsed.value(CommonOptions.moves) {
                do throws(Diagnostic) {
                    script = try InputScriptParser.parse(
                        moves, gap: parsed.duration(CommonOptions.gap) ?? InputScriptParser.defaultGap, file: "--moves")
                } catch {
                    problems.append(
                        at(
                            valueColumn(of: CommonOptions.moves.name, in: words, at: error.location.column),
                            error.message))
                    continue
                }
            } else {
                script = played.script(parsed)
            }
            if let played = script, parsed.value(CommonOptions.preset) == "presentation" {
                script = CaptureInput.presented(played)
            }
            // The recording's settings are checked now, as the lines' other mistakes are: an MP4 of odd size was refused
            // once the lines before it had been recorded. (Its outputs
            // are still compared with the other lines' below.)
            if let output = parsed.value(RecordCommand.out), let format = try? OutputFormat(path: output) {
                var settings = RecordingSettings()
                if let (w, h) = parsed.size(CommonOptions.size) { (settings.width, settings.height) = (w, h) }
                (settings.fps, settings.hold) = RecordCommand.timing(parsed)
                do throws(RecordingError) { try settings.validate(for: format, script: script) } catch {
                    for message in error.cliError.message.split(separator: "\n") {
                        // A value given with --batch is not on the line: the message says where it is.
                        let given = shared.filter { !named.contains($0.name) }.map(\.name)
                        let from = given.filter { message.hasPrefix($0) }
                        let note =
                            from.isEmpty
                            ? ""
                            : " (\(from.joined(separator: ", ")) \(from.count == 1 ? "is" : "are") given with --batch)"
                        problems.append(at(column(of: String(message), in: words), String(message) + note))
                    }
                }
            }
            for input in [
                parsed.positional.first, parsed.value(CommonOptions.script), parsed.value(RunCommand.inputMap),
            ] {
                guard let input, readers[normalized(input)] == nil else { continue }
                readers[normalized(input)] = (number, input)
            }
            for option in [RecordCommand.out, RecordCommand.trace] {
                guard let path = parsed.value(option) else { continue }
                let column =
                    words.firstIndex { $0.text == option.name || $0.text.hasPrefix(option.name + "=") }.map {
                        words[$0].column
                    } ?? 1
                outputs.append((normalized(path), path, option.name, at(column, "")))
            }
            guard let output = parsed.value(RecordCommand.out) else { continue }
            // A video's captions (`NAME.vtt`) are an output too: `a.mp4` and `a.gif` would both write `a.vtt`.
            let captions = (try? OutputFormat(path: output)).flatMap {
                $0 == .pngFrames ? nil : WebVTT.path(beside: output)
            }
            if let captions {
                // Compared with the inputs as the outputs named are (a batch file `b.vtt` whose line writes `b.gif`
                // was replaced by captions).
                let column =
                    words.firstIndex {
                        $0.text == RecordCommand.out.name || $0.text.hasPrefix(RecordCommand.out.name + "=")
                    }
                    .map { words[$0].column } ?? 1
                outputs.append(
                    (
                        normalized(captions), captions,
                        "\(RecordCommand.out.name) \(quoted(output)) writes its captions to", at(column, "")
                    ))
            }
            let written: [(OptionDeclaration, String, isCaptions: Bool)] =
                [RecordCommand.out, RecordCommand.trace].compactMap { o in parsed.value(o).map { (o, $0, false) } }
                + (captions.map { [(RecordCommand.out, $0, true)] } ?? [])
            var outCollides = false
            for (option, path, isCaptions) in written {
                // A file already there is known by its identity: a hard link to it is the same file.
                let key = CLI.identity(path).map { "\($0.0):\($0.1)" } ?? normalized(path)
                if let other = writers[key] {
                    // Captions beside a video that collides collide too: the video's line says it.
                    if isCaptions && outCollides { continue }
                    if option.name == RecordCommand.out.name, !isCaptions { outCollides = true }
                    let column =
                        words.firstIndex { $0.text == option.name || $0.text.hasPrefix(option.name + "=") }.map {
                            words[$0].column
                        } ?? 1
                    problems.append(
                        at(
                            column,
                            (isCaptions
                                ? "\(option.name) \(quoted(output)) writes its captions to \(quoted(path)), and "
                                : "\(option.name) \(quoted(path)): ")
                                + "line \(other) writes the same file; each recording needs its own outputs"
                        ))
                } else {
                    writers[key] = number
                }
            }
            entries.append(Entry(line: number, arguments: arguments, parsed: parsed, output: output))
        }
        // The same file however it is reached: a link to an input (or a hard link) is that input.
        var byIdentity: [String: (line: Int, path: String)] = [:]
        for (_, input) in readers.sorted(by: { ($0.value.line, $0.value.path) < ($1.value.line, $1.value.path) }) {
            if let id = CLI.identity(input.path), byIdentity["\(id.0)/\(id.1)"] == nil {
                byIdentity["\(id.0)/\(id.1)"] = input
            }
        }
        // And every file a line's screen reads: its pictures (each file of a layered image), the scenes its `open`
        // actions reach, a SwiftUI view's other sources and sidecar. One line's output once replaced a picture, a
        // layer list and an opened scene of another line.
        for entry in entries {
            guard let scene = entry.parsed.positional.first else { continue }
            let read: [String]
            if SceneSource.isSwiftUI(scene) {
                read = SceneSource.watchList(scene)
            } else if let loaded = try? SceneDecoder.load(path: scene) {
                read = CLI.filesRead(scene: loaded, file: scene).map(\.path)
            } else {
                read = []
            }
            for path in read {
                guard let id = CLI.identity(path), byIdentity["\(id.0)/\(id.1)"] == nil else { continue }
                byIdentity["\(id.0)/\(id.1)"] = (entry.line, path)
            }
        }
        for o in outputs {
            let sameFile = CLI.identity(o.path).flatMap { byIdentity["\($0.0)/\($0.1)"] }
            guard let input = readers[o.key] ?? sameFile else { continue }
            var d = o.at
            d.message =
                "\(o.option) \(quoted(o.path))\(o.option.hasSuffix("captions to") ? ", which" : "") is "
                + (input.line == 0 ? "the batch file" : "the input \(quoted(input.path)) of line \(input.line)")
                + ": writing it would replace it; name another file"
            problems.append(d)
        }
        // A frames folder holds its line's frames alone: another line writing inside it (a frame's name taken for a
        // folder, a trace) was found only when its files were written, exit 3, after the lines before it ran.
        let folders = entries.compactMap { e -> (key: String, line: Int, path: String)? in
            guard (try? OutputFormat(path: e.output)) == .pngFrames else { return nil }
            return (normalized(e.output), e.line, e.output)
        }
        for o in outputs {
            for f in folders where o.at.location.line != f.line && o.key.hasPrefix(f.key == "/" ? "/" : f.key + "/") {
                var d = o.at
                d.message =
                    "\(o.option) \(quoted(o.path)) is inside \(quoted(f.path)), the frames folder of line \(f.line), which holds its frames alone; each recording needs its own outputs"
                problems.append(d)
            }
        }
        if !problems.isEmpty { throw CLIError.usage("the batch does not load:\n" + Diagnostics(problems).description) }
        if entries.isEmpty {
            throw CLIError.usage(
                Diagnostic(
                    file: file, at: .start,
                    "the batch file has no recordings (one a line: SCENE --moves STEPS --out FILE)"
                ).description)
        }
        if entries.count > maxRecordings {
            throw CLIError.usage(
                Diagnostic(
                    file: file, at: SourceLocation(line: entries[maxRecordings].line, column: 1),
                    "the batch has \(entries.count) recordings; the limit is \(maxRecordings)"
                ).description)
        }
        return entries
    }

    /// The words of a line, unquoted as a POSIX shell does: blanks separate words; `'…'` is literal;
    /// in `"…"`, `\"` and `\\` are escapes (another backslash is kept); outside quotes `\` makes the
    /// next character literal; quoted parts next to each other (or to plain text) join into one word;
    /// `#` at the start of a word begins a comment. No variables, globs or substitutions: what is
    /// written is what is passed.
    static func words(_ line: Substring, file: String, line number: Int) throws(Diagnostic) -> [Word] {
        func problem(_ column: Int, _ message: String) -> Diagnostic {
            Diagnostic(file: file, at: SourceLocation(line: number, column: column), message)
        }
        var words: [Word] = []
        var current: String?
        /// The line's column of each scalar of `current` (characters on either side of a quote can join into one).
        var columns: [Int] = []
        var start = 0
        var column = 0
        var quote: Character?
        var quoteColumn = 0
        var escaped = false
        func word(_ text: String) -> Word {
            var perCharacter: [Int] = []
            var k = 0
            for c in text {
                perCharacter.append(k < columns.count ? columns[k] : columns.last ?? start)
                k += c.unicodeScalars.count
            }
            return Word(text: text, column: start, columns: perCharacter)
        }
        for ch in line {
            column += 1
            if ch != "\t", ch.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                throw problem(column, "a control character (\(escapingControlCharacters(String(ch)))) in a batch line")
            }
            if escaped {
                // Inside "…" only \" and \\ are escapes; another backslash stays (`"C:\x"`), as in a shell.
                let keepsBackslash = quote == "\"" && ch != "\"" && ch != "\\"
                if keepsBackslash {
                    current = (current ?? "") + "\\"
                    columns.append(column - 1)
                }
                current = (current ?? "") + String(ch)
                // An escaped character is written from its backslash on.
                columns += repeatElement(keepsBackslash ? column : column - 1, count: ch.unicodeScalars.count)
                escaped = false
                continue
            }
            if let q = quote {
                if ch == q {
                    quote = nil
                    continue
                }
                if q == "\"", ch == "\\" {
                    escaped = true
                    continue
                }
                current! += String(ch)
                columns += repeatElement(column, count: ch.unicodeScalars.count)
                continue
            }
            switch ch {
            case " ", "\t":
                if let c = current {
                    words.append(word(c))
                    current = nil
                    columns = []
                }
            case "#" where current == nil:
                return words
            case "'", "\"":
                if current == nil {
                    current = ""
                    start = column
                }
                quote = ch
                quoteColumn = column
            case "\\":
                if current == nil {
                    current = ""
                    start = column
                }
                escaped = true
            default:
                if current == nil {
                    current = ""
                    start = column
                }
                current! += String(ch)
                columns += repeatElement(column, count: ch.unicodeScalars.count)
            }
        }
        if let q = quote {
            throw problem(quoteColumn, "the quote \(q) is not closed on its line (a recording is one line)")
        }
        if escaped {
            // Inside double quotes, `\` then the line's end; outside, a `\` that would continue the line.
            throw problem(column, "the line ends with \\ (a recording is one line; write \\\\ for a backslash)")
        }
        if let c = current { words.append(word(c)) }
        return words
    }

    /// The column in the line of character `offset` (from 1) of the value of option `name`, as the line's last
    /// `name` gives it (after `NAME=`, or the next word) up to `--`: where a problem the value's reader found there is.
    static func valueColumn(of name: String, in words: [Word], at offset: Int) -> Int {
        let end = words.firstIndex { $0.text == "--" } ?? words.count
        guard let k = words[..<end].lastIndex(where: { $0.text == name || $0.text.hasPrefix(name + "=") }) else {
            return 1
        }
        let (word, skipped) =
            words[k].text == name && k + 1 < words.count ? (words[k + 1], 0) : (words[k], name.count + 1)
        let index = skipped + max(0, offset - 1)
        if index < word.columns.count { return word.columns[index] }
        // Past the value's last character (a problem at its end): one after the last one written.
        return (word.columns.last ?? word.column) + 1
    }

    /// The options a line gives (`--size` of `--size 640x360` and of `--size=640x360`), up to `--`.
    static func optionNames(_ words: [Word]) -> Set<String> {
        var names = Set<String>()
        for w in words {
            if w.text == "--" { break }
            if ParsedArguments.looksLikeOption(w.text) {
                names.insert(String(w.text.split(separator: "=", maxSplits: 1)[0]))
            }
        }
        return names
    }

    /// The inputs the lines will play, read for the settings check before anything is recorded: each script file
    /// and bundle once, and at most `maxBytes` of them together. A refused batch read a 16 MB script again for each of
    /// its 100 lines (38 s), and ten spellings of one 240 MB bundle held 2.75 GB. A line whose input is not read
    /// here (past the budget, or not a regular file, or not readable) is checked when its turn comes, with its own
    /// message.
    struct PlayedScripts {
        static let maxBytes = 64 << 20
        private var read: [String: InputScript?] = [:]
        private var left: Int

        init(maxBytes: Int = Self.maxBytes) { left = maxBytes }

        /// The input `p` will play, unpaced: a bundle's own, else its `--script` file's.
        mutating func script(_ p: ParsedArguments) -> InputScript? {
            let bundle = p.positional.first.flatMap { ReproBundle.isBundle($0) ? $0 : nil }
            guard let file = bundle ?? p.value(CommonOptions.script) else { return nil }
            // A script reads differently with another --gap.
            let key = normalized(file) + (bundle == nil ? "\u{0}" + (p.value(CommonOptions.gap) ?? "") : "")
            if let known = read[key] { return known }
            var info = stat()
            guard stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) <= left else {
                return nil
            }
            left -= Int(info.st_size)
            let script =
                if let bundle {
                    // Not kept open: its line opens it again when it is recorded.
                    try? ReproBundle.read(path: bundle).script(file: bundle)
                } else {
                    try? CaptureInput.script(p)
                }
            read[key] = script
            return script
        }
    }

    /// Where on the line a problem the parser found is: the option it names first (its last use on the line, the one
    /// left without a value when it is given twice), else the first other word it quotes, else the line's first word
    /// (a problem with what is missing).
    static func column(of message: String, in words: [Word]) -> Int {
        func name(_ w: Word) -> String {
            ParsedArguments.looksLikeOption(w.text) ? String(w.text.split(separator: "=", maxSplits: 1)[0]) : w.text
        }
        let options = words.filter { ParsedArguments.looksLikeOption($0.text) && name($0).count > 1 }
        let named = options.compactMap { w in message.range(of: name(w)).map { (w, $0.lowerBound) } }
        if let first = named.min(by: { $0.1 < $1.1 }) {
            return options.last { name($0) == name(first.0) }!.column
        }
        let mentioned = words.filter { name($0).count > 1 && message.contains(name($0)) }
        return (mentioned.first ?? words.first)?.column ?? 1
    }

    /// A written path as a key: `.` and `..` and doubled slashes resolved, no trailing slash
    /// (`frames/` and `./frames` are one folder).
    /// The file a path names, as the file system finds it: absolute, its folder resolved as `realpath` resolves it
    /// (`.`, `..` and symbolic links, so `a.gif`, `./a.gif`, `sub/../a.gif` and `link-to-here/a.gif` are one
    /// file), the name as written. A folder that does not exist yet is resolved by its words alone. A name that is a
    /// symbolic link is followed, even to a file not there yet (`alink.mp4` → `a.mp4`, written by an earlier line).
    static func normalized(_ path: String) -> String {
        var key = named(path)
        var hops = 0
        var info = stat()
        while hops < 40, lstat(key, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(key, &target, Int(PATH_MAX))
            guard n > 0 else { break }
            let link = String(decoding: target[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            key = named(link.hasPrefix("/") ? link : (key as NSString).deletingLastPathComponent + "/" + link)
            hops += 1
        }
        return key
    }

    /// ``normalized(_:)`` without following a link the name itself is.
    private static func named(_ path: String) -> String {
        var name = path
        while name.count > 1, name.hasSuffix("/") { name.removeLast() }
        let absolute = name.hasPrefix("/") ? name : FileManager.default.currentDirectoryPath + "/" + name
        let folder = (absolute as NSString).deletingLastPathComponent
        let last = (absolute as NSString).lastPathComponent
        var resolved: String
        if let real = realpath(folder, nil) {
            resolved = String(cString: real)
            free(real)
        } else {
            resolved = (folder as NSString).standardizingPath
        }
        if last == "." || last == ".." { return ((resolved + "/" + last) as NSString).standardizingPath }
        return (resolved == "/" ? "" : resolved) + "/" + last
    }

    // MARK: Running

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let file = p.value(batch)!
        let given = shared.compactMap { o in p.value(o).map { (name: o.name, value: $0) } }
        let entries = try read(file, shared: given)
        var mine = entries
        let sharded = p.value(shard).flatMap(Shard.init)
        if let sharded {
            mine = sharded.deal(entries) { $0.output }
            CLI.printText("\(file), shard \(sharded.name): \(mine.count) of \(entries.count) recordings")
        }

        let cancellation = Cancellation()
        let pending = PendingOutputs()
        // Installed once, before any temporary output exists: a Ctrl-C discards the recording under
        // way; the ones already written stay (each is whole), the rest are not started.
        Interrupts.install(cancellation) { pending.discard() }
        var written: [Entry] = []
        var failed: [(entry: Entry, error: CLIError)] = []
        var interrupted = false
        for (k, entry) in mine.enumerated() {
            if cancellation.isCancelled {
                interrupted = true
                break
            }
            // A bundle is let go once its line is recorded: ten bundles of 240 MB were all held to the end (2.75 GB).
            defer { OpenedBundle.cleanUp() }
            do {
                CLI.printText(
                    try RecordCommand.record(
                        entry.parsed, cancellation: cancellation, pending: pending,
                        label: "[\(k + 1)/\(mine.count)] \(entry.output)"))
                written.append(entry)
            } catch let e as CLIError {
                if e.code == ExitCode.interrupted {
                    interrupted = true
                    break
                }
                CLI.printError("\(file):\(entry.line): \(entry.output): \(e.message)")
                failed.append((entry, e))
            } catch {
                CLI.printError("\(file):\(entry.line): \(entry.output): \(error)")
                failed.append((entry, CLIError(message: "\(error)", code: ExitCode.environment)))
            }
        }
        // The summary: what is in place, what failed and why (the first line of each message).
        if !written.isEmpty { CLI.printText("written: " + written.map(\.output).joined(separator: ", ")) }
        for (entry, error) in failed {
            CLI.printText(
                "failed: \(entry.output) (\(file):\(entry.line), exit \(error.code)): \(headline(error.message))")
        }
        let notStarted = mine.count - written.count - failed.count
        CLI.printText(
            "\(written.count) written, \(failed.count) failed"
                + (interrupted ? ", \(notStarted) not recorded (interrupted)" : ""))
        if interrupted {
            // Said as a single recording says it (a batch stopped in order ended with nothing on standard error).
            Interrupts.sayInterrupted()
            return ExitCode.interrupted
        }
        return failed.map(\.error.code).max() ?? 0
    }

    /// A failure's message in one line for the summary: its first line, with the next one when the
    /// first only announces it (`cannot load the scene:`), and how many more there are.
    static func headline(_ message: String) -> String {
        let lines = message.split(separator: "\n").map(String.init)
        guard let first = lines.first else { return "" }
        let shown = first.hasSuffix(":") && lines.count > 1 ? [first, lines[1]] : [first]
        let more = lines.count - shown.count
        return shown.joined(separator: " ") + (more > 0 ? " (and \(more) more line\(more == 1 ? "" : "s"))" : "")
    }
}
