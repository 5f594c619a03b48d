import Testing

@testable import TenFootRecorder

/// The WebVTT file beside a video: cue times, numbering, escaping, and where it goes.
@Suite struct WebVTTTests {
    @Test func cuesRunUntilTheNextAnnouncement() {
        let doc = WebVTT.document(
            [
                .init(tick: 0, text: "General, button"), .init(tick: 0, text: "Autoplay, On, switch button"),
                .init(tick: 480, text: ""), .init(tick: 960, text: "Tom & Jerry <live>\nnow"),
            ], end: 4_393_500)
        #expect(
            doc == """
                WEBVTT

                1
                00:00:00.000 --> 00:00:00.400
                Autoplay, On, switch button

                2
                00:00:00.800 --> 01:01:01.250
                Tom &amp; Jerry &lt;live&gt; now

                """)
        #expect(WebVTT.document([], end: 100) == "WEBVTT\n")
        // A caption after the end of the recording is left out.
        #expect(WebVTT.document([.init(tick: 200, text: "late")], end: 100) == "WEBVTT\n")
    }

    @Test func theFileGoesBesideTheVideo() {
        #expect(WebVTT.path(beside: "out/take.mp4") == "out/take.vtt")
        #expect(WebVTT.path(beside: "a.b/take") == "a.b/take.vtt")
        #expect(WebVTT.path(beside: "take.final.gif") == "take.final.vtt")
    }
}
