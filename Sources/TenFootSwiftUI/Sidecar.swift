import Foundation
import TenFootCore
import TenFootScene

/// The sidecar: a small JSON file beside a SwiftUI source that supplies what the source cannot say by itself —
/// the runtime data (network arrays, view models, `@AppStorage`), which view or preview to open, starting
/// state, and `expect` blocks for `tenfoot test`.
///
/// `LoginView.swift` → `LoginView.tenfoot-sidecar`. The extension is not `.json` so `tenfoot test DIR` (which
/// tests the `.json` scenes of a folder) never takes it for a scene, and not `.tenfoot` (repro bundles).
///
/// ```json
/// { "view": "LoginView",
///   "data": { "Recipe.examples": [ { "name": "Crème brûlée" } ], "model.items": [ "A", "B" ] },
///   "state": { "hasFilledCredentials": true },
///   "expect": [ { "name": "opens on the email field", "press": [], "focus": "email" } ] }
/// ```
public struct Sidecar: Sendable {
    public static let fileExtension = "tenfoot-sidecar"

    public var file: String
    /// `view`: the View struct to open (like `--view`).
    public var view: String?
    /// `preview`: the `#Preview` (or PreviewProvider) to open (like `--preview`).
    public var preview: String?
    /// `data`: values for expressions the source computes at run time, keyed by the expression as written
    /// (`"Recipe.examples"`, `"model.items"`, `"recipes"`), in file order.
    public var data: [(String, JSON)] = []
    /// `state`: starting values for `@State` properties of the opened view, by property name.
    public var state: [(String, JSON)] = []
    /// `expect`: expectations in the scene format (docs/scene-format.md, "expect blocks").
    public var expect: [JSON] = []
    /// `audit`: the findings the screen accepts, with their reasons, as a scene file's (docs/scene-format.md,
    /// "Accepting a finding").
    public var audit: JSON?

    static let keys = ["view", "preview", "data", "state", "expect", "audit", "note", "$schema"]

    /// The sidecar path for a Swift source: its name with `.swift` replaced by `.tenfoot-sidecar`.
    public static func path(for source: String) -> String {
        let base = source.hasSuffix(".swift") ? String(source.dropLast(".swift".count)) : source
        return base + "." + fileExtension
    }

    /// Reads the sidecar at `path`; nil when there is none. Errors are reported all at once, at file:line:column.
    /// Only a regular file of at most a scene file's size is read: a folder, a device or a pipe there, or a loop of
    /// links, is an error that says which (they were "unreadable", and a loop was no sidecar). A link to nothing is no
    /// sidecar, as nothing there is (one leading to the bundle being written is `bundle`'s to refuse).
    public static func load(path: String) throws(Diagnostics) -> Sidecar? {
        var info = stat()
        guard lstat(path, &info) == 0, stat(path, &info) == 0 || errno != ENOENT else { return nil }
        let text: String
        do throws(Diagnostic) {
            text = try TextFile.read(path: path, maxBytes: SceneLimits.maxFileBytes, what: "sidecar")
        } catch { throw Diagnostics([error]) }
        return try parse(text, file: path)
    }

    public static func parse(_ text: String, file: String) throws(Diagnostics) -> Sidecar {
        let json: JSON
        do { json = try JSONParser.parse(text, file: file) } catch { throw Diagnostics([error]) }
        var errors: [Diagnostic] = []
        func error(_ at: SourceLocation, _ path: String, _ message: String) {
            errors.append(Diagnostic(file: file, at: at, path: path, message))
        }
        guard let members = json.members else {
            throw Diagnostics([
                Diagnostic(
                    file: file, at: json.location,
                    "a sidecar is a JSON object with \"data\", \"state\", \"view\", \"preview\" or \"expect\", got \(json.shortDescription)"
                )
            ])
        }
        var out = Sidecar(file: file)
        var seen = Set<String>()
        for m in members {
            if !seen.insert(m.key).inserted { error(m.keyLocation, m.key, "key \"\(m.key)\" appears twice") }
            guard keys.contains(m.key) else {
                let hint = didYouMean(m.key, keys).map { ", did you mean \"\($0)\"?" } ?? ""
                error(m.keyLocation, m.key, "unknown key \"\(m.key)\" for a sidecar\(hint)")
                continue
            }
            switch m.key {
            case "view", "preview":
                guard let s = m.value.string, !s.isEmpty else {
                    error(m.value.location, m.key, "\"\(m.key)\" expects a name, got \(m.value.shortDescription)")
                    continue
                }
                if m.key == "view" { out.view = s } else { out.preview = s }
            case "data", "state":
                guard let entries = m.value.members else {
                    error(
                        m.value.location, m.key,
                        "\"\(m.key)\" expects an object of names to values, got \(m.value.shortDescription)")
                    continue
                }
                let pairs = entries.map { ($0.key, $0.value) }
                if m.key == "data" { out.data = pairs } else { out.state = pairs }
            case "expect":
                guard let list = m.value.array else {
                    error(
                        m.value.location, m.key,
                        "\"expect\" expects an array of expectations, got \(m.value.shortDescription)")
                    continue
                }
                out.expect = list
            case "audit":
                guard m.value.members != nil else {
                    error(
                        m.value.location, m.key,
                        "\"audit\" expects an object with \"accept\", got \(m.value.shortDescription)")
                    continue
                }
                out.audit = m.value
            default: break
            }
        }
        if !errors.isEmpty { throw Diagnostics(errors) }
        return out
    }
}
