import Foundation
import TestSupport
import Testing

/// Fades have no bands: the tab bar's scrim over a bright page, measured along the fade in the screenshot and in
/// a decoded MP4 and GIF frame (yuv420p and a palette band too). A band is a row where the brightness jumps by
/// more than two and a half times the fade's mean step (a staircase of flat strips jumps by five times it; a
/// smooth fade's steepest row is one and a half times it).
@Suite(.serialized, .enabled(if: Tools.hasFFmpeg, "needs ffmpeg (scripts/setup.sh installs it)"))
struct GradientTests {
    static let scene = TestPaths.packageRoot + "/Tests/CLITests/Fixtures/gradient-scrim.json"
    /// The fade under the tab bar's band, in points (the band ends at 114; the fade is 40 points), and the columns
    /// measured (right of the tabs).
    static let rows = 114..<154
    static let columns = 1300..<1800

    /// A picture's first (or, for a video, last) frame as 8-bit grey, width × height.
    static func grey(_ path: String, width: Int, height: Int) throws -> [UInt8] {
        let last = path.hasSuffix(".png") ? [] : ["-sseof", "-0.2"]
        let r = try runProcess(
            Tools.ffmpeg!,
            ["-v", "error"] + last + ["-i", path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray", "-"])
        #expect(r.status == 0 && r.stdoutBytes.count == width * height, "\(r.stderr)")
        return [UInt8](r.stdoutBytes)
    }

    /// The bands along the fade: rows whose mean brightness jumps by more than 2.5 × the mean step (+ half a level).
    static func bands(_ pixels: [UInt8], width: Int, scale: Double) -> (bands: Int, profile: [Double]) {
        let y0 = Int((Double(rows.lowerBound) * scale).rounded())
        let y1 = Int((Double(rows.upperBound) * scale).rounded())
        let x0 = Int(Double(columns.lowerBound) * scale)
        let x1 = Int(Double(columns.upperBound) * scale)
        let profile = (y0..<y1).map { y in
            Double((x0..<x1).reduce(0) { $0 + Int(pixels[y * width + $1]) }) / Double(x1 - x0)
        }
        let steps = zip(profile.dropFirst(), profile).map { abs($0 - $1) }
        let mean = steps.reduce(0, +) / Double(steps.count)
        return (steps.filter { $0 > 2.5 * mean + 0.5 }.count, profile)
    }

    @Test func theScrimFadesWithoutBandsInPicturesAndVideos() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-bands-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let shot = try runProcess(TestPaths.tenfoot, ["screenshot", Self.scene, "--out", dir + "/s.png"])
        #expect(shot.status == 0, "\(shot.stderr)")
        for (file, size) in [("s.png", (1920, 1080)), ("v.mp4", (1920, 1080)), ("v.gif", (960, 540))] {
            if !file.hasSuffix(".png") {
                let r = try runProcess(
                    TestPaths.tenfoot,
                    [
                        "record", Self.scene, "--out", dir + "/" + file, "--moves", "wait 0.5s", "--size",
                        "\(size.0)x\(size.1)",
                    ],
                    timeout: 120)
                #expect(r.status == 0, "\(r.stderr)")
            }
            let pixels = try Self.grey(dir + "/" + file, width: size.0, height: size.1)
            let (bands, profile) = Self.bands(pixels, width: size.0, scale: Double(size.0) / 1920)
            // The fade is there (it darkens the page by more than 80 levels) and it has no band.
            #expect((profile.last ?? 0) - (profile.first ?? 0) > 80, "\(file): \(profile)")
            #expect(bands == 0, "\(file): \(bands) bands along \(profile.map { ($0 * 10).rounded() / 10 })")
        }
    }

    /// tvOS blurs the screen behind an alert or action sheet: the sidebar's "Settings" title behind the action
    /// sheet leaves no sharp edge (text drawn through a veil would: its edges jump by tens of levels).
    @Test func theScreenBehindAnActionSheetIsBlurred() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tenfoot-blur-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (from, name) in [("reset", "action sheet"), ("signOut", "alert")] {
            let shot = try runProcess(
                TestPaths.tenfoot,
                [
                    "screenshot", TestPaths.scenes + "/settings.json", "--from", from, "--moves", "select", "--out",
                    dir + "/s.png",
                ])
            #expect(shot.status == 0, "\(shot.stderr)")
            let pixels = try Self.grey(dir + "/s.png", width: 1920, height: 1080)
            // The sharpest step between neighbouring pixels over the sidebar's title, behind the presentation.
            var sharpest = 0
            for y in 70..<130 {
                for x in 80..<360 {
                    let here = Int(pixels[y * 1920 + x])
                    sharpest = max(
                        sharpest, abs(here - Int(pixels[y * 1920 + x + 1])), abs(here - Int(pixels[(y + 1) * 1920 + x]))
                    )
                }
            }
            #expect(sharpest <= 4, "\(name): a step of \(sharpest) levels behind it")
        }
    }
}
