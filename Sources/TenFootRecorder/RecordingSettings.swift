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
    /// Folder that the scene's relative image paths start from.
    public var imageBase = "."
    /// Overrides the x264 preset chosen by frame size (the benchmark compares presets).
    package var x264Preset: String?

    /// One second: long enough to see where focus ended, short enough for a looping GIF.
    public static let defaultHold: Tick = Clock.ticks(seconds: 1)
    /// Above this a "video" is a slideshow of identical frames; the window never runs faster either.
    public static let maxFPS = 120
    /// Frame rates the fixed clock can step exactly: the divisors of 1,200 up to `maxFPS`.
    public static let allowedFPS = (1 ... maxFPS).filter { Clock.ticksPerSecond % $0 == 0 }

    public init() {}

    /// Simulator ticks per frame: exact, because the frame rate divides the tick rate.
    public var ticksPerFrame: Tick { Clock.ticksPerSecond / fps }

    /// Frames for a script: its length plus the hold, rounded up to whole frames (at least one).
    public func frameCount(for script: InputScript) -> Int {
        max(1, (script.endTick + hold + ticksPerFrame - 1) / ticksPerFrame)
    }

    /// Every problem with the settings for `format`, reported together.
    public func validate(for format: OutputFormat) throws(RecordingError) {
        var problems: [RecordingError.SettingsProblem] = []
        if !RecordingSettings.allowedFPS.contains(fps) { problems.append(.frameRate(fps)) }
        if format == .mp4 || format == .webm, width % 2 != 0 || height % 2 != 0 { problems.append(.oddSize(width: width, height: height)) }
        if hold < 0 { problems.append(.negativeHold) }
        if !problems.isEmpty { throw .invalidSettings(problems) }
    }
}
