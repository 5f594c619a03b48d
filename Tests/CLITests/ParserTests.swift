import Foundation
import Testing

@testable import TenFootCLI

/// The command-line parser in process, against every command's own declaration: a new option is
/// covered without editing these tests.
@Suite struct ParserTests {
    /// A value every kind accepts (the option's own check included).
    static func sample(_ kind: ValueKind) -> String {
        switch kind {
        case .scene: "home"
        case .sceneOrFolder: "scenes"
        case .identifier: "HomeView"
        case .file(let extensions, let folders): folders ? "frames/" : "x." + (extensions.first ?? "txt")
        case .nodeID: "p1"
        case .choice(let words): words[0]
        case .list(let words): words[0]
        case .size: "320x180"
        case .duration: "0.5"
        case .positiveNumber: "1"
        case .integer: "30"
        case .shard: "2/4"
        case .steps: "right"
        case .textSize: "Accessibility XXXL"
        }
    }

    /// A command line the command accepts, without `leaving` out: its arguments, its required
    /// options and one of each required group.
    static func validArguments(_ c: CommandDeclaration, leaving: String? = nil) -> [String] {
        var args = c.arguments.filter { $0.count == .one }.map { sample($0.kind) }
        var wanted = c.options.filter(\.isRequired).map(\.name)
        // A required group is filled by the option under test when it is one of the group's.
        wanted += c.groups.filter { $0.exactlyOne && !$0.names.contains(leaving ?? "") }.map { $0.names[0] }
        for name in wanted where name != leaving {
            let o = c.option(named: name)!
            args += [name, sample(o.kind!)]
        }
        return args
    }

    static func problems(_ args: [String], _ c: CommandDeclaration) -> CLIError? {
        do {
            _ = try ParsedArguments(args, for: c)
            return nil
        } catch { return error }
    }

    @Test func theSampleCommandLinesParse() throws {
        for command in CLI.commands {
            let c = command.declaration
            #expect(Self.problems(Self.validArguments(c), c) == nil, "\(c.name): \(Self.validArguments(c))")
        }
    }

    /// Issue 12: `--name=` crashed every command (an index past a split that dropped the empty
    /// part). Every option of every command, with the command's arguments given, as `--name=`,
    /// `--name ""` and a last `--name` with nothing after it: an empty value is used where it means
    /// something (no overlays, no moves), otherwise refused by name with exit 2; a flag given a value
    /// is refused. Never a trap.
    @Test func everyOptionOfEveryCommandWithAnEmptyOrMissingValue() throws {
        var checked = 0
        for command in CLI.commands {
            let c = command.declaration
            for o in c.options {
                let base = Self.validArguments(c, leaving: o.name)
                guard let kind = o.kind else {
                    for word in ["\(o.name)=", "\(o.name)=yes"] {
                        let e = try #require(Self.problems(base + [word], c), "\(c.name) \(word)")
                        #expect(
                            e.code == 2 && e.message.contains("\(o.name) takes no value, got \(word)"),
                            "\(c.name): \(e.message)")
                    }
                    checked += 1
                    continue
                }
                for form in [[o.name + "="], [o.name, ""]] {
                    let e = Self.problems(base + form, c)
                    if kind.allowsEmpty {
                        #expect(e == nil, "\(c.name) \(form): \(e?.message ?? "")")
                        let p = try ParsedArguments(base + form, for: c)
                        #expect(p.value(o) == "")
                    } else {
                        let e = try #require(e, "\(c.name) \(form) was accepted")
                        #expect(e.code == 2)
                        #expect(
                            e.message.contains("\(o.name) needs a value (\(o.synopsis)), got an empty one"),
                            "\(c.name) \(form): \(e.message)")
                    }
                }
                let last = try #require(Self.problems(base + [o.name], c), "\(c.name) \(o.name) at the end")
                #expect(
                    last.code == 2 && last.message.contains("\(o.name) needs a value (\(o.synopsis))"),
                    "\(c.name): \(last.message)")
                checked += 1
            }
        }
        #expect(checked >= 30, "only \(checked) options declared?")
    }

    /// What the fuzz target checks, on the inputs that once trapped, and on the rest of the
    /// command-line surface: no trap, 0 or 2, one escaped message.
    @Test func checkAnswersWithoutRunning() throws {
        let cases: [([String], Int32)] = [
            (["path", "home", "--from=", "right"], 2),
            (["audit", "home", "--json="], 2),
            (["record", "home", "--moves=", "--out=frames/", "--fps=", "--size="], 2),
            (["screenshot", "home", "--moves=", "--overlay=", "--out=x.png"], 0),
            (["tenfoot-scene.json", "--size=1x"], 2),
            (["help", "recrd"], 2),
            (["--help"], 0),
            ([], 0),
            (["path", "home", "--from\u{1B}[31m=p1"], 2),
            (["record", "home", "--moves", "@99999999999999999 right", "--out", "x.mp4"], 0),
            // The fuzz target's first finding: a one-character --trace trapped in Foundation's
            // deletingLastPathComponent (now FilePath.folder).
            (["record", "home", "--moves", "right", "--out", "frames/", "--trace", "\u{1F}"], 2),
            (["record", "home", "--moves", "right", "--out", "frames/", "--trace", "a"], 2),
            (["screenshot", "home", "--out", "a"], 2),
            // Its second: a folder as the first word (`tenfoot / --fps 8`) was searched for Swift
            // sources while parsing, the whole disk; now a folder goes to `run` unlooked-at.
            (["/", "--fps", "8\u{95}\u{17}$"], 2),
        ]
        for (args, status) in cases {
            let (s, message) = CLI.check(args)
            #expect(s == status, "\(args): \(message)")
            #expect(!message.unicodeScalars.contains { $0.value == 0x1B }, "\(args): \(message)")
        }
        #expect(
            CLI.check(["path", "home", "--from\u{1B}[31m=p1"]).message.contains(#"unknown option --from\u001b[31m"#))
    }

    /// `stress` without `--events` takes 10,000 steps on a small screen and fewer on a large one (5 million ÷ its
    /// nodes, at least 100): the default run on a 10,000-item catalogue took 140 s (issue 34, the fourth attack).
    @Test func stressTakesFewerStepsByDefaultOnLargeScreens() {
        #expect(StressCommand.defaultEvents(nodes: 120) == 10_000)
        #expect(StressCommand.defaultEvents(nodes: 10_020) == 499)
        #expect(StressCommand.defaultEvents(nodes: 100_000) == 100)
    }
}
