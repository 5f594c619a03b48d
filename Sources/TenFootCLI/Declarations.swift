/// The command line, declared once (the shape of swift-argument-parser, without the dependency).
///
/// Each command declares its name, a one-line summary, its positional arguments, its options (each
/// with the kind of value it takes) and flags, and the rules between options. Everything else is
/// read from these values: the parser (`ParsedArguments`), every `--help` and the top-level usage
/// (`HelpText`), and the shell completion scripts (`Completion`, `tenfoot completion`): command names from
/// `CLI.commands`, option names per command, and for each value its `ValueKind` — scene files
/// (`*.json` or `home`), other files by extension, a fixed list of choices, a comma-separated list.

/// What a value on the command line is: what `--help` calls it, what the parser accepts, and what a
/// completion would offer.
enum ValueKind: Sendable, Equatable {
    /// A scene file, SwiftUI sources (a `.swift` file or a folder of them), or "home" for the built-in home scene.
    case scene
    /// A scene file, a `.swift` file, or a folder of them.
    case sceneOrFolder
    /// A name in the sources (a View struct, a preview).
    case identifier
    /// A file to read or write, with the extensions it may have (empty: any); `folders`: a folder is
    /// accepted too (record's frames folder).
    case file(extensions: [String], folders: Bool = false)
    /// The id of a node in the scene.
    case nodeID
    /// One of these words, checked by the parser.
    case choice([String])
    /// A comma-separated list of these words (an empty list allowed).
    case list([String])
    /// WIDTHxHEIGHT in pixels.
    case size
    /// Seconds: `0.4`, `400ms`, `2s`; at most `most` (a script's hour, unless the option's use takes less).
    case duration(allowsZero: Bool, most: Double = 3600)
    /// A number above zero.
    case positiveNumber
    /// A whole number (the option's own rule says which).
    case integer
    /// K/N: the K-th of N shards, 1 ≤ K ≤ N ≤ 1000.
    case shard
    /// Remote-event steps in the input-script grammar: `right*3 hold right 1s select`.
    case steps
    /// A text size: SwiftUI's `DynamicTypeSize` name (`large` … `accessibility5`) or any other name
    /// ``TextSize/init(name:)`` takes (the Settings label, `AX5`); `all` too when `allowsAll`.
    case textSize(allowsAll: Bool)

    /// True when an empty value means something (no overlays, no steps); otherwise `--name=` and
    /// `--name ""` are refused with "needs a value".
    var allowsEmpty: Bool {
        switch self {
        case .list, .steps: true
        default: false
        }
    }
}

/// A `--name` on the command line: a flag (no value) or an option (one value, given as
/// `--name value` or `--name=value`).
struct OptionDeclaration: Sendable {
    /// With the dashes: `--from`.
    var name: String
    /// What `--help` shows for the value (`ID`, `FILE`); nil for a flag.
    var placeholder: String?
    var kind: ValueKind?
    var help: String
    /// The option must be given (`--out` of `record`).
    var isRequired = false
    /// A rule the value must meet beyond its kind; returns the problem, worded with the option's name.
    var check: (@Sendable (String) -> String?)?

    static func flag(_ name: String, help: String) -> OptionDeclaration {
        OptionDeclaration(name: name, placeholder: nil, kind: nil, help: help)
    }

    static func option(
        _ name: String, _ placeholder: String, _ kind: ValueKind, help: String,
        check: (@Sendable (String) -> String?)? = nil
    ) -> OptionDeclaration {
        OptionDeclaration(name: name, placeholder: placeholder, kind: kind, help: help, check: check)
    }

    var isFlag: Bool { kind == nil }

    /// The same option with this command's own wording.
    func help(_ text: String) -> OptionDeclaration {
        var o = self
        o.help = text
        return o
    }

    /// The same option, required.
    var required: OptionDeclaration {
        var o = self
        o.isRequired = true
        return o
    }

    /// `--from ID` or `--json`.
    var synopsis: String { placeholder.map { "\(name) \($0)" } ?? name }
}

/// A positional argument.
struct ArgumentDeclaration: Sendable {
    enum Count: Sendable { case one, optional, any }

    var placeholder: String
    var kind: ValueKind
    var count: Count
    var help: String

    /// `SCENE`, `[SCENE]` or `[MOVE...]`.
    var synopsis: String {
        switch count {
        case .one: placeholder
        case .optional: "[\(placeholder)]"
        case .any: "[\(placeholder)...]"
        }
    }
}

/// Options that go together: at most one of them, or exactly one.
struct OptionGroup: Sendable {
    var names: [String]
    var exactlyOne: Bool
    /// A repro bundle given as SCENE brings what the group gives (the input), so none is needed then.
    var bundleProvides = false
}

/// A command's second form: given `option` (`--batch FILE`), the command takes no positional
/// arguments and none of its required options or groups — each entry of the file gives them — and
/// only the options in `alongside` may be given with it (they apply to every entry). The options in
/// `only` belong to this form (`--shard`) and are refused without it.
struct BatchForm: Sendable {
    var option: String
    var alongside: [String]
    var only: [String]
}

/// One subcommand of `tenfoot`.
struct CommandDeclaration: Sendable {
    var name: String
    /// One line for the top-level usage.
    var summary: String
    var arguments: [ArgumentDeclaration] = []
    /// Options and flags; `-h, --help` is added to every command.
    var options: [OptionDeclaration] = []
    var groups: [OptionGroup] = []
    /// What `--help` says after the usage line.
    var discussion: String = ""
    /// Closing paragraphs of `--help` (key guides, tables) after the options, made only when help is printed:
    /// every command line reads the declarations it passes on its way to its own.
    var makeEpilogue: @Sendable () -> String = { "" }
    var epilogue: String { makeEpilogue() }
    /// A second form of the command that reads its work from a file (`record --batch FILE`).
    var batch: BatchForm? = nil

    /// The options with `--help`, in the order `--help` lists them.
    var allOptions: [OptionDeclaration] { options + [Self.help] }

    static let help = OptionDeclaration.flag("--help", help: "show this help")

    func option(named name: String) -> OptionDeclaration? {
        allOptions.first { $0.name == name }
    }
}

/// A subcommand: its declaration and what it does with the parsed arguments.
protocol Command {
    static var declaration: CommandDeclaration { get }
    /// Runs the command; returns the exit code (failures throw `CLIError`).
    static func run(_ arguments: ParsedArguments) throws -> Int32
}
