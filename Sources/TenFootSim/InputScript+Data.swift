import FocusEngine
import TenFootCore
import TenFootScene

/// `do …` steps: data actions at a tick (issue 18; docs/input.md, "Data actions in scripts").
///
///     do disable watch          do enable watch
///     do hide row3              do show row3
///     do remove p3
///     do insert poster{n} into shelf at 0      # `at` left out: at the end
///     do move p3 to 0
///     do replaceChildren list with "r1 r3 r2"
///     do reload shelf           do reload shelf late
extension InputScriptParser {
    static func dataAction(_ tokens: inout Tokenizer, after tok: Token, file: String) throws(Diagnostic) -> DataAction {
        func fail(_ t: Token?, _ m: String) -> Diagnostic {
            Diagnostic(file: file, at: SourceLocation(line: t?.line ?? tok.line, column: t?.column ?? tok.column), m)
        }
        let verbs = DataAction.verbs
        guard let verb = try tokens.next(file), !verb.quoted else {
            throw fail(tok, "expected a data action after do: \(verbs.joined(separator: ", "))")
        }
        func id(_ what: String) throws(Diagnostic) -> String {
            guard let t = try tokens.next(file), !t.text.isEmpty else {
                throw fail(verb, "expected \(what) after \(verb.text)")
            }
            guard SceneLimits.length(t.text) <= SceneLimits.maxIDLength else {
                throw fail(t, "ids are at most \(SceneLimits.maxIDLength) characters")
            }
            return t.text
        }
        func word(_ w: String) throws(Diagnostic) {
            let t = try tokens.next(file)
            guard let t, t.text == w, !t.quoted else {
                throw fail(
                    t ?? verb, "expected \(quoted(w)) in do \(verb.text)\(t.map { ", got \(quoted($0.text))" } ?? "")")
            }
        }
        func index() throws(Diagnostic) -> Int {
            let t = try tokens.next(file)
            guard let t, let n = Int(t.text), n >= 0, n <= SceneLimits.maxNodes else {
                throw fail(t ?? verb, "expected a child index (a whole number from 0)")
            }
            return n
        }
        switch verb.text {
        case "disable": return .disable(try id("an id"))
        case "enable": return .enable(try id("an id"))
        case "hide": return .hide(try id("an id"))
        case "show": return .show(try id("an id"))
        case "remove": return .remove(try id("an id"))
        case "insert":
            let template = try id("a template id (an append, insert or onReachEnd node, or any node to copy)")
            try word("into")
            let into = try id("a container id")
            var at: Int?
            if tokens.peek() == "at", tokens.peekLine() == verb.line {
                _ = try tokens.next(file)
                at = try index()
            }
            return .insert(template: template, into: into, at: at)
        case "move":
            let what = try id("an id")
            try word("to")
            return .move(what, to: try index())
        case "replaceChildren":
            let container = try id("a container id")
            try word("with")
            guard let list = try tokens.next(file), list.quoted else {
                throw fail(verb, "expected the children's ids in quotes, like with \"a b c\"")
            }
            return .replaceChildren(container, with: list.text.split(separator: " ").map(String.init))
        case "reload":
            let container = try id("a container id")
            var late = false
            if tokens.peek() == "late", tokens.peekLine() == verb.line {
                _ = try tokens.next(file)
                late = true
            }
            return .reload(container, late: late)
        default:
            let hint = didYouMean(verb.text, verbs).map { "; did you mean \($0)?" } ?? ""
            throw fail(
                verb, "unknown data action \(quoted(verb.text))\(hint) (do takes \(verbs.joined(separator: ", ")))")
        }
    }
}
