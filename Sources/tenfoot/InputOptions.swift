import TenFootCore
import TenFootInput
import TenFootSDL
import TenFootApp

/// `tenfoot run`'s input options: the mapping file and the saved session (docs/input.md).
extension CLI {
    static let inputOptionNames: Set<String> = ["--input-map", "--save-session"]

    static let inputHelp = """
          --input-map FILE     keyboard, controller and mouse bindings and timings (JSON; docs/input.md
                               shows the full default mapping to copy)
          --save-session FILE  when the window closes, write the remote events played as a script with
                               ticks, replayable exactly (F10 writes it at any time)
        Keys: arrows/WASD swipe (hold repeats), Return/Space select (hold: long select), Escape/Backspace
        Menu (hold: Home), P Play/Pause, Tab/Shift-Tab next/previous, Page Up/Down page; while a text
        field is edited, typing goes into it, Return submits, Escape leaves. F1 help, F2 debug, F3 on-screen
        remote, F5 reload, F9 start/stop a take (rendered to an MP4), F10 save the session, F11 fullscreen,
        F12 screenshot, Ctrl+Q quit.
        Game controllers (buttons by position): D-pad/left stick swipe, south (A) select, east (B) Menu,
        Start Play/Pause, shoulders page up/down, triggers crown, right stick tilts the focused item.
        Mouse: drag to swipe (a fast flick coasts on), click to select, wheel turns the crown.
        """

    /// Reads `--input-map` (exit 2 with every problem's file:line:column) and `--save-session`.
    static func readInputOptions(_ p: ArgumentParser, into options: inout Window.Options) throws {
        if let path = p.option("--input-map") {
            do { options.inputMapping = try InputMapping.load(path: path, knownKeys: SDLInput.knownKeyNames) } catch {
                throw CLIError(message: "cannot load the input map:\n" + error.description, code: ExitCode.usage)
            }
        }
        if let path = p.option("--save-session") {
            guard !path.isEmpty else { throw CLIError.usage("--save-session expects a file name") }
            options.saveSessionPath = path
        }
    }
}
