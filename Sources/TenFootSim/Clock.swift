/// Simulator time: integer ticks at 1,200 per second (divides 24, 25, 30, 50, 60 and 120 fps).
public typealias Tick = Int

/// Converts between seconds and ticks. Nothing below the SDL edge reads the wall clock: time is an
/// input, counted in ticks.
public enum Clock {
    public static let ticksPerSecond = 1200
    public static func ticks(seconds: Double) -> Tick { Int((seconds * Double(ticksPerSecond)).rounded()) }
    public static func seconds(_ t: Tick) -> Double { Double(t) / Double(ticksPerSecond) }
}
