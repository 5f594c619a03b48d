// swift-tools-version:6.0
// TenFoot: an Apple TV "10-foot" interface simulator. Layers, dependencies pointing down only:
//   tenfoot (CLI) → TenFootApp → TenFootRecorder → TenFootSDL → TenFootInput → TenFootSim → TenFootScene → FocusEngine
// and beside FocusEngine a second leaf, TenFootCore (the JSON reader with positions, Diagnostic), which
// every reader of a file uses: scenes, input mapping files, input scripts.
// Only TenFootSDL sees SDL (through the CSDL2* system-library targets).
import PackageDescription

let package = Package(
    name: "TenFoot",
    products: [
        .library(name: "FocusEngine", targets: ["FocusEngine"]),
        .library(name: "TenFootCore", targets: ["TenFootCore"]),
        .library(name: "TenFootScene", targets: ["TenFootScene"]),
        .library(name: "TenFootSim", targets: ["TenFootSim"]),
        .library(name: "TenFootInput", targets: ["TenFootInput"]),
        .executable(name: "tenfoot", targets: ["tenfoot"]),
        .executable(name: "tenfoot-bench", targets: ["tenfoot-bench"]),
    ],
    targets: [
        // C libraries from the system (Debian: apt, macOS: Homebrew), found through pkg-config.
        .systemLibrary(
            name: "CSDL2", pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"]), .brew(["sdl2"])]),
        .systemLibrary(
            name: "CSDL2TTF", pkgConfig: "SDL2_ttf",
            providers: [.apt(["libsdl2-ttf-dev"]), .brew(["sdl2_ttf"])]),
        .systemLibrary(
            name: "CSDL2Image", pkgConfig: "SDL2_image",
            providers: [.apt(["libsdl2-image-dev"]), .brew(["sdl2_image"])]),

        // Pure layers: no SDL, no I/O in the engine, no wall clock anywhere below the edge.
        .target(name: "FocusEngine"),
        // Reading files: JSON with positions, one Diagnostic shape, did-you-mean. Imports nothing.
        .target(name: "TenFootCore"),
        // The built-in home scene is scenes/home.json itself: Resources/home.json is a symbolic link
        // to it (resources must sit inside the target's folder), compiled into the binary.
        .target(name: "TenFootScene", dependencies: ["FocusEngine", "TenFootCore"],
                resources: [.embedInCode("Resources/home.json")]),
        .target(name: "TenFootSim", dependencies: ["FocusEngine", "TenFootScene", "TenFootCore"]),
        // Physical input (keys, pads, mouse) → remote events: mapping, repeat, momentum. No SDL.
        .target(name: "TenFootInput", dependencies: ["TenFootSim", "TenFootScene", "TenFootCore", "FocusEngine"]),

        // The edge: SDL window, rasteriser, input adapters; the recorder; the command line.
        .target(
            name: "TenFootSDL",
            dependencies: ["TenFootInput", "TenFootSim", "TenFootScene", "TenFootCore", "FocusEngine", "CSDL2", "CSDL2TTF", "CSDL2Image"]),
        .target(
            name: "TenFootRecorder",
            dependencies: ["TenFootSDL", "TenFootSim", "TenFootScene", "TenFootCore"]),
        // The app: the interactive window and its tools (take, screenshot, session, reload), above
        // both the platform (TenFootSDL) and the recorder it renders takes with. No SDL in it.
        .target(
            name: "TenFootApp",
            dependencies: ["TenFootRecorder", "TenFootSDL", "TenFootInput", "TenFootSim", "TenFootScene", "TenFootCore", "FocusEngine"]),
        .executableTarget(
            name: "tenfoot",
            dependencies: ["TenFootApp", "TenFootRecorder", "TenFootSDL", "TenFootInput", "TenFootSim", "TenFootScene", "TenFootCore", "FocusEngine"]),
        .executableTarget(
            name: "tenfoot-bench",
            dependencies: ["TenFootRecorder", "TenFootSDL", "TenFootSim", "TenFootScene", "FocusEngine", "TestSupport"],
            path: "Benchmarks"),

        // Shared by the tests and the benchmarks: paths, processes, snapshots, the cross-process
        // determinism harness, tool probes, SplitMix. It does not import Testing (benchmarks link it).
        .target(name: "TestSupport", dependencies: ["FocusEngine", "TenFootScene"], path: "Tests/TestSupport"),
        .testTarget(name: "FocusEngineTests", dependencies: ["FocusEngine", "TestSupport"],
                    exclude: ["Fixtures/PEER-CASES.md"], resources: [.copy("Fixtures")]),
        .testTarget(name: "TenFootCoreTests", dependencies: ["TenFootCore", "TestSupport"]),
        .testTarget(name: "TenFootSceneTests", dependencies: ["TenFootScene", "TenFootCore", "FocusEngine", "TestSupport"]),
        .testTarget(name: "TenFootSimTests", dependencies: ["TenFootSim", "TenFootScene", "TenFootCore", "FocusEngine", "TestSupport"], exclude: ["Snapshots"]),
        .testTarget(name: "TenFootInputTests", dependencies: ["TenFootInput", "TenFootSim", "TenFootScene", "TenFootCore", "FocusEngine", "TestSupport"]),
        .testTarget(
            name: "TenFootSDLTests",
            dependencies: ["TenFootSDL", "TenFootInput", "TenFootRecorder", "TenFootSim", "TenFootScene", "TestSupport", "CSDL2", "CSDL2Image"],
            exclude: ["Goldens"]),
        .testTarget(name: "CLITests", dependencies: ["TestSupport"], exclude: ["Snapshots", "Fixtures"]),
    ]
)

// Every target names the modules whose members it uses (no leaky transitive imports).
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
