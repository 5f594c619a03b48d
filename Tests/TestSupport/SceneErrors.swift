import TenFootCore
import TenFootScene

/// What the decoder says of a scene file's text, one message a line as the command line prints them (file `t.json`);
/// none when it decodes.
public func sceneErrors(_ text: String) -> [String] {
    do {
        _ = try SceneDecoder.decode(text, file: "t.json")
        return []
    } catch { return error.diagnostics.map(\.description) }
}
