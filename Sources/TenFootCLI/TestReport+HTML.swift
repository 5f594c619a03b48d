import Foundation

/// The report's page: static HTML with its style inline, pictures by relative path, no script. Readable on a laptop
/// screen (a column of at most 1,100 pixels) and printed (every section open, pictures kept within the page).
extension TestReport {
    var html: String {
        var out: [String] = []
        let verdict = failed == 0 ? "passed" : "failed"
        out.append(
            """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>TenFoot focus tests: \(passed) passed, \(failed) failed</title>
            <style>
            \(Self.style)
            </style>
            </head>
            <body>
            <header class="\(verdict)">
            <h1>TenFoot focus tests</h1>
            <p class="totals"><strong>\(passed) passed</strong>, <strong>\(failed) failed</strong> — \(screens.count) \(screens.count == 1 ? "screen" : "screens")</p>
            </header>
            <main>
            """)
        if !errors.isEmpty {
            out.append("<section class=\"screen failed\"><h2>Files that did not load</h2>")
            for e in errors { out.append("<pre class=\"error\">\(Self.escape(e))</pre>") }
            out.append("</section>")
        }
        for screen in screens {
            let bad = screen.results.filter { !$0.passed }.count
            out.append("<section class=\"screen \(bad == 0 ? "passed" : "failed")\">")
            let map = screen.map.map { " <a class=\"map\" href=\"\(Self.escape($0))\">focus map</a>" } ?? ""
            out.append(
                "<h2><code>\(Self.escape(screen.file))</code> <span class=\"count\">\(screen.results.count - bad) passed, \(bad) failed</span>\(map)</h2>"
            )
            for r in screen.results { out.append(Self.result(r)) }
            out.append("</section>")
        }
        out.append("</main>\n</body>\n</html>\n")
        return out.joined(separator: "\n")
    }

    static func result(_ r: Result) -> String {
        var out: [String] = []
        out.append("<details class=\"result \(r.passed ? "passed" : "failed")\"\(r.passed ? "" : " open")>")
        out.append(
            "<summary><span class=\"mark\">\(r.passed ? "✓" : "✗")</span> \(escape(r.name)) <code class=\"at\">\(escape(r.at))</code></summary>"
        )
        if let failure = r.failure { out.append("<p class=\"failure\">\(escape(failure))</p>") }
        let presses = r.presses.isEmpty ? "no press" : r.presses.map(escape).joined(separator: " ")
        out.append("<p class=\"presses\">Presses: <code>\(presses)</code></p>")
        out.append("<p class=\"path\">Focus taken: <code>\(r.path.map(escape).joined(separator: " → "))</code></p>")
        if let k = r.failedPress {
            let expected = r.expected.map { "expected <code class=\"expected\">\(escape($0))</code>" } ?? ""
            let actual = r.actual.map { "got <code class=\"actual\">\(escape($0))</code>" } ?? ""
            let press = r.presses.indices.contains(k - 1) ? " (\(escape(r.presses[k - 1])))" : ""
            out.append(
                "<p class=\"step\">At press \(k)\(press): \([expected, actual].filter { !$0.isEmpty }.joined(separator: ", "))</p>"
            )
        }
        if let shot = r.shot {
            out.append(
                "<figure class=\"shot\"><img src=\"\(escape(shot))\" alt=\"The screen at the failing press: expected focus outlined in green, actual in red\" width=\"1280\" height=\"720\"><figcaption>The screen at the failing press: <span class=\"expected\">expected</span> and <span class=\"actual\">actual</span> focus.</figcaption></figure>"
            )
        }
        if !r.strip.isEmpty {
            out.append("<ol class=\"strip\">")
            for (k, frame) in r.strip.enumerated() {
                let press = k < r.presses.count ? escape(r.presses[k]) : ""
                let focus = k + 1 < r.path.count ? escape(r.path[k + 1]) : ""
                out.append(
                    "<li><img src=\"\(escape(frame))\" alt=\"After press \(k + 1)\" width=\"480\" height=\"270\"><span>\(k + 1). \(press) → \(focus)</span></li>"
                )
            }
            out.append("</ol>")
        }
        if let explain = r.explain {
            out.append(
                "<h3>Why the swipe went there (<code>tenfoot explain</code>)</h3><pre class=\"explain\">\(escape(explain))</pre>"
            )
        }
        out.append("</details>")
        return out.joined(separator: "\n")
    }

    /// Text for HTML: the five characters that could end it, escaped.
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                // Control characters (but line breaks and tabs) are shown as their code.
                if c.value < 0x20 && c != "\n" && c != "\t" || c.value == 0x7F {
                    out += "\\u{\(String(c.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        return out
    }

    static let style = """
        :root { color-scheme: light; --green: #1e8e3e; --red: #d93025; --ink: #1f2328; --muted: #59636e; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: #f6f8fa; }
        header, main { max-width: 1100px; margin: 0 auto; padding: 0 20px; }
        header { padding-top: 24px; padding-bottom: 8px; }
        header h1 { margin: 0 0 4px; font-size: 26px; }
        header.failed .totals strong:last-child { color: var(--red); }
        header.passed .totals strong:first-child { color: var(--green); }
        .screen { background: #fff; border: 1px solid #d0d7de; border-radius: 8px; margin: 16px 0; padding: 12px 16px; }
        .screen.failed { border-left: 6px solid var(--red); }
        .screen.passed { border-left: 6px solid var(--green); }
        h2 { font-size: 17px; margin: 4px 0 8px; }
        h2 .count { font-weight: normal; color: var(--muted); font-size: 14px; margin-left: 8px; }
        h2 .map { font-weight: normal; font-size: 14px; margin-left: 8px; }
        h3 { font-size: 15px; margin: 12px 0 4px; }
        details.result { border-top: 1px solid #eaeef2; padding: 6px 0; }
        summary { cursor: pointer; }
        .mark { font-weight: bold; }
        .passed > summary .mark { color: var(--green); }
        .failed > summary .mark { color: var(--red); }
        code.at { color: var(--muted); font-size: 13px; margin-left: 6px; }
        .failure { color: var(--red); font-weight: 600; }
        .expected { color: var(--green); font-weight: 600; }
        .actual { color: var(--red); font-weight: 600; }
        figure.shot { margin: 10px 0; }
        figure.shot img { width: 100%; height: auto; border: 1px solid #d0d7de; border-radius: 6px; }
        figcaption { color: var(--muted); font-size: 13px; }
        ol.strip { list-style: none; display: flex; flex-wrap: wrap; gap: 8px; padding: 0; margin: 8px 0; }
        ol.strip li { width: 240px; font-size: 13px; color: var(--muted); }
        ol.strip img { width: 240px; height: auto; display: block; border: 1px solid #d0d7de; border-radius: 4px; }
        pre { background: #f6f8fa; border: 1px solid #eaeef2; border-radius: 6px; padding: 8px; overflow-x: auto; font-size: 12px; }
        pre.error { color: var(--red); white-space: pre-wrap; }
        pre.explain { max-height: 24em; overflow: auto; }
        @media print {
          body { background: #fff; font-size: 11pt; }
          .screen { break-inside: avoid-page; border-color: #999; }
          details > summary { list-style: none; }
          figure.shot img { max-height: 14cm; width: auto; max-width: 100%; }
          pre { white-space: pre-wrap; }
          pre.explain { max-height: none; overflow: visible; }
        }
        """
}
