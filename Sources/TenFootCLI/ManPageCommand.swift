import Foundation
import TenFootCore

/// `tenfoot manpage`: the tenfoot(1) manual page in roff, written from the command declarations as `--help` and
/// the completions are, so it says what the parser accepts. `make install` puts it in share/man/man1.
enum ManPageCommand: Command {
    static let declaration = CommandDeclaration(
        name: "manpage",
        summary: "print the tenfoot(1) manual page (roff), written from the command declarations",
        discussion: """
            Prints the manual page of every command and option, as --help describes them. make install puts it in \
            $PREFIX/share/man/man1/tenfoot.1, where man tenfoot finds it; to read it without installing:
              tenfoot manpage | man -l -
            """)

    static func run(_ p: ParsedArguments) throws -> Int32 {
        print(ManPage.roff(CLI.commands.map { $0.declaration }), terminator: "")
        return 0
    }
}

/// The manual page: NAME, SYNOPSIS, DESCRIPTION (the top-level help's overview), a section per command (its usage,
/// summary, discussion, arguments and options), EXIT STATUS, FILES and SEE ALSO. No date: the page is the same
/// for one version wherever it is made.
enum ManPage {
    static func roff(_ commands: [CommandDeclaration]) -> String {
        var out: [String] = [
            ".TH TENFOOT 1 \"\" \"tenfoot \(TenFootVersion.string)\" \"User Commands\"",
            ".SH NAME",
            "tenfoot \\- simulate the Apple TV \"10-foot\" interface and its focus engine",
            ".SH SYNOPSIS",
            ".B tenfoot",
            ".br",
        ]
        for c in commands {
            let synopsis = HelpText.synopsis(c, everything: false).joined(separator: " ")
            out += [".B tenfoot \(escape(c.name))"] + (synopsis.isEmpty ? [] : [escape(synopsis)]) + [".br"]
        }
        out += [".B tenfoot help", "[\\fICOMMAND\\fR]", ".br", ".B tenfoot \\-\\-version"]
        out += [".SH DESCRIPTION", "Without a command, tenfoot opens the window on the built-in home scene."]
        out += paragraphs(HelpText.overview)
        out += [".SH COMMANDS"]
        for c in commands {
            out += [".SS \"\(escape("tenfoot \(c.name)"))\"", escape(c.summary) + "."]
            let usage = HelpText.usage(c).split(separator: "\n").map {
                String($0.drop { $0 == " " }).replacingOccurrences(of: "Usage: ", with: "")
            }
            out += [".PP", ".nf"] + usage.map(escape) + [".fi"]
            if !c.discussion.isEmpty { out += paragraphs(c.discussion) }
            for a in c.arguments { out += [".TP", "\\fI\(escape(a.placeholder))\\fR", escape(a.help)] }
            for o in c.allOptions {
                let name = o.name == CommandDeclaration.help.name ? "-h, --help" : o.synopsis
                out += [".TP", "\\fB\(escape(name))\\fR", escape(o.help)]
            }
            let epilogue = c.epilogue
            if !epilogue.isEmpty { out += [".PP", ".nf"] + lines(epilogue).map(escape) + [".fi"] }
        }
        out += [
            ".SH EXIT STATUS",
            ".TP", "0", "success",
            ".TP", "1", "a check failed (a focus expectation, an audit finding, a replay that differs from its bundle)",
            ".TP", "2", "bad usage or input: the message names the file, line and column",
            ".TP", "3", "the environment failed (no display, ffmpeg missing)",
            ".TP", "130", "interrupted (SIGINT, SIGTERM or SIGHUP); nothing is left half written",
            ".SH FILES",
            ".TP", "\\fIPREFIX\\fR/share/tenfoot/Assets",
            "the fonts TenFoot draws with (\\fBTENFOOT_ASSETS\\fR names another folder)",
            ".TP", "\\fIPREFIX\\fR/lib/tenfoot", "the SwiftUI reader, loaded for .swift input only",
            ".SH SEE ALSO",
            "The documentation in the TenFoot repository: docs/tutorial.md, docs/scene-format.md, docs/input.md,",
            "docs/bundles.md, docs/robustness.md.",
        ]
        return out.joined(separator: "\n") + "\n"
    }

    /// Each line of a declaration's text as a paragraph of its own; lines indented in the text (examples) kept
    /// as they are.
    static func paragraphs(_ text: String) -> [String] {
        var out: [String] = []
        for line in lines(text) {
            if line.hasPrefix(" ") {
                out += [".PP", ".nf", escape(line), ".fi"]
            } else if !line.isEmpty {
                out += [".PP", escape(line)]
            }
        }
        return out
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Text as roff prints it: backslashes and hyphens escaped, every character past ASCII as its code point
    /// (`\[u203A]`: the page is ASCII, whatever the reader's locale), a line that would start with a control
    /// character (`.` or `'`) guarded, and control characters dropped.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where scalar.value < 32 || scalar.value == 127: break
            case _ where scalar.value > 127:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out.first == "." || out.first == "'" ? "\\&" + out : out
    }
}
