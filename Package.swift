import Foundation
// swift-tools-version:6.0
// TenFoot: an Apple TV "10-foot" interface simulator. Layers, dependencies pointing down only:
//   tenfoot (CLI) → TenFootApp → TenFootRecorder → TenFootSDL → TenFootInput → TenFootSim → TenFootScene → FocusEngine
// and beside FocusEngine a second leaf, TenFootCore (the JSON reader with positions, Diagnostic), which
// every reader of a file uses: scenes, input mapping files, input scripts.
// Only TenFootRaster and TenFootSDL see SDL (through the CSDL2* system-library targets, whose functions CSDLLoader
// loads on first use), and fribidi and HarfBuzz (CFriBidi, CHarfBuzz).
// TenFootSwiftUI (SwiftUI sources → scenes) sits on TenFootScene; the Swift itself is read by TenFoot's SwiftUI
// reader (TenFootSwiftUIReader), a dynamic library that tenfoot loads for `.swift` input only: it alone links the
// toolchain's own SwiftParser/SwiftSyntax (found below), so tenfoot runs without them.
import PackageDescription

/// The standard output of a command found on PATH (trimmed), when it runs and exits 0.
func output(of command: [String]) -> String? {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = command
    let out = Pipe()
    p.standardOutput = out
    p.standardError = FileHandle.nullDevice
    guard (try? p.run()) != nil else { return nil }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return p.terminationStatus == 0 ? text : nil
}

/// `<toolchain>/usr/lib/swift/host`, when it ships the SwiftSyntax and SwiftParser modules (`.swiftinterface`) and
/// their shared libraries; nil otherwise. The toolchain is the one whose `swiftc` is first on PATH (the one `swift
/// build` is, as a rule): `swiftc -print-target-info` names its runtime resource folder, `<toolchain>/usr/lib/swift`.
/// TENFOOT_SWIFT_HOST_LIBS names the folder instead (empty: build the reader without it, to exercise the
/// fallback). Details: docs/swiftui.md, "Building".
func swiftHostLibraries() -> String? {
    func usable(_ dir: String) -> String? {
        let ok = ["SwiftSyntax", "SwiftParser", "SwiftDiagnostics"].allSatisfy {
            FileManager.default.fileExists(atPath: "\(dir)/\($0).swiftmodule")
                && (FileManager.default.fileExists(atPath: "\(dir)/lib\($0).so")
                    || FileManager.default.fileExists(atPath: "\(dir)/lib\($0).dylib"))
        }
        return ok ? dir : nil
    }
    if let forced = Context.environment["TENFOOT_SWIFT_HOST_LIBS"] { return forced.isEmpty ? nil : usable(forced) }
    guard let info = output(of: ["swiftc", "-print-target-info"]),
        let json = try? JSONSerialization.jsonObject(with: Data(info.utf8)) as? [String: Any],
        let paths = json["paths"] as? [String: Any], let resources = paths["runtimeResourcePath"] as? String
    else { return nil }
    return usable(resources + "/host")
}

let swiftHost = swiftHostLibraries()
/// `-I host` for the reader and every target that imports it, directly or not (`readerClients`, below): a client of a
/// non-resilient module loads that module's imports, internal ones included ("missing required modules" otherwise).
let swiftHostImport: [SwiftSetting] = swiftHost.map { [.unsafeFlags(["-I", $0])] } ?? []
/// The reader's search path and rpaths: the toolchain's folder, and its own (`$ORIGIN`, so an installed reader can
/// carry the libraries beside it). The libraries themselves are autolinked by the modules (SwiftParser, SwiftSyntax
/// and SwiftDiagnostics only: SwiftIfConfig and SwiftParserDiagnostics would add to every `.swift` open). What
/// links the reader's code links these (the reader's library, the test bundle, the benchmarks); tenfoot does not.
let swiftHostLink: [LinkerSetting] =
    swiftHost.map {
        [.unsafeFlags(["-L", $0, "-Xlinker", "-rpath", "-Xlinker", $0, "-Xlinker", "-rpath", "-Xlinker", "$ORIGIN"])]
    } ?? []

/// Where SDL, SDL_ttf, SDL_image, fribidi and HarfBuzz are, for libraries outside the compiler's default paths
/// (Homebrew, a prefix named in PKG_CONFIG_PATH): the `includedir` and `libdir` that pkg-config gives for each
/// package, minus the defaults (/usr/include, /usr/lib…), so a Debian install needs nothing. Nothing else is taken
/// from the .pc files: sdl2.pc's Cflags carry `-D_REENTRANT` (`-D_THREAD_SAFE` on macOS), which SwiftPM's own
/// pkg-config handling refuses with a "prohibited flag(s)" warning for every target on every build, and which no
/// supported C library needs any more; harfbuzz.pc's name glib's and freetype's folders, which hb.h does not
/// include. So the system-library targets below name no pkg-config file: their shims include `<SDL2/…>`,
/// `<fribidi/…>` and `<harfbuzz/…>`, their module maps link the libraries by name, and these paths reach the
/// compiler and linker as search paths only.
func systemLibrarySearchPaths() -> (headers: [String], libraries: [String]) {
    func variable(_ name: String, of package: String) -> String? {
        output(of: ["pkg-config", "--variable=\(name)", package]).flatMap { $0.hasPrefix("/") ? $0 : nil }
    }
    var headers: [String] = []
    var libraries: [String] = []
    for package in ["sdl2", "SDL2_ttf", "SDL2_image", "fribidi", "harfbuzz"] {
        if let dir = variable("includedir", of: package), dir != "/usr/include" {
            // The SDL2 folder too: SDL_ttf.h and SDL_image.h include "SDL.h", which a split prefix keeps elsewhere.
            // (fribidi's and HarfBuzz's headers include each other by quoted name, from their own folder.)
            for d in package.lowercased().hasPrefix("sdl") ? [dir, dir + "/SDL2"] : [dir] where !headers.contains(d) {
                headers.append(d)
            }
        }
        if let dir = variable("libdir", of: package), !dir.hasPrefix("/usr/lib"), !dir.hasPrefix("/lib"),
            !libraries.contains(dir)
        {
            libraries.append(dir)
        }
    }
    return (headers, libraries)
}

let systemLibraries = systemLibrarySearchPaths()
let systemHeaderPaths: [SwiftSetting] =
    systemLibraries.headers.isEmpty
    ? []
    : [.unsafeFlags(systemLibraries.headers.flatMap { ["-Xcc", "-I" + $0] })]
let systemLibraryPaths: [LinkerSetting] =
    systemLibraries.libraries.isEmpty
    ? []
    : [.unsafeFlags(systemLibraries.libraries.map { "-L" + $0 })]

/// Test suites that call SDL themselves (virtual game controllers, pushed events, images loaded to compare), beyond
/// the functions CSDLLoader defines: they link the libraries, which the loader then finds already loaded.
let testsCallSDL: [LinkerSetting] = [.linkedLibrary("SDL2"), .linkedLibrary("SDL2_image")]

let package = Package(
    name: "TenFoot",
    products: [
        .library(name: "FocusEngine", targets: ["FocusEngine"]),
        .library(name: "TenFootCore", targets: ["TenFootCore"]),
        .library(name: "TenFootScene", targets: ["TenFootScene"]),
        .library(name: "TenFootSim", targets: ["TenFootSim"]),
        .library(name: "TenFootInput", targets: ["TenFootInput"]),
        .library(name: "TenFootSwiftUI", targets: ["TenFootSwiftUI"]),
        // TenFoot's SwiftUI reader, which tenfoot loads (dlopen) for `.swift` input: `swift build` puts it beside
        // tenfoot, `make install` in PREFIX/lib/tenfoot.
        .library(name: "TenFootSwiftUIReader", type: .dynamic, targets: ["TenFootSwiftUIReader"]),
        .executable(name: "tenfoot", targets: ["tenfoot"]),
        .executable(name: "tenfoot-bench", targets: ["tenfoot-bench"]),
    ],
    targets: [
        // C libraries from the system (Debian: libsdl2-dev, libsdl2-ttf-dev, libsdl2-image-dev, libfribidi-dev,
        // libharfbuzz-dev; macOS: Homebrew's sdl2, sdl2_ttf, sdl2_image, fribidi, harfbuzz; scripts/setup.sh installs
        // them), found as `systemLibrarySearchPaths` says.
        .systemLibrary(name: "CSDL2"),
        .systemLibrary(name: "CSDL2TTF"),
        .systemLibrary(name: "CSDL2Image"),
        // Text in any script: the bidi algorithm (fribidi) and the script of each character (HarfBuzz, which
        // SDL_ttf already links to shape with).
        .systemLibrary(name: "CFriBidi"),
        .systemLibrary(name: "CHarfBuzz"),
        // FreeType with HarfBuzz's FreeType fonts (Debian: libfreetype-dev; macOS: freetype): runs measured as SDL_ttf
        // measures them, each glyph's box loaded once (TenFootRaster's RunWidths).
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
        // Linux: an X11 window's real size and whether a window manager runs (fullscreen with none, Xvfb).
        .systemLibrary(name: "CSDL2X11"),
        // The four module maps above link nothing on Linux: the functions tenfoot calls from SDL, SDL_image, SDL_ttf
        // and Xlib are defined here (generated by scripts/generate-sdl-loader.py), and load the libraries the first
        // time one is called, so a process that draws nothing never maps them (docs/architecture.md). Elsewhere
        // this target links them.
        .target(
            name: "CSDLLoader",
            cSettings: systemLibraries.headers.isEmpty
                ? [] : [.unsafeFlags(systemLibraries.headers.map { "-I" + $0 })],
            linkerSettings: [
                .linkedLibrary("dl", .when(platforms: [.linux])),
                .linkedLibrary("SDL2", .when(platforms: [.macOS])),
                .linkedLibrary("SDL2_image", .when(platforms: [.macOS])),
                .linkedLibrary("SDL2_ttf", .when(platforms: [.macOS])),
            ]),
        // zlib (Debian: zlib1g-dev; macOS: the system's): inflating the deflated members of `.lsr` archives
        // (TenFootCore's Zip). FreeType already loads it through libpng, so it costs no process anything new.
        .systemLibrary(name: "CZlib"),

        // Pure layers: no SDL, no I/O in the engine, no wall clock anywhere below the edge.
        .target(name: "FocusEngine"),
        // Reading files: JSON with positions, one Diagnostic shape, did-you-mean, the tar and ZIP containers.
        // Imports only zlib (CZlib), for ZIP's deflate; every target above it links it anyway.
        .target(name: "TenFootCore", dependencies: ["CZlib"]),
        // The built-in home scene is scenes/home.json itself: Resources/home.json is a symbolic link
        // to it (resources must sit inside the target's folder), compiled into the binary.
        .target(
            name: "TenFootScene", dependencies: ["FocusEngine", "TenFootCore"],
            resources: [.embedInCode("Resources/home.json"), .embedInCode("Resources/phosphor-charmap.tsv")]),
        // The headless simulator: state, remote events, scripts, the fixed-step clock.
        .target(name: "TenFootSim", dependencies: ["FocusEngine", "TenFootScene", "TenFootCore"]),
        // Display lists from simulator state: the screen, the overlays, the focus map (and SVG), parallax poses.
        .target(
            name: "TenFootPresentation", dependencies: ["TenFootSim", "TenFootScene", "TenFootCore", "FocusEngine"]),
        // Checks and reports over simulators: audit (text, JSON, SARIF), stress runs, policy diffs, expectations
        // and JUnit.
        .target(
            name: "TenFootTools",
            dependencies: ["TenFootPresentation", "TenFootSim", "TenFootScene", "TenFootCore", "FocusEngine"]),
        // SwiftUI source files → scenes, as the commands and the window open them (SceneSource): finding and loading
        // the reader, and what it answers (docs/swiftui.md). No parser here.
        .target(name: "TenFootSwiftUI", dependencies: ["TenFootScene", "TenFootCore", "FocusEngine"]),
        // TenFoot's SwiftUI reader: the toolchain's parser and an interpreter of SwiftUI's declarative subset. Built
        // as its own dynamic library (the product above); it holds its own copy of the modules below it.
        .target(
            name: "TenFootSwiftUIReader",
            dependencies: ["TenFootSwiftUI", "TenFootScene", "TenFootCore", "FocusEngine"],
            linkerSettings: swiftHostLink),
        // Physical input (keys, pads, mouse) → remote events: mapping, repeat, momentum. No SDL.
        .target(
            name: "TenFootInput",
            dependencies: ["TenFootPresentation", "TenFootSim", "TenFootScene", "TenFootCore", "FocusEngine"]),

        // Pixels without a window: display list → pixels (the rasteriser, the perspective span rasteriser),
        // the bundled fonts and text shaping (SDL_ttf, fribidi, HarfBuzz), PNG. It links libSDL2 (SDL_ttf and
        // SDL_image need it; the software renderer is SDL's) but never starts SDL's video or events.
        .target(
            name: "TenFootRaster",
            dependencies: [
                "TenFootPresentation", "TenFootSim", "TenFootScene", "TenFootCore", "FocusEngine", "CSDL2", "CSDL2TTF",
                "CSDL2Image", "CSDLLoader", "CFriBidi", "CHarfBuzz", "CFreeType", "CRasterKernel",
            ]),
        // The perspective rasteriser's most common run (a layer's bilinear samples over the pixels), in C for the
        // SIMD that Swift does not reach: each channel in a 16-bit lane, the Swift path's arithmetic to the bit.
        .target(name: "CRasterKernel"),
        // The platform edge: the SDL window and its events, input adapters (keys, pads, mouse).
        .target(
            name: "TenFootSDL",
            dependencies: [
                "TenFootRaster", "TenFootInput", "TenFootPresentation", "TenFootSim", "TenFootScene", "FocusEngine",
                "CSDL2",
                "CSDL2TTF", "CSDL2Image", .target(name: "CSDL2X11", condition: .when(platforms: [.linux])),
            ]),
        // Offscreen frames to files (PNG, video through ffmpeg): no window.
        .target(
            name: "TenFootRecorder",
            dependencies: [
                "TenFootRaster", "TenFootPresentation", "TenFootSim", "TenFootScene", "TenFootCore", "FocusEngine",
            ]),
        // The app: the interactive window and its tools (take, screenshot, session, reload), above
        // both the platform (TenFootSDL) and the recorder it renders takes with. No SDL in it.
        .target(
            name: "TenFootApp",
            dependencies: [
                "TenFootRecorder", "TenFootSDL", "TenFootRaster", "TenFootInput", "TenFootPresentation", "TenFootSim",
                "TenFootSwiftUI", "TenFootScene", "TenFootCore", "FocusEngine",
            ]),
        // The command line as a library (declarations, parsing, help, the commands), so the tests and
        // the command-line fuzz target reach its parser; `tenfoot` is its one-line main.
        .target(
            name: "TenFootCLI",
            dependencies: [
                "TenFootApp", "TenFootRecorder", "TenFootSDL", "TenFootRaster", "TenFootInput", "TenFootTools",
                "TenFootPresentation", "TenFootSim", "TenFootSwiftUI", "TenFootScene", "TenFootCore", "FocusEngine",
            ]),
        .executableTarget(name: "tenfoot", dependencies: ["TenFootCLI", "TenFootRecorder"]),
        .executableTarget(
            name: "tenfoot-bench",
            dependencies: [
                "TenFootCLI", "TenFootRecorder", "TenFootSDL", "TenFootRaster", "TenFootTools", "TenFootPresentation",
                "TenFootSim", "TenFootScene", "TenFootSwiftUIReader", "TenFootSwiftUI", "TenFootCore", "FocusEngine",
                "TestSupport",
            ],
            path: "Benchmarks", exclude: ["Fixtures"]),

        // libFuzzer targets, one per input kind (scripts/fuzz.sh, docs/robustness.md): each one file
        // with only LLVMFuzzerTestOneInput, so a plain build makes an empty program and
        // `--sanitize fuzzer` a fuzzer. What each does with an input is TenFootCLI's `FuzzTargets`, which
        // the tests run over every committed corpus (Fuzz/Seeds).
        .executableTarget(name: "tenfoot-fuzz-scene", dependencies: ["TenFootCLI"], path: "Fuzz/SceneFuzz"),
        .executableTarget(name: "tenfoot-fuzz-script", dependencies: ["TenFootCLI"], path: "Fuzz/ScriptFuzz"),
        .executableTarget(name: "tenfoot-fuzz-mapping", dependencies: ["TenFootCLI"], path: "Fuzz/MappingFuzz"),
        .executableTarget(name: "tenfoot-fuzz-cli", dependencies: ["TenFootCLI"], path: "Fuzz/CLIFuzz"),
        .executableTarget(name: "tenfoot-fuzz-zip", dependencies: ["TenFootCLI"], path: "Fuzz/ZipFuzz"),
        .executableTarget(name: "tenfoot-fuzz-tar", dependencies: ["TenFootCLI"], path: "Fuzz/TarFuzz"),
        .executableTarget(name: "tenfoot-fuzz-layered", dependencies: ["TenFootCLI"], path: "Fuzz/LayeredFuzz"),
        .executableTarget(name: "tenfoot-fuzz-replay", dependencies: ["TenFootCLI"], path: "Fuzz/ReplayFuzz"),
        .executableTarget(name: "tenfoot-fuzz-report", dependencies: ["TenFootCLI"], path: "Fuzz/ReportFuzz"),
        .executableTarget(name: "tenfoot-fuzz-gif", dependencies: ["TenFootCLI"], path: "Fuzz/GIFFuzz"),
        .executableTarget(name: "tenfoot-fuzz-mp4", dependencies: ["TenFootCLI"], path: "Fuzz/MP4Fuzz"),
        .executableTarget(name: "tenfoot-fuzz-strings", dependencies: ["TenFootCLI"], path: "Fuzz/StringsFuzz"),
        .executableTarget(name: "tenfoot-fuzz-colorset", dependencies: ["TenFootCLI"], path: "Fuzz/ColorSetFuzz"),
        .executableTarget(
            name: "tenfoot-fuzz-swiftui", dependencies: ["TenFootSwiftUIReader"], path: "Fuzz/SwiftUIFuzz"),

        // Shared by the tests and the benchmarks: paths, processes, snapshots, the cross-process
        // determinism harness, tool probes, SplitMix. It does not import Testing (benchmarks link it).
        .target(
            name: "TestSupport", dependencies: ["FocusEngine", "TenFootCore", "TenFootScene"], path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "FocusEngineTests", dependencies: ["FocusEngine", "TestSupport"],
            exclude: ["Fixtures/PEER-CASES.md"], resources: [.copy("Fixtures")]),
        .testTarget(name: "TenFootCoreTests", dependencies: ["TenFootCore", "TestSupport"]),
        .testTarget(
            name: "TenFootSceneTests", dependencies: ["TenFootScene", "TenFootCore", "FocusEngine", "TestSupport"]),
        .testTarget(
            name: "TenFootSimTests",
            dependencies: [
                "TenFootTools", "TenFootPresentation", "TenFootSim", "TenFootScene", "TenFootCore", "FocusEngine",
                "TestSupport",
            ]),
        .testTarget(
            name: "TenFootPresentationTests",
            dependencies: ["TenFootPresentation", "TenFootSim", "TenFootScene", "FocusEngine", "TestSupport"],
            exclude: ["Snapshots"]),
        .testTarget(
            name: "TenFootToolsTests",
            dependencies: ["TenFootTools", "TenFootSim", "TenFootScene", "FocusEngine", "TestSupport"]),
        .testTarget(
            name: "TenFootInputTests",
            dependencies: [
                "TenFootInput", "TenFootPresentation", "TenFootSim", "TenFootScene", "TenFootCore", "FocusEngine",
                "TestSupport",
            ]),
        // One SDL test case at a time across the suites that call SDL (SDL keeps process-wide state).
        .target(name: "SDLTestLock", path: "Tests/SDLTestLock"),
        .testTarget(
            name: "TenFootRasterTests",
            dependencies: [
                "TenFootRaster", "TenFootInput", "TenFootPresentation", "TenFootSim", "TenFootScene", "FocusEngine",
                "TestSupport", "SDLTestLock", "CSDL2", "CSDL2Image", "CSDL2TTF", "CRasterKernel",
            ],
            exclude: ["Goldens", "Snapshots"], linkerSettings: testsCallSDL),
        .testTarget(
            name: "TenFootRecorderTests",
            dependencies: [
                "TenFootRecorder", "TenFootRaster", "TenFootPresentation", "TenFootSim", "TenFootScene", "FocusEngine",
                "TestSupport", "SDLTestLock", "CSDL2", "CSDL2Image",
            ], linkerSettings: testsCallSDL),
        .testTarget(
            name: "TenFootSDLTests",
            dependencies: [
                "TenFootSDL", "TenFootRaster", "TenFootInput", "TenFootPresentation", "TenFootSim", "TenFootScene",
                "FocusEngine", "TestSupport", "SDLTestLock", "CSDL2",
            ], linkerSettings: testsCallSDL),
        .testTarget(name: "TenFootAppTests", dependencies: ["TenFootApp"]),
        .testTarget(
            name: "TenFootSwiftUITests",
            dependencies: [
                "TenFootSwiftUIReader", "TenFootSwiftUI", "TenFootTools", "TenFootSim", "TenFootScene", "TenFootCore",
                "FocusEngine", "TestSupport",
            ],
            exclude: ["Fixtures", "RealAppFixtures"]),
        .testTarget(name: "ArchitectureTests", dependencies: ["TestSupport"]),
        .testTarget(
            name: "CLITests",
            dependencies: [
                "TenFootCLI", "TenFootRecorder", "TenFootRaster", "TenFootPresentation", "TenFootScene", "TenFootSim",
                "TenFootTools", "TenFootSwiftUI", "FocusEngine", "TestSupport",
            ],
            exclude: ["Snapshots", "Fixtures"]),
    ]
)

/// The reader and the targets that import it, directly or through another target: they get `swiftHostImport`.
let readerClients: Set<String> = {
    func name(_ dependency: Target.Dependency) -> String? {
        switch dependency {
        case .targetItem(let name, _), .byNameItem(let name, _): name
        default: nil
        }
    }
    var clients: Set<String> = ["TenFootSwiftUIReader"]
    var grew = true
    while grew {
        grew = false
        for target in package.targets where !clients.contains(target.name) {
            if target.dependencies.contains(where: { name($0).map(clients.contains) ?? false }) {
                clients.insert(target.name)
                grew = true
            }
        }
    }
    return clients
}()

// Every target names the modules whose members it uses (no leaky transitive imports), and may load the C modules
// (directly or through TenFootSDL's), so each gets their search paths (none on Debian).
for target in package.targets where target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
        + (readerClients.contains(target.name) ? swiftHostImport : []) + systemHeaderPaths
    target.linkerSettings = (target.linkerSettings ?? []) + systemLibraryPaths
}
