import Foundation
import FocusEngine

/// Benchmarks (not tests): `swift run -c release tenfoot-bench [engine]`.
/// Prints medians and ratios against a baseline measured in the same run.
let which = CommandLine.arguments.dropFirst().first ?? "engine"
switch which {
case "engine": EngineBenchmark.run()
case "render": RenderBenchmark.run()
case "displaylist": RenderBenchmark.displayListOnly()
default:
    FileHandle.standardError.write(Data("tenfoot-bench: unknown benchmark \(which) (engine, render)\n".utf8))
    exit(2)
}
