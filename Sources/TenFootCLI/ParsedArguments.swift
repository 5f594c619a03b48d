import FocusEngine
import TenFootCore
import TenFootPresentation
import TenFootScene
import TenFootSim
import TenFootSwiftUI

/// A command's arguments, parsed against its declaration. Parsing reports every problem at once
/// (unknown options, missing or empty values, values of the wrong kind, missing or extra arguments,
/// required options, options that exclude each other) as one `CLIError` with exit code 2.
///
/// An option's value is given as `--name value` or `--name=value`; `--name=` is an empty value, refused
/// unless empty means something for that option (`ValueKind.allowsEmpty`). `-h` is `--help`, and
/// `--help` anywhere wins over every problem. `--` ends the options; a word starting with `-` and a
/// digit is a value (`-1`), not an option.
struct ParsedArguments {
    let command: CommandDeclaration
    private var values: [String: String] = [:]
    private var flags: Set<String> = []
    private(set) var positional: [String] = []

    /// The most problems one error lists.
    static let maxProblems = 20

    init(_ args: [String], for command: CommandDeclaration) throws(CLIError) {
        self.command = command
        var problems: [String] = []
        /// Options given but refused (they are not reported missing as well).
        var refused: Set<String> = []
        var i = 0
        while i < args.count {
            let word = args[i]
            i += 1
            if word == "--" {
                positional += args[i...]
                break
            }
            guard ParsedArguments.looksLikeOption(word) else {
                positional.append(word)
                continue
            }
            let name: String
            let inline: String?
            if let eq = word.firstIndex(of: "=") {
                name = String(word[..<eq])
                inline = String(word[word.index(after: eq)...])
            } else {
                name = word
                inline = nil
            }
            guard let option = command.option(named: name == "-h" ? "--help" : name) else {
                let known = command.allOptions.map(\.name)
                problems.append(
                    "unknown option \(quoted(name, quote: "", limit: 60))"
                        + (didYouMean(name, known).map { "; did you mean \($0)?" } ?? ""))
                continue
            }
            guard let kind = option.kind else {
                if inline != nil {
                    problems.append("\(option.name) takes no value, got \(quoted(word, quote: "", limit: 60))")
                } else {
                    flags.insert(option.name)
                }
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else if i < args.count, !args[i].hasPrefix("--") {
                value = args[i]
                i += 1
            } else {
                problems.append("\(option.name) needs a value (\(option.synopsis))")
                refused.insert(option.name)
                continue
            }
            if value.isEmpty, !kind.allowsEmpty {
                problems.append("\(option.name) needs a value (\(option.synopsis)), got an empty one")
                refused.insert(option.name)
                continue
            }
            // A whole number's own rule speaks first, naming its range (`--seed 1e3` was told only "a whole number").
            let ownFirst = kind == .integer ? option.check?(value) : nil
            if let problem = ownFirst ?? kind.problem(with: value, for: option.name) ?? option.check?(value) {
                problems.append(problem)
            }
            values[option.name] = value
        }
        if flags.contains(CommandDeclaration.help.name) { return }
        let given = Set(values.keys).union(flags).union(refused)
        let batch = command.batch.flatMap { given.contains($0.option) ? $0 : nil }
        if let batch {
            // The entries of the file give SCENE, the required options and the groups' choices.
            if !positional.isEmpty {
                problems.append(
                    "\(batch.option) reads every \(command.name) from its file; give SCENE on the file's lines, not here (got \(positional.joined(separator: " ")))"
                )
            }
            let allowed = Set(batch.alongside + batch.only + [batch.option])
            for option in command.options where given.contains(option.name) && !allowed.contains(option.name) {
                problems.append(
                    "\(option.name) goes on each line of the \(batch.option) file, not with \(batch.option) (with it: \(batch.alongside.joined(separator: ", ")))"
                )
            }
        } else {
            problems += arityProblems()
            for option in command.options
            where option.isRequired && values[option.name] == nil && !refused.contains(option.name) {
                problems.append("\(command.name) needs \(option.synopsis)")
            }
            if let form = command.batch {
                for name in form.only where given.contains(name) {
                    problems.append("\(name) splits a batch: give \(form.option) FILE with it")
                }
            }
        }
        for group in command.groups {
            let given = group.names.filter { values[$0] != nil || flags.contains($0) || refused.contains($0) }
            if given.count > 1 {
                problems.append("give either \(given.joined(separator: " or ")), not both")
            } else if group.exactlyOne, given.isEmpty, batch == nil,
                !(group.bundleProvides && positional.first.map(ReproBundle.isBundle) == true)
            {
                let choices = group.names.compactMap { command.option(named: $0)?.synopsis }
                problems.append("\(command.name) needs \(choices.joined(separator: " or "))")
            }
        }
        if !problems.isEmpty {
            // Every problem of a command line a person typed; a generated one of thousands, the first few.
            let shown = problems.prefix(ParsedArguments.maxProblems)
            let more = problems.count - shown.count
            throw .usage((shown + (more > 0 ? ["… and \(more) more problems"] : [])).joined(separator: "\n"))
        }
    }

    /// `--name`, `--name=value` and `-x` are options; `-`, `-1` and `-0.5` are values.
    static func looksLikeOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word.count > 1 else { return false }
        let second = word[word.index(after: word.startIndex)]
        return !(second.isNumber || second == ".")
    }

    /// Too few or too many positional arguments, and choices that are not among theirs.
    private func arityProblems() -> [String] {
        let arguments = command.arguments
        let required = arguments.filter { $0.count == .one }.count
        let unbounded = arguments.contains { $0.count == .any }
        let see = "(see \(ProgramName.typed) \(command.name) --help)"
        if positional.count < required {
            let missing = arguments.filter { $0.count == .one }.dropFirst(positional.count).map(\.placeholder)
            return ["\(command.name) needs \(missing.joined(separator: " and ")) \(see)"]
        }
        if !unbounded, positional.count > arguments.count {
            let synopsis = arguments.map(\.synopsis).joined(separator: " ")
            return [
                "\(command.name) takes \(synopsis.isEmpty ? "no arguments" : synopsis), got \(positional.count) arguments: \(quoted(positional.joined(separator: " "))) \(see)"
            ]
        }
        var problems: [String] = []
        for (k, value) in positional.enumerated() {
            let declared = k < arguments.count ? arguments[k] : arguments.last
            if let declared, let problem = declared.kind.problem(with: value, for: declared.placeholder) {
                problems.append(problem)
            }
        }
        return problems
    }

    // MARK: Reading values

    /// The option's value as given (nil when absent).
    func value(_ option: OptionDeclaration) -> String? { values[option.name] }
    /// The value of the option named `name`, if given.
    func value(named name: String) -> String? { values[name] }

    /// True when the flag was given.
    func flag(_ option: OptionDeclaration) -> Bool { flags.contains(option.name) }

    var wantsHelp: Bool { flags.contains(CommandDeclaration.help.name) }

    /// `--policy` (default tvos).
    var policy: FocusPolicy { values[CommonOptions.policy.name].flatMap(FocusPolicy.init(rawValue:)) ?? .tvos }

    /// `--view` / `--preview`: which SwiftUI view opens; `--appearance` is the colour scheme views read.
    var swiftUI: SwiftUIOptions {
        SwiftUIOptions(
            preview: values[CommonOptions.preview.name], view: values[CommonOptions.view.name],
            dynamicTypeSize: textSize.rawValue, colorScheme: appearance.rawValue)
    }

    /// `--text-size` (default large): the text size the screen is laid out at.
    var textSize: TextSize {
        values[CommonOptions.textSize.name].flatMap(TextSize.init(name:)) ?? .large
    }

    /// `--appearance` (default dark).
    var appearance: Appearance { values[CommonOptions.appearance.name].flatMap(Appearance.init(rawValue:)) ?? .dark }

    /// A `.size` option's value in pixels.
    func size(_ option: OptionDeclaration) -> (width: Int32, height: Int32)? {
        values[option.name].flatMap(ValueKind.size(_:))
    }

    /// A `.duration` option's value in ticks.
    func duration(_ option: OptionDeclaration) -> Tick? {
        values[option.name].flatMap(ValueKind.seconds(_:)).map(Clock.ticks(seconds:))
    }

    /// A `.positiveNumber` option's value.
    func number(_ option: OptionDeclaration) -> Double? { values[option.name].flatMap(Double.init) }
}

extension ValueKind {
    /// What is wrong with `value` for this kind, worded with `name` (an option or a placeholder).
    func problem(with value: String, for name: String) -> String? {
        switch self {
        case .choice(let words):
            return words.contains(value)
                ? nil : "\(name) expects \(ValueKind.either(words)), got \(quoted(value, quote: "", limit: 60))"
        case .size:
            return ValueKind.size(value) == nil
                ? "\(name) expects WIDTHxHEIGHT like 1280x720 (16…7680 × 16…4320), got \(quoted(value, quote: "", limit: 60))"
                : nil
        case .duration(let allowsZero, let most):
            // One that may not be zero is at least a millisecond: 0.0001s was taken and rounded to no tick at all
            // (1,000 moves of `--gap 0.0001s` in one tick).
            guard let s = ValueKind.seconds(value), allowsZero || s >= 0.001, s <= most else {
                return
                    "\(name) expects a duration in seconds like 0.4, 400ms or 2s (\(allowsZero ? "0" : "1 ms")…\(fmt(most)) s), got \(quoted(value, quote: "", limit: 60))"
            }
            return nil
        case .positiveNumber:
            guard let v = Double(value), v.isFinite, v > 0 else {
                return "\(name) expects a positive number, got \(quoted(value, quote: "", limit: 60))"
            }
            return nil
        case .integer:
            // Digits past Int's range are the option's own rule's to refuse, naming its range: `--seed` takes any
            // 64-bit seed, which this refused as not a whole number.
            let digits = value.first == "-" || value.first == "+" ? value.dropFirst() : Substring(value)
            return digits.isEmpty || !digits.allSatisfy({ $0.isASCII && $0.isNumber })
                ? "\(name) expects a whole number, got \(quoted(value, quote: "", limit: 60))" : nil
        case .shard:
            return ValueKind.shard(value) == nil
                ? "\(name) expects K/N, the K-th of N shards (1 ≤ K ≤ N ≤ 1000), like 2/4; got \(quoted(value, quote: "", limit: 60))"
                : nil
        case .textSize(let allowsAll):
            if allowsAll, value == "all" { return nil }
            if allowsAll, !value.isEmpty,
                value.split(separator: ",", omittingEmptySubsequences: false).allSatisfy({
                    TextSize(name: String($0)) != nil
                })
            {
                return nil
            }
            return TextSize(name: value) == nil
                ? "\(name) expects a text size: \(ValueKind.either(TextSize.names + (allowsAll ? ["all"] : []))) (or the Settings label, like \"Accessibility XXXL\"), got \(quoted(value, quote: "", limit: 60))"
                : nil
        case .scene, .sceneOrFolder, .file, .nodeID, .list, .steps, .identifier:
            return nil
        }
    }

    /// "a, b or c".
    static func either(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
    }

    /// WIDTHxHEIGHT within 16…7680 × 16…4320 (the offscreen canvas's limits).
    static func size(_ text: String) -> (width: Int32, height: Int32)? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int32(parts[0]), let h = Int32(parts[1]), (16...7680).contains(w),
            (16...4320).contains(h)
        else { return nil }
        return (w, h)
    }

    /// `K/N` with 1 ≤ K ≤ N ≤ 1000.
    static func shard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), (1...1000).contains(n),
            (1...n).contains(k)
        else { return nil }
        return (k, n)
    }

    /// Seconds as a plain number or with `s` / `ms`, from 0 to an hour.
    static func seconds(_ text: String) -> Double? {
        let value: Double?
        if text.hasSuffix("ms") {
            value = Double(text.dropLast(2)).map { $0 / 1000 }
        } else if text.hasSuffix("s") {
            value = Double(text.dropLast())
        } else {
            value = Double(text)
        }
        guard let v = value, v.isFinite, v >= 0, v <= 3600 else { return nil }
        return v
    }
}
