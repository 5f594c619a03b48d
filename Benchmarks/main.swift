import Foundation
import FocusEngine

/// Benchmarks (not tests): `swift run -c release tenfoot-bench [engine|enginemoves|render|displaylist|layout|soak|record]`.
/// Prints medians and ratios against a baseline measured in the same run.
let which = CommandLine.arguments.dropFirst().first ?? "engine"
switch which {
case "engine": EngineBenchmark.run()
case "enginememory": EngineBenchmark.memoryOnly(Int(CommandLine.arguments.dropFirst(2).first ?? "") ?? 1_000_000)
case "enginemoves": EngineBenchmark.movesOnly(rounds: Int(CommandLine.arguments.dropFirst(2).first ?? "") ?? 50, jumps: CommandLine.arguments.dropFirst(3).first == "jumps")
case "render": RenderBenchmark.run()
case "displaylist": RenderBenchmark.displayListOnly()
case "homeframes": RenderBenchmark.homeFrames()
case "layout": SceneBenchmark.layout()
case "soak": SceneBenchmark.soak(moves: Int(CommandLine.arguments.dropFirst(2).first ?? "") ?? 1_000_000)
case "record": RecordBenchmark.run()
default:
    FileHandle.standardError.write(Data("tenfoot-bench: unknown benchmark \(which) (engine, render, layout, soak [N], record)\n".utf8))
    exit(2)
}
