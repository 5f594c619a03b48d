import FocusEngine

/// The tvOS focus growth rule: the longest side grows by 70 points (HIG layered images), so small
/// posters scale more than large ones; buttons grow by a fixed 10 %.
public enum LiftMetrics {
    public static let posterGrowth = 70.0
    public static func growth(for frame: Rect) -> Double { posterGrowth }
    public static func scale(for frame: Rect) -> Double {
        let longest = max(frame.width, frame.height)
        return longest > 0 ? (longest + posterGrowth) / longest : 1
    }
}
