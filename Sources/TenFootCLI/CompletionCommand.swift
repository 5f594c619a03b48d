import Foundation
import TenFootScene

/// `tenfoot completion bash|zsh`: a shell completion script written from the command declarations, so it
/// offers exactly what the parser accepts — command names, each command's options, and for each value what
/// its `ValueKind` allows (scene files, files by extension, choices, comma lists, remote events).
enum CompletionCommand: Command {
    static let shells = ["bash", "zsh"]

    static let declaration = CommandDeclaration(
        name: "completion",
        summary: "print a bash or zsh completion script for tenfoot",
        arguments: [ArgumentDeclaration(placeholder: "SHELL", kind: .choice(shells), count: .one, help: "bash or zsh")],
        discussion: """
            Prints a script that completes tenfoot's commands, options and their values in the shell. Load it for \
            this session:
              bash: source <(tenfoot completion bash)
              zsh:  source <(tenfoot completion zsh)
            or install it (make install does): bash loads $PREFIX/share/bash-completion/completions/tenfoot, \
            zsh an _tenfoot file in a folder of its fpath ($PREFIX/share/zsh/site-functions).
            """)

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let commands = CLI.commands.map { $0.declaration }
        print(p.positional[0] == "zsh" ? Completion.zsh(commands) : Completion.bash(commands), terminator: "")
        return 0
    }
}

/// The completion scripts. Both are written from the same reading of the declarations: `Completion.Values`
/// says what a value of each kind may be.
enum Completion {
    /// What a value may be, for a shell to offer.
    enum Values: Equatable {
        /// Files with these extensions (any when empty) and folders to descend into; `home`: also the word home.
        case files(extensions: [String], home: Bool)
        case words([String])
        /// A comma-separated list of these words.
        case commaList([String])
        /// Nothing to offer (a number, an id, a name).
        case nothing
    }

    /// The words a `steps` value (`--moves`, MOVE) starts with: remote events and the script's keywords.
    static let stepWords = RemoteEvent.buttonNames + ["hold", "swipe", "wait", "type", "touch", "release", "crown"]
    /// Sizes worth offering for `--size` (any WxH is accepted).
    static let sizes = ["1280x720", "1920x1080", "3840x2160", "640x360"]
    /// Where `tenfoot SCENE` (no command) and `scene` values look: scene files and SwiftUI sources.
    static let sceneExtensions = ["json", "swift", "tenfoot"]

    static func values(_ kind: ValueKind) -> Values {
        switch kind {
        case .scene: .files(extensions: sceneExtensions, home: true)
        case .sceneOrFolder: .files(extensions: sceneExtensions, home: false)
        case .file(let extensions, _): .files(extensions: extensions, home: false)
        case .choice(let words): .words(words)
        case .list(let words): .commaList(words)
        case .steps: .words(stepWords)
        case .size: .words(sizes)
        case .textSize(let allowsAll): .words(TextSize.names + (allowsAll ? ["all"] : []))
        case .identifier, .nodeID, .duration, .positiveNumber, .integer, .shard: .nothing
        }
    }

    /// Top-level words besides the commands.
    static let topLevelOptions = ["--help", "--version"]

    // MARK: bash

    static func bash(_ commands: [CommandDeclaration]) -> String {
        let names = commands.map(\.name) + ["help"]
        var out = """
            # bash completion for tenfoot, written by `tenfoot completion bash` from tenfoot's command declarations.
            # Load it with `source <(tenfoot completion bash)`, or install it as
            # $PREFIX/share/bash-completion/completions/tenfoot (make install does).

            # Files with the extensions $1 (a regex alternation such as json|swift; empty: any) starting with $2, and folders.
            _tenfoot_files() {
                local f
                compopt -o filenames 2>/dev/null
                while IFS= read -r f; do
                    if [[ -d "$f" ]] || [[ -z "$1" ]] || [[ "$f" =~ \\.($1)$ ]]; then COMPREPLY+=("$f"); fi
                done < <(compgen -f -- "$2")
            }

            # The words $1 (space-separated) that start with $2.
            _tenfoot_words() {
                local w
                for w in $1; do [[ "$w" == "$2"* ]] && COMPREPLY+=("$w"); done
            }

            # A comma-separated list of the words $1: the part after the last comma of $2 completed (with a word not
            # listed yet), the rest kept.
            _tenfoot_list() {
                local head="" last="$2" w
                [[ "$2" == *,* ]] && head="${2%,*}," && last="${2##*,}"
                compopt -o nospace 2>/dev/null
                for w in $1; do [[ "$w" == "$last"* && ",$head" != *",$w,"* ]] && COMPREPLY+=("$head$w"); done
            }

            # How many arguments (not options, not option values) come before the word being completed, counting
            # from word $1; $2 lists the options that take a value.
            _tenfoot_position() {
                local i=$1 n=0 w
                while (( i < COMP_CWORD )); do
                    w="${COMP_WORDS[i]}"
                    if [[ "$w" == "=" ]]; then i=$((i + 2)); continue; fi
                    if [[ "$w" == -* ]]; then
                        if [[ " $2 " == *" $w "* && "${COMP_WORDS[i+1]}" != "=" ]]; then i=$((i + 2)); else i=$((i + 1)); fi
                        continue
                    fi
                    n=$((n + 1)); i=$((i + 1))
                done
                echo "$n"
            }


            """
        for c in commands { out += bashFunction(c) + "\n" }
        out += """
            _tenfoot() {
                local cur="${COMP_WORDS[COMP_CWORD]}" option=""
                COMPREPLY=()
                # "--name=value": bash splits the word at "=", so the option is one or two words back.
                if [[ "$cur" == "=" ]]; then option="${COMP_WORDS[COMP_CWORD-1]}"; cur=""
                elif (( COMP_CWORD >= 3 )) && [[ "${COMP_WORDS[COMP_CWORD-1]}" == "=" ]]; then option="${COMP_WORDS[COMP_CWORD-2]}"
                elif (( COMP_CWORD >= 2 )); then option="${COMP_WORDS[COMP_CWORD-1]}"; fi
                if (( COMP_CWORD == 1 )); then
                    if [[ "$cur" == -* ]]; then _tenfoot_words "\(topLevelOptions.joined(separator: " "))" "$cur"; return; fi
                    _tenfoot_words "\(names.joined(separator: " "))" "$cur"
                    # `tenfoot SCENE` opens the window on it.
                    _tenfoot_files "\(sceneExtensions.joined(separator: "|"))" "$cur"
                    return
                fi
                case "${COMP_WORDS[1]}" in
                    help) (( COMP_CWORD == 2 )) && _tenfoot_words "\(commands.map(\.name).joined(separator: " "))" "$cur" ;;
            \(commands.map { "        \($0.name)) _tenfoot_\(identifier($0.name)) \"$cur\" \"$option\" 2 ;;" }.joined(separator: "\n"))
                    -*) ;;
                    *) _tenfoot_run "$cur" "$option" 1 ;;
                esac
            }
            complete -F _tenfoot tenfoot

            """
        return out
    }

    /// `_tenfoot_NAME CUR OPTION FIRST`: an option's value when OPTION takes one, option names after a dash,
    /// otherwise the positional argument at this place (FIRST: the word the command's arguments start at).
    static func bashFunction(_ c: CommandDeclaration) -> String {
        let valued = c.allOptions.filter { !$0.isFlag }
        var lines = ["_tenfoot_\(identifier(c.name))() {", "    case \"$2\" in"]
        for o in valued {
            let offer = bash(values(o.kind!), cur: "$1")
            lines.append("        " + o.name + ") " + offer + "return ;;")
        }
        lines.append("    esac")
        lines.append(
            "    if [[ \"$1\" == -* ]]; then _tenfoot_words \"\(c.allOptions.map(\.name).joined(separator: " "))\" \"$1\"; return; fi"
        )
        if !c.arguments.isEmpty {
            lines.append("    case $(_tenfoot_position \"$3\" \"\(valued.map(\.name).joined(separator: " "))\") in")
            for (k, a) in c.arguments.enumerated() {
                let last = k == c.arguments.count - 1 && a.count == .any
                let offer = bash(values(a.kind), cur: "$1")
                lines.append("        " + (last ? "*" : String(k)) + ") " + offer.dropLast(2) + " ;;")
            }
            lines.append("    esac")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The bash that offers `values` for the word `cur` (with a trailing "; " when not empty).
    static func bash(_ values: Values, cur: String) -> String {
        switch values {
        case .files(let extensions, let home):
            return (home ? "_tenfoot_words home \"\(cur)\"; " : "")
                + "_tenfoot_files \"\(extensions.joined(separator: "|"))\" \"\(cur)\"; "
        case .words(let words): return "_tenfoot_words \"\(words.joined(separator: " "))\" \"\(cur)\"; "
        case .commaList(let words): return "_tenfoot_list \"\(words.joined(separator: " "))\" \"\(cur)\"; "
        case .nothing: return ""
        }
    }

    /// A command name as part of a shell function's name.
    static func identifier(_ name: String) -> String { String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" }) }

    // MARK: zsh

    static func zsh(_ commands: [CommandDeclaration]) -> String {
        var out = """
            #compdef tenfoot
            # zsh completion for tenfoot, written by `tenfoot completion zsh` from tenfoot's command declarations.
            # Load it with `source <(tenfoot completion zsh)` (after compinit), or install it as _tenfoot in a folder of
            # your fpath, such as $PREFIX/share/zsh/site-functions (make install does).

            # Scene files and SwiftUI sources, and folders; with "home": the built-in home scene too.
            _tenfoot_scene() {
                # _arguments calls an action with its own options (-J group…) before the action's words.
                if [[ "${@[-1]}" == home ]]; then
                    set -- "${@[1,-2]}"
                    compadd "$@" -- home
                fi
                _files "$@" -g '*.(\(sceneExtensions.joined(separator: "|")))(-.)'
            }

            _tenfoot_commands() {
                local -a commands
                commands=(

            """
        for c in commands { out += "        \(zshQuote("\(c.name):\(c.summary)"))\n" }
        out += "        \(zshQuote("help:the usage of every command, or one command's options"))\n"
        out += """
                )
                _describe -t commands 'tenfoot command' commands
            }


            """
        for c in commands { out += zshFunction(c) + "\n" }
        out += """
            _tenfoot() {
                local curcontext="$curcontext" state line
                typeset -A opt_args
                _arguments -C \\
                    '(- *)--help[show the usage of every command]' \\
                    '(- *)--version[show the version]' \\
                    '1: :->command' \\
                    '*:: :->argument' && return
                case $state in
                    command)
                        _alternative 'commands:command:_tenfoot_commands' 'scenes:scene file:_tenfoot_scene' ;;
                    argument)
                        case $line[1] in
                            help) _arguments '1:command:(\(commands.map(\.name).joined(separator: " ")))' ;;
            \(commands.map { "                \($0.name)) _tenfoot_\(identifier($0.name)) ;;" }.joined(separator: "\n"))
                            *) words=(run "${words[@]}"); (( CURRENT++ )); _tenfoot_run ;;
                        esac ;;
                esac
            }

            if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
                _tenfoot "$@"
            else
                compdef _tenfoot tenfoot
            fi

            """
        return out
    }

    /// `_tenfoot_NAME`: `_arguments` specs for the command's options and arguments.
    static func zshFunction(_ c: CommandDeclaration) -> String {
        var specs: [String] = []
        for o in c.allOptions {
            let help = "[\(zshEscape(o.name == CommandDeclaration.help.name ? "show this command's help" : o.help))]"
            if let kind = o.kind {
                // "--name=": the value may follow as the next word or after "=".
                specs.append("\(o.name)=\(help):\(zshEscape(o.placeholder ?? "value")):\(zsh(values(kind)))")
            } else {
                specs.append(o.name + help)
            }
        }
        for (k, a) in c.arguments.enumerated() {
            let place = a.count == .any ? "*" : String(k + 1)
            let optional = a.count == .optional ? ":" : ""
            specs.append("\(place):\(optional)\(zshEscape(a.placeholder)):\(zsh(values(a.kind)))")
        }
        return "_tenfoot_\(identifier(c.name))() {\n    _arguments -s \\\n"
            + specs.map { "        " + zshQuote($0) }.joined(separator: " \\\n") + "\n}\n"
    }

    /// The `_arguments` action offering `values`.
    static func zsh(_ values: Values) -> String {
        switch values {
        case .files(let extensions, let home):
            if extensions == sceneExtensions { return home ? "_tenfoot_scene home" : "_tenfoot_scene" }
            return extensions.isEmpty ? "_files" : "_files -g \"*.(\(extensions.joined(separator: "|")))(-.)\""
        case .words(let words): return "(\(words.joined(separator: " ")))"
        case .commaList(let words): return "_sequence compadd - \(words.joined(separator: " "))"
        case .nothing: return " "
        }
    }

    /// Text inside an `_arguments` spec: brackets and colons escaped.
    static func zshEscape(_ text: String) -> String {
        var out = ""
        for ch in text {
            if "[]:\\".contains(ch) { out.append("\\") }
            out.append(ch)
        }
        return out
    }

    /// A word in single quotes for zsh.
    static func zshQuote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
