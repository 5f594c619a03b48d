import Foundation
import TenFootCore

/// `tenfoot new NAME`: a starter scene to make one's own — a tab bar, a hero that shows the focused poster's
/// title, two shelves that remember their focus, a search tab, and expectations that pass.
enum NewCommand: Command {
    static let declaration = CommandDeclaration(
        name: "new",
        summary: "write a starter scene (tab bar, hero, two shelves, expectations) to make your own",
        arguments: [
            ArgumentDeclaration(
                placeholder: "NAME", kind: .file(extensions: ["json"]), count: .one,
                help: "the scene file to write: NAME.json (or NAME itself when it ends in .json); it must not exist yet"
            )
        ],
        discussion: """
            Writes a scene with a tab bar (Home, Search), a hero bound to the focused poster, two shelves that remember \
            their focus, and expect blocks that pass with tenfoot test. Open it with tenfoot run and edit it: every \
            save reloads the window. docs/tutorial.md walks through it; docs/scene-format.md has every key.
            """)

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let name = p.positional[0]
        let path = name.lowercased().hasSuffix(".json") ? name : name + ".json"
        // A name the next commands could not be typed with: a control character (the commands quoted its escaped
        // spelling, another name), or more than a file system holds (Foundation's words, exit 3).
        if let control = path.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            throw CLIError.usage(
                "the name \(quoted(path)) holds a control character (U+\(String(format: "%04X", control.value))); choose a name of printable characters"
            )
        }
        let leaf = (path as NSString).lastPathComponent
        if leaf.hasPrefix("."), leaf.dropFirst().lowercased() == "json" || leaf == "..json" {
            throw CLIError.usage(
                "the name is empty: \(quoted(name)) would write \(quoted(leaf)), a hidden file; give NAME")
        }
        if leaf.utf8.count > 255 {
            throw CLIError.usage(
                "the file name \(quoted(leaf)) is \(leaf.utf8.count) bytes long, more than the 255 a file system holds; choose a shorter name"
            )
        }
        let fm = FileManager.default
        // A link counts, dangling or not: writing would replace it.
        var st = stat()
        if fm.fileExists(atPath: path) || lstat(path, &st) == 0 {
            throw CLIError.usage("\(path) exists already; choose another name (tenfoot new never overwrites)")
        }
        let folder = (path as NSString).deletingLastPathComponent
        if let missing = CLI.missingFolder(of: path) {
            throw CLIError.usage("cannot write \(quoted(path)): \(quoted(missing, quote: ""))")
        }
        let text = starter(title: title(for: path), schema: schemaPath(from: folder.isEmpty ? "." : folder))
        do { try text.write(toFile: path, atomically: true, encoding: .utf8) } catch {
            let why = (error as NSError).localizedFailureReason ?? error.localizedDescription
            throw CLIError(message: "cannot write \(quoted(path)): \(why)", code: ExitCode.environment)
        }
        let me = ProgramName.typed
        let file = ProgramName.quoted(path)
        CLI.printText(
            """
            wrote \(path): a tab bar, a hero, two shelves and \(expectationCount) expectations. Next:
              \(me) run \(file)        # the window; every save of the file reloads it
              \(me) test \(file)       # runs its expect blocks
              \(me) screenshot \(file) --out \(ProgramName.quoted(String(path.dropLast(5)) + ".png"))
            """)
        return 0
    }

    /// "my-show.json" → "My Show".
    static func title(for path: String) -> String {
        let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let words = base.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " || $0 == "." })
        let title = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        return title.isEmpty ? "My Screen" : title
    }

    /// `docs/scene.schema.json` as seen from `folder` when the current folder is a TenFoot checkout, else the
    /// installed schema (``installedSchema()``) (editors
    /// then offer completion and hover help); nil otherwise.
    static func schemaPath(from folder: String) -> String? {
        let fm = FileManager.default
        let cwd = URL(fileURLWithPath: fm.currentDirectoryPath).standardizedFileURL
        let schema = cwd.appendingPathComponent("docs/scene.schema.json")
        guard fm.fileExists(atPath: schema.path) else { return installedSchema() }
        let from = URL(fileURLWithPath: folder, relativeTo: cwd).standardizedFileURL.pathComponents
        let to = schema.pathComponents
        let common = zip(from, to).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: from.count - common) + to[common...]).joined(separator: "/")
    }

    /// Outside a checkout: the schema `make install` puts beside the program (`PREFIX/share/tenfoot`), or the one
    /// in the checkout the program was built in, as a `file:` URL (editors read it from any folder).
    static func installedSchema() -> String? {
        let fm = FileManager.default
        let exe = URL(fileURLWithPath: Executable.path() ?? CommandLine.arguments.first ?? ".")
            .resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [
            "../share/tenfoot/scene.schema.json", "../../docs/scene.schema.json", "../../../docs/scene.schema.json",
        ].map { exe.appendingPathComponent($0).standardizedFileURL }
        return candidates.first { fm.fileExists(atPath: $0.path) }?.absoluteString
    }

    static let expectationCount = 5

    /// A JSON string literal.
    static func quote(_ text: String) -> String { (try? JSONLine.encode(text)) ?? "\"\"" }

    /// The scene's text: the same layout a designer would write by hand (docs/tutorial.md shows it).
    static func starter(title: String, schema: String?) -> String {
        let schemaLine = schema.map { "  \"$schema\": \(quote($0)),\n" } ?? ""
        return """
            {
            \(schemaLine)  "name": \(quote(title)),
              "root": {
                "type": "tabBar", "id": "tabs", "defaultFocus": "u1",
                "tabs": [
                  { "id": "tabHome", "title": "Home", "content": {
                    "type": "scroll", "id": "home", "children": [
                      { "type": "hero", "id": "hero", "value": "featured", "title": "Northern Lights", "subtitle": "New episodes every Friday" },
                      { "type": "shelf", "id": "upNext", "title": "Up Next", "remembersLastFocus": true, "children": [
                        { "type": "poster", "id": "u1", "title": "Northern Lights", "focusedSceneValue": { "featured": "Northern Lights" } },
                        { "type": "poster", "id": "u2", "title": "Harbour", "focusedSceneValue": { "featured": "Harbour" } },
                        { "type": "poster", "id": "u3", "title": "Blue Hour", "focusedSceneValue": { "featured": "Blue Hour" } },
                        { "type": "poster", "id": "u4", "title": "Cinder", "focusedSceneValue": { "featured": "Cinder" } }
                      ] },
                      { "type": "shelf", "id": "popular", "title": "Popular", "remembersLastFocus": true, "children": [
                        { "type": "poster", "id": "q1", "title": "Salt Road", "focusedSceneValue": { "featured": "Salt Road" } },
                        { "type": "poster", "id": "q2", "title": "Afterglow", "focusedSceneValue": { "featured": "Afterglow" } },
                        { "type": "poster", "id": "q3", "title": "Lighthouse", "focusedSceneValue": { "featured": "Lighthouse" } }
                      ] }
                    ] } },
                  { "id": "tabSearch", "title": "Search", "content": {
                    "type": "search", "id": "search", "placeholder": "Shows, movies and more", "children": [
                      { "type": "poster", "id": "s1", "title": "Northern Lights" },
                      { "type": "poster", "id": "s2", "title": "Harbour" },
                      { "type": "poster", "id": "s3", "title": "Salt Road" }
                    ] } }
                ]
              },
              "expect": [
                { "name": "focus starts on the first poster", "press": [], "focus": "u1" },
                { "name": "right moves along the shelf", "press": ["right", "right"], "focus": ["u2", "u3"] },
                { "name": "down to the next shelf, up returns to the poster you left", "from": "u3",
                  "press": ["down", "up"], "focus": ["q3", "u3"], "via": ["direct", "remembered"] },
                { "name": "Menu goes up to the tab bar", "from": "u2", "press": ["menu"], "focus": ["tabHome"] },
                { "name": "right along the tab bar opens Search; down reaches its keyboard (the key under the tab)", "from": "tabHome", "press": ["right", "down"], "focus": ["tabSearch", "keyboard.o"] }
              ]
            }

            """
    }
}
