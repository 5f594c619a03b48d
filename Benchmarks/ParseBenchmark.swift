import Foundation
import TenFootCore
import TenFootScene

/// Reading scene files: parse time against file size for formatted (one node a line) and minified
/// (one line) files, and "did you mean" work against the number of ids and bad references.
enum ParseBenchmark {
    /// `tenfoot-bench parse`: the shipped 10,000-poster catalogue and generated ones of 20k, 40k and
    /// 100k nodes (the node limit), each formatted and minified. Goal: time linear in size for both, and the 10k
    /// catalogue minified within 1.5× of the same file formatted (it was 26× before positions were
    /// tracked as the parser advances). The two forms of a size are timed in alternation, so a VM's
    /// drift between runs falls on both alike.
    static func run() {
        let shipped = try! String(
            contentsOfFile: SceneBenchmark.root.appendingPathComponent("scenes/catalogue-10k.json").path,
            encoding: .utf8)
        print(
            "parse: JSON reader and scene decoder, median of 9 alternating runs, formatted (one node a line) vs minified (one line)"
        )
        print(
            "file                          bytes      lines    JSON(ms)  decode(ms)  µs/KB(JSON)  one-line ÷ formatted")
        var rows: [(String, String)] = [("catalogue-10k.json", shipped)]
        for n in [20_000, 40_000] { rows.append(("generated \(n / 1000)k", catalogue(n))) }
        // 100,000 nodes in all (the scroll page, its heading and the grid are the other three): the limit.
        rows.append(("generated 100k", catalogue(SceneLimits.maxNodes - 3)))
        for (name, formatted) in rows {
            let forms = [("formatted", formatted), ("minified", minify(formatted))]
            let times = time(forms.map(\.1))
            for (k, (form, text)) in forms.enumerated() {
                let (json, decode) = times[k]
                let lines = text.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                let ratio = k == 0 ? "" : String(format: "%.2f×", json / times[0].json)
                // Padded by hand: %@ ignores widths on Linux.
                print(
                    "\(name) \(form)".padding(toLength: 30, withPad: " ", startingAt: 0)
                        + String(
                            format: "%-10d %-8d %-9.1f %-11.1f %-12.2f ", text.utf8.count, lines, json * 1000,
                            decode * 1000,
                            json * 1e6 / (Double(text.utf8.count) / 1024)) + ratio)
            }
        }
    }

    /// `tenfoot-bench suggestions`: scenes whose focus guides name ids that do not exist, each a
    /// one-letter typo of a real id. Only the first `SceneLimits.maxSuggestions` distinct unknown ids
    /// get a suggestion, each from one index, so the extra time stays bounded as the bad references
    /// grow (5,000 ids × 500 bad references took 6.6 s; 20,000 × 2,000, 129 s).
    static func suggestions() {
        print("suggestions: decoding a scene with N ids and M unknown references (each a likely typo), median of 3")
        print("ids       bad refs   decode(ms)  clean decode(ms)  extra(ms)")
        for (ids, bad) in [(5_000, 500), (20_000, 2_000), (20_000, 20_000), (80_000, 20_000)] {
            let clean = scene(ids: ids, bad: bad, typo: false)
            let dirty = scene(ids: ids, bad: bad, typo: true)
            var errors = 0
            let t = EngineBenchmark.median(
                (0..<3).map { _ in
                    let t0 = EngineBenchmark.now()
                    do { _ = try SceneDecoder.decode(dirty, file: "bench.json") } catch let e as Diagnostics {
                        errors = e.diagnostics.count
                    } catch {}
                    return EngineBenchmark.now() - t0
                })
            let c = EngineBenchmark.median(
                (0..<3).map { _ in
                    let t0 = EngineBenchmark.now()
                    _ = try? SceneDecoder.decode(clean, file: "bench.json")
                    return EngineBenchmark.now() - t0
                })
            precondition(errors == bad, "expected \(bad) errors, got \(errors)")
            print(String(format: "%-9d %-10d %-11.1f %-17.1f %.1f", ids, bad, t * 1000, c * 1000, (t - c) * 1000))
        }
    }

    /// Seconds to parse each text as JSON, and to decode it as a scene: medians of 9 rounds, each
    /// round timing every text once.
    static func time(_ texts: [String]) -> [(json: Double, decode: Double)] {
        var json = Array(repeating: [Double](), count: texts.count)
        var decode = json
        for _ in 0..<9 {
            for (k, text) in texts.enumerated() {
                let t0 = EngineBenchmark.now()
                _ = try! JSONParser.parse(text)
                let t1 = EngineBenchmark.now()
                _ = try! SceneDecoder.decode(text, file: "bench.json")
                json[k].append(t1 - t0)
                decode[k].append(EngineBenchmark.now() - t1)
            }
        }
        return texts.indices.map { (EngineBenchmark.median(json[$0]), EngineBenchmark.median(decode[$0])) }
    }

    /// A catalogue like scenes/catalogue-10k.json (one poster a line) with `n` posters.
    static func catalogue(_ n: Int) -> String {
        var out =
            "{\n\"name\": \"Catalogue: \(n) posters\",\n\"root\": {\"type\":\"scroll\",\"id\":\"page\",\"children\":[\n"
        out += "{\"type\":\"text\",\"id\":\"heading\",\"text\":\"Catalogue\",\"style\":\"title2\"},\n"
        out += "{\"type\":\"grid\",\"id\":\"catalogue\",\"columns\":6,\"children\":[\n"
        out += (0..<n).map { "{\"type\":\"poster\",\"id\":\"c\($0)\"}" }.joined(separator: ",\n")
        return out + "\n]}]}\n}\n"
    }

    /// The text without white space outside strings: one line.
    static func minify(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var inString = false
        var escaped = false
        for b in text.utf8 {
            if inString {
                if escaped {
                    escaped = false
                } else if b == UInt8(ascii: "\\") {
                    escaped = true
                } else if b == UInt8(ascii: "\"") {
                    inString = false
                }
                out.append(b)
            } else if b == UInt8(ascii: "\"") {
                inString = true
                out.append(b)
            } else if b != UInt8(ascii: " "), b != UInt8(ascii: "\n"), b != UInt8(ascii: "\t"), b != UInt8(ascii: "\r")
            {
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `ids` buttons in a vstack, then `bad` focus guides each preferring an id: a typo of a real
    /// one (`itme42`) when `typo`, else the real one.
    static func scene(ids: Int, bad: Int, typo: Bool) -> String {
        let items = (0..<ids).map { "{\"type\":\"button\",\"id\":\"item\($0)\"}" }
        let guides = (0..<bad).map {
            "{\"type\":\"focusGuide\",\"frame\":[0,0,1,1],\"preferred\":[\"\(typo ? "itme" : "item")\($0 % ids)\"]}"
        }
        return "{\"root\":{\"type\":\"vstack\",\"children\":[\n" + (items + guides).joined(separator: ",\n") + "\n]}}"
    }
}
