import Foundation
import TenFootCore

/// A one-line progress bar on standard error — frames (or steps) done of total, the rate, time left —
/// drawn only when standard error is a terminal, at most ten times a second. `@unchecked Sendable`: one loop
/// updates it, on one thread at a time (a recording's, or `stress`'s run).
public final class ProgressBar: @unchecked Sendable {
    static let width = 28
    static let interval = 0.1
    private let label: String
    /// The rate counts from the first finished frame, so start-up (fonts, ffmpeg) does not skew it.
    private var firstFrame: (time: Double, done: Int)?
    private var lastDraw = -1.0
    private var drawn = false

    /// A bar when standard error is a terminal; nil (quiet) otherwise.
    public static func onTerminal(label: String) -> ProgressBar? {
        isatty(STDERR_FILENO) != 0 ? ProgressBar(label: label) : nil
    }

    init(label: String) { self.label = label }

    public func update(done: Int, total: Int, unit: String = "frames") {
        let now = Stopwatch.now()
        guard now - lastDraw >= ProgressBar.interval || done == total else { return }
        lastDraw = now
        let fraction = total > 0 ? Double(done) / Double(total) : 1
        let filled = Int((fraction * Double(ProgressBar.width)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: ProgressBar.width - filled)
        if firstFrame == nil, done > 0 { firstFrame = (now, done) }
        var rate = ""
        var left = ""
        if let first = firstFrame, now - first.time > 0.2, done > first.done {
            let fps = Double(done - first.done) / (now - first.time)
            rate = String(format: "  %.0f ", fps) + (unit == "frames" ? "fps" : unit + "/s")
            left = "  " + ProgressBar.duration(Double(total - done) / fps) + " left"
        }
        let line = String(format: "\r%@ %@ %d/%d ", label, bar, done, total) + unit + rate + left + "\u{1B}[K"
        ErrorStream.write(line)
        drawn = true
    }

    /// Clears the bar's line.
    public func finish() {
        if drawn { ErrorStream.write("\r\u{1B}[K") }
    }

    static func duration(_ s: Double) -> String {
        s >= 60 ? String(format: "%dm%02ds", Int(s) / 60, Int(s) % 60) : String(format: "%.0fs", s.rounded(.up))
    }
}
