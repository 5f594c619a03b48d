/// Scenes compiled into the binary, so `tenfoot` with no argument always has something to show.
///
/// The home scene has one source of truth: `scenes/home.json`, the file users open and edit.
/// `Resources/home.json` in this target is a symbolic link to it (SwiftPM takes resources only from
/// inside the target's folder), embedded in the code at build time (`.embedInCode` in Package.swift),
/// so editing `scenes/home.json` and rebuilding changes the built-in scene.
public enum BuiltInScenes {
    /// The name shown in messages for the built-in default scene.
    public static let defaultFile = "<built-in home>"

    /// The default scene: `scenes/home.json` as it was when `tenfoot` was built.
    public static func home() -> Scene {
        do { return try SceneDecoder.decode(homeJSON, file: defaultFile) } catch {
            fatalError("the built-in scene does not load: \(error)")  // a test guards this
        }
    }

    /// The text of `scenes/home.json`, embedded at build time.
    public static let homeJSON = String(decoding: PackageResources.home_json, as: UTF8.self)
}
