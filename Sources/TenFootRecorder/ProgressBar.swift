import Foundation

/// A one-line progress bar on standard error — frames done of total, frames per second, time left —
/// drawn only when standard error is a terminal, at most ten times a second.
public final class ProgressBar {
    static let width = 28
    static let interval = 0.1
    private let label: String
    private let started = Stopwatch.now()
    private var lastDraw = -1.0
    private var drawn = false

    /// A bar when standard error is a terminal; nil (quiet) otherwise.
    public static func onTerminal(label: String) -> ProgressBar? {
        isatty(STDERR_FILENO) != 0 ? ProgressBar(label: label) : nil
    }

    init(label: String) { self.label = label }

    public func update(done: Int, total: Int) {
        let now = Stopwatch.now()
        guard now - lastDraw >= ProgressBar.interval || done == total else { return }
        lastDraw = now
        let fraction = total > 0 ? Double(done) / Double(total) : 1
        let filled = Int((fraction * Double(ProgressBar.width)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: ProgressBar.width - filled)
        let elapsed = now - started
        let fps = elapsed > 0 ? Double(done) / elapsed : 0
        let left = fps > 0 ? Double(total - done) / fps : 0
        let line = String(format: "\r%@ %@ %d/%d frames  %.0f fps  %@ left\u{1B}[K", label, bar, done, total, fps, ProgressBar.duration(left))
        FileHandle.standardError.write(Data(line.utf8))
        drawn = true
    }

    /// Clears the bar's line.
    public func finish() {
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    static func duration(_ s: Double) -> String {
        s >= 60 ? String(format: "%dm%02ds", Int(s) / 60, Int(s) % 60) : String(format: "%.0fs", s.rounded(.up))
    }
}
