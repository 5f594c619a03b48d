import FocusEngine
import Foundation
import TenFootCLI
import TenFootSwiftUI

/// Benchmarks (not tests): `swift run -c release tenfoot-bench
/// [engine|enginemoves|render|window [N]|displaylist|layout|soak|stress [N]|record [RUNS [HEIGHTS]]|load|loadscaling|reload [N]|textsize [N]|startup
/// [N]|parse|suggestions|swiftui [FILE]|pathparse [FILE [N]]]`.
/// Prints medians and ratios against a baseline measured in the same run.
let which = CommandLine.arguments.dropFirst().first ?? "engine"
// The heap as `tenfoot` runs it (TENFOOT_BENCH_GLIBC_HEAP=1: glibc's defaults, to compare in another run).
if ProcessInfo.processInfo.environment["TENFOOT_BENCH_GLIBC_HEAP"] != "1" { HeapPolicy.apply() }
switch which {
case "engine": EngineBenchmark.run()
case "enginememory": EngineBenchmark.memoryOnly(Int(CommandLine.arguments.dropFirst(2).first ?? "") ?? 1_000_000)
case "enginemoves":
    EngineBenchmark.movesOnly(
        rounds: Int(CommandLine.arguments.dropFirst(2).first ?? "") ?? 50,
        jumps: CommandLine.arguments.dropFirst(3).first == "jumps")
case "render": RenderBenchmark.run()
case "window": WindowBenchmark.run(rounds: Int(CommandLine.arguments.dropFirst(2).first ?? "") ?? 3)
case "displaylist": RenderBenchmark.displayListOnly()
case "homeframes":
    let rest = CommandLine.arguments.dropFirst(2)
    let frames = rest.compactMap { Int($0) }.first ?? 120
    guard (1...100_000).contains(frames) else {
        FileHandle.standardError.write(Data("homeframes: FRAMES is 1 to 100000, not \(frames)\n".utf8))
        exit(2)
    }
    RenderBenchmark.homeFrames(uhd: rest.first == "4k", frames: frames)
case "tiltframes": RenderBenchmark.tiltFrames(profile: CommandLine.arguments.dropFirst(2).first == "profile")
case "layout": SceneBenchmark.layout()
case "soak": SceneBenchmark.soak(moves: Int(CommandLine.arguments.dropFirst(2).first ?? "") ?? 1_000_000)
case "stress": StressBenchmark.run(events: Int(CommandLine.arguments.dropFirst(2).first ?? "") ?? 1_000_000)
case "record":
    RecordBenchmark.run(
        runs: Int(CommandLine.arguments.dropFirst(2).first ?? "") ?? 3,
        heights: CommandLine.arguments.dropFirst(3).first.map { $0.split(separator: ",").compactMap { Int32($0) } })
case "load": LoadBenchmark.run()
case "loadmemory": LoadBenchmark.memory(CommandLine.arguments.dropFirst(2).first ?? "scenes/catalogue-10k.json")
case "reload": ReloadBenchmark.run(rounds: Int(CommandLine.arguments.dropFirst(2).first ?? "") ?? 20)
case "textsize": TextSizeBenchmark.run(rounds: Int(CommandLine.arguments.dropFirst(2).first ?? "") ?? 15)
case "startup": StartupBenchmark.run(runs: Int(CommandLine.arguments.dropFirst(2).first ?? "") ?? 21)
case "loadscaling": LoadBenchmark.scaling()
case "loadseries": LoadBenchmark.series(CommandLine.arguments[2], loads: Int(CommandLine.arguments[3]) ?? 6)
case "loadonce": LoadBenchmark.once(CommandLine.arguments.dropFirst(2).first ?? "scenes/catalogue-10k.json")
case "parse": ParseBenchmark.run()
case "suggestions": ParseBenchmark.suggestions()
case "swiftui": SwiftUIBenchmark.run(file: CommandLine.arguments.dropFirst(2).first ?? SwiftUIBenchmark.file)
case "pathparse":
    PathParseBenchmark.run(
        file: CommandLine.arguments.dropFirst(2).first ?? SwiftUIBenchmark.file,
        runs: Int(CommandLine.arguments.dropFirst(3).first ?? "") ?? 25)
case "swiftui-none": break
case "swiftui-warm": for _ in 0..<100 { _ = try? SwiftUIReaderLibrary.read([SwiftUIBenchmark.file]) }
case "swiftui-once": SwiftUIBenchmark.once(file: CommandLine.arguments.dropFirst(2).first ?? SwiftUIBenchmark.file)
default:
    FileHandle.standardError.write(
        Data(
            "tenfoot-bench: unknown benchmark \(which) (engine, render, window [N], layout, soak [N], stress [N], record [RUNS [HEIGHTS]], load, loadscaling, reload [N], startup [N], parse, suggestions, swiftui [FILE], pathparse [FILE [N]])\n"
                .utf8))
    exit(2)
}
