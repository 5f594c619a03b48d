import TenFootScene

/// `--help` for every command and the top-level usage, written from the declarations.
enum HelpText {
    /// Lines are wrapped to this many columns (a terminal's 100, leaving room for a scrollbar).
    static let width = 100
    /// Option and argument names take at most this many columns; longer ones put their help on the
    /// next line.
    static let nameColumn = 28

    /// The usage line of a command: its arguments, then its required options and groups, then the
    /// rest in brackets, wrapped under the command's name (a bracketed option never breaks).
    static func usage(_ c: CommandDeclaration) -> String {
        let lead = "Usage: tenfoot \(c.name) "
        let indent = String(repeating: " ", count: lead.count)
        let main = fill(synopsis(c, everything: true), first: lead, rest: indent)
        guard let batch = c.batch else { return main }
        // The second form: the batch file, its own options, and the options every entry shares.
        let second = "       tenfoot \(c.name) "
        var parts = [c.option(named: batch.option)?.synopsis ?? batch.option]
        parts += (batch.only + batch.alongside).compactMap { c.option(named: $0).map { "[\($0.synopsis)]" } }
        return main + "\n" + fill(parts, first: second, rest: indent)
    }

    /// The parts after `tenfoot NAME`: arguments, required groups and options (`everything` adds the
    /// optional ones in brackets).
    static func synopsis(_ c: CommandDeclaration, everything: Bool) -> [String] {
        var required = c.arguments.map(\.synopsis)
        var optional: [String] = []
        let grouped = Set(c.groups.flatMap(\.names))
        for group in c.groups {
            let options = group.names.compactMap { c.option(named: $0)?.synopsis }.joined(separator: " | ")
            if group.exactlyOne { required.append("(\(options))") } else { optional.append("[\(options)]") }
        }
        let batchOnly = Set(c.batch.map { $0.only + [$0.option] } ?? [])
        for o in c.options where !grouped.contains(o.name) && !batchOnly.contains(o.name) {
            if o.isRequired { required.append(o.synopsis) } else { optional.append("[\(o.synopsis)]") }
        }
        return everything ? required + optional : required
    }

    /// `tenfoot NAME --help`.
    static func command(_ c: CommandDeclaration) -> String {
        var out = [usage(c), ""]
        out += paragraphs(c.discussion)
        if !c.arguments.isEmpty {
            out += ["", "Arguments:"]
            out += c.arguments.map { row(name: $0.placeholder, help: $0.help) }
        }
        out += ["", "Options:"]
        out += c.allOptions.map { o in
            row(name: o.name == CommandDeclaration.help.name ? "-h, --help" : o.synopsis, help: o.help)
        }
        let epilogue = c.epilogue
        if !epilogue.isEmpty {
            out += [""] + epilogue.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        return out.joined(separator: "\n")
    }

    /// `tenfoot --help`: every command's synopsis and summary, then the vocabulary and exit codes.
    static func topLevel(_ commands: [CommandDeclaration]) -> String {
        var rows: [(String, String)] = [("tenfoot", "open the window on the built-in home scene")]
        rows += commands.map {
            ("tenfoot \($0.name) " + synopsis($0, everything: false).joined(separator: " "), $0.summary)
        }
        rows.append(
            ("tenfoot help [COMMAND]", "this text, or one command's options (the same as `tenfoot COMMAND --help`)"))
        rows.append(("tenfoot --version", "the version"))
        var out = ["TenFoot — simulate the Apple TV \"10-foot\" interface and its focus engine.", "", "Usage:"]
        out += rows.map { row(name: $0.0, help: $0.1, column: 44) }
        out += [""]
        out += paragraphs(overview)
        return out.joined(separator: "\n")
    }

    /// What every command shares: SCENE, bundles, remote events and the exit codes (the top-level help's closing
    /// paragraphs, and the manual page's description).
    static var overview: String {
        """
        Every command takes options; `tenfoot COMMAND --help` lists them. SCENE is a scene file, SwiftUI \
        sources (a .swift file or a folder of them; --view or --preview choose the view), or "home" for the \
        built-in home scene; path, record, screenshot and run also take a repro bundle (FILE.tenfoot, written \
        by tenfoot bundle), which replays its own scene, starting focus and input, and test, lint and audit \
        check the scene inside it (places read FILE.tenfoot:files/scene.json:line:column).
        Remote events (MOVE): \(RemoteEvent.buttonNames.joined(separator: " "))
        Exit codes: 0 success, 1 a check failed, 2 bad usage or input, 3 environment failure (no display, \
        missing ffmpeg), 130 interrupted.
        """
    }

    /// "  NAME    help", the help wrapped in its column (on the next line when the name is too long).
    static func row(name: String, help: String, column: Int = nameColumn) -> String {
        let indent = String(repeating: " ", count: column + 4)
        let head = "  " + name
        if head.count + 2 <= column + 4 {
            return wrap(
                help, width: width, first: head + String(repeating: " ", count: column + 4 - head.count), rest: indent)
        }
        return head + "\n" + wrap(help, width: width, first: indent, rest: indent)
    }

    /// Each line of `text` wrapped on its own (a line break in the declaration starts a new line).
    static func paragraphs(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let s = String(line)
            let indent = String(s.prefix { $0 == " " })
            return wrap(String(s.dropFirst(indent.count)), width: width, first: indent, rest: indent)
        }
    }

    /// Words filled into lines of at most `width` columns after `first` (then `rest`).
    static func wrap(_ text: String, width: Int, first: String, rest: String) -> String {
        fill(text.split(separator: " ").map(String.init), first: first, rest: rest)
    }

    /// Parts (words, or bracketed options that must not break) filled into lines of at most `width`
    /// columns after `first` (then `rest`); a part longer than a line stands alone.
    static func fill(_ parts: [String], first: String, rest: String) -> String {
        var lines: [String] = []
        var line = first
        var empty = true
        for part in parts {
            if !empty, line.count + 1 + part.count > width {
                lines.append(line)
                line = rest
                empty = true
            }
            line += (empty ? "" : " ") + part
            empty = false
        }
        lines.append(line)
        return lines.map { l in String(l.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }
}
