import TenFootPresentation
import TenFootScene
import TenFootSim

/// How a recording looks and how long it runs; validated before anything is rendered.
public struct RecordingSettings: Sendable {
    public var width: Int32 = 1920
    public var height: Int32 = 1080
    public var fps = 30
    /// How long the last frame lingers after the script ends.
    public var hold: Tick = RecordingSettings.defaultHold
    public var appearance: Appearance = .dark
    public var overlays: Overlays = []
    /// The pictures the scene can show, decoded before any frame is drawn.
    public var assets = AssetTable()
    /// Overrides the x264 preset chosen by frame size (the benchmark compares presets).
    package var x264Preset: String?
    /// Told the most drawing commands a frame left out, at the bottom of a pile past
    /// `Rasteriser.maxOverdrawScreens` (once a screenshot or a recording; the host says so).
    public var onLayersLeftOut: (@Sendable (Int) -> Void)?

    /// One second: long enough to see where focus ended, short enough for a looping GIF.
    public static let defaultHold: Tick = Clock.ticks(seconds: 1)
    /// Above this a "video" is a slideshow of identical frames; the window never runs faster either.
    public static let maxFPS = 120
    /// Frame rates the fixed clock can step exactly: the divisors of 1,200 up to `maxFPS`.
    public static let allowedFPS = (1...maxFPS).filter { Clock.ticksPerSecond % $0 == 0 }

    public init() {}

    /// Simulator ticks per frame: exact, because the frame rate divides the tick rate.
    public var ticksPerFrame: Tick { Clock.ticksPerSecond / fps }

    /// The longest script a recording or screenshot plays, and the longest hold: an hour each (the
    /// input-script limit). Scripts made in code (a window take) are held to it too.
    public static let maxDuration: Tick = InputScriptParser.maxDuration

    /// Frames for a script: its length plus the hold, rounded up to whole frames (at least one).
    /// Lengths beyond the limits count as the limits (`validate` refuses them), so this never overflows.
    public func frameCount(for script: InputScript) -> Int {
        let end = min(max(script.endTick, 0), RecordingSettings.maxDuration)
        let hold = min(max(self.hold, 0), RecordingSettings.maxDuration)
        return max(1, (end + hold + ticksPerFrame - 1) / ticksPerFrame)
    }

    /// Every problem with the settings for `format` (and `script`, when given), reported together.
    public func validate(for format: OutputFormat, script: InputScript? = nil) throws(RecordingError) {
        var problems: [RecordingError.SettingsProblem] = []
        if !RecordingSettings.allowedFPS.contains(fps) { problems.append(.frameRate(fps)) }
        if format == .mp4 || format == .webm, width % 2 != 0 || height % 2 != 0 {
            problems.append(.oddSize(width: width, height: height))
        }
        if hold < 0 { problems.append(.negativeHold) }
        if hold > RecordingSettings.maxDuration { problems.append(.holdTooLong(hold)) }
        if let script { problems += RecordingSettings.problems(with: script) }
        if !problems.isEmpty { throw .invalidSettings(problems) }
    }

    /// The one length check of a script before it is played for pictures (record, screenshot, a
    /// window take): it must end within the hour. The script parser bounds the scripts it reads;
    /// this holds every script, however it was made, so no frame count or clock can run away.
    public static func problems(with script: InputScript) -> [RecordingError.SettingsProblem] {
        let last = script.entries.map(\.tick).max() ?? 0
        let end = max(script.endTick, last)
        return end > maxDuration || end < 0 || script.entries.contains(where: { $0.tick < 0 })
            ? [.scriptTooLong(end)] : []
    }
}
