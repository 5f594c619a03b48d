import TenFootSim

/// VoiceOver's words in a recording, as a WebVTT subtitle file written beside the video (`NAME.vtt`): one cue
/// per announcement, from the tick it was spoken until the next one or the end of the recording.
public enum WebVTT {
    /// One announcement: when (ticks from the recording's start) and what.
    public struct Caption: Sendable, Hashable {
        public var tick: Tick
        public var text: String
        public init(tick: Tick, text: String) {
            self.tick = tick
            self.text = text
        }
    }

    /// The `.vtt` beside a video: `take.mp4` → `take.vtt`.
    public static func path(beside video: String) -> String {
        let slash = video.lastIndex(of: "/").map { video.index(after: $0) } ?? video.startIndex
        guard let dot = video[slash...].lastIndex(of: "."), dot > slash else { return video + ".vtt" }
        return String(video[..<dot]) + ".vtt"
    }

    /// The document: `WEBVTT`, then each non-empty caption as a cue that lasts until the next caption (or `end`).
    public static func document(_ captions: [Caption], end: Tick) -> String {
        var out = "WEBVTT\n"
        var cue = 0
        for (k, c) in captions.enumerated() where !c.text.isEmpty && c.tick < end {
            let until = k + 1 < captions.count ? min(captions[k + 1].tick, end) : end
            guard until > c.tick else { continue }
            cue += 1
            out += "\n\(cue)\n\(time(c.tick)) --> \(time(until))\n\(escaped(c.text))\n"
        }
        return out
    }

    /// `HH:MM:SS.mmm` (ticks are 1/1200 s).
    static func time(_ tick: Tick) -> String {
        let ms = (tick * 1000 + Clock.ticksPerSecond / 2) / Clock.ticksPerSecond
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let msText = String(ms % 1000)
        return
            "\(two(ms / 3_600_000)):\(two(ms / 60000 % 60)):\(two(ms / 1000 % 60)).\(String(repeating: "0", count: 3 - msText.count))\(msText)"
    }

    /// Cue text: `&`, `<` and `>` as entities, one line (a line break would end the cue early if blank).
    static func escaped(_ text: String) -> String {
        var out = ""
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\n", "\r": out += " "
            default: out.append(ch)
            }
        }
        return out
    }
}
