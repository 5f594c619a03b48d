import Foundation
import FocusEngine

/// Benchmarks (not tests): `swift run -c release tenfoot-bench [engine|record]`.
/// Prints medians and ratios against a baseline measured in the same run.
let which = CommandLine.arguments.dropFirst().first ?? "engine"
switch which {
case "engine": EngineBenchmark.run()
case "record": RecordBenchmark.run()
default:
    FileHandle.standardError.write(Data("tenfoot-bench: unknown benchmark \(which) (engine, record)\n".utf8))
    exit(2)
}
