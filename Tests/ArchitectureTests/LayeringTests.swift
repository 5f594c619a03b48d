import Foundation
import TestSupport
import Testing

/// The target graph (docs/architecture.md): each target imports exactly the modules Package.swift declares for
/// it, no target imports a layer above its own, and only the raster and the window see SDL's C libraries — the
/// raster without SDL's video or events.
@Suite struct LayeringTests {
    /// Layers from the bottom; a target may import only targets of lower layers.
    static let layers: [[String]] = [
        // CSDLLoader: the C functions that load SDL on first use; CRasterKernel: the perspective rasteriser's run in C
        // (both C, nothing of TenFoot's below them).
        ["FocusEngine", "TenFootCore", "CSDLLoader", "CRasterKernel"],
        ["TenFootScene"],
        ["TenFootSim", "TenFootSwiftUI"],
        ["TenFootPresentation", "TenFootSwiftUIReader"],
        ["TenFootTools", "TenFootInput", "TenFootRaster"],
        ["TenFootSDL", "TenFootRecorder"],
        ["TenFootApp"],
        ["TenFootCLI"],
        ["tenfoot"],
    ]

    static func layer(of target: String) -> Int? { layers.firstIndex { $0.contains(target) } }

    /// A target of the manifest: its name, kind, folder and declared dependencies.
    struct Target {
        var name: String
        var kind: String
        var path: String
        var dependencies: Set<String>
    }

    /// The manifest's targets, read from its text (the declarations are plain literals).
    static func manifestTargets() throws -> [Target] {
        let text = try String(contentsOfFile: TestPaths.packageRoot + "/Package.swift", encoding: .utf8)
        var targets: [Target] = []
        let declaration = /\.(target|testTarget|executableTarget|systemLibrary)\(\s*name:\s*"([^"]+)"/
        var previousEnd = text.startIndex
        // A `.target(name:)` inside a dependency list is a reference, not a declaration: skipped.
        for match in text.matches(of: declaration) where match.range.lowerBound >= previousEnd {
            let kind = String(match.output.1)
            let name = String(match.output.2)
            // The declaration's text: up to the parenthesis that closes it.
            var depth = 0
            var end = match.range.lowerBound
            for index in text[match.range.lowerBound...].indices {
                let c = text[index]
                if c == "(" { depth += 1 }
                if c == ")" {
                    depth -= 1
                    if depth == 0 {
                        end = index
                        break
                    }
                }
            }
            previousEnd = end
            let body = String(text[match.range.lowerBound..<end])
            var dependencies: Set<String> = []
            if let list = body.firstMatch(of: /dependencies:\s*\[([^\]]*)\]/) {
                for dependency in list.output.1.matches(of: /"([^"]+)"/) {
                    dependencies.insert(String(dependency.output.1))
                }
            }
            let folder = kind == "testTarget" ? "Tests" : "Sources"
            let path = body.firstMatch(of: /path:\s*"([^"]+)"/).map { String($0.output.1) } ?? "\(folder)/\(name)"
            targets.append(Target(name: name, kind: kind, path: path, dependencies: dependencies))
        }
        return targets
    }

    /// Every module a target's Swift files import, with the files that import it.
    static func imports(of target: Target) throws -> [String: [String]] {
        let root = TestPaths.packageRoot + "/" + target.path
        guard let files = FileManager.default.enumerator(atPath: root) else { return [:] }
        var out: [String: [String]] = [:]
        for case let file as String in files where file.hasSuffix(".swift") && !file.hasPrefix("Fixtures/") {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("import ") {
                if let m = line.wholeMatch(
                    of:
                        /\s*(?:@testable |@preconcurrency |@_implementationOnly |internal |package |public )*import (\w+)\s*/
                ) {
                    out[String(m.output.1), default: []].append(file)
                }
            }
        }
        return out
    }

    @Test func everyTargetImportsExactlyWhatItDeclares() throws {
        let targets = try Self.manifestTargets()
        let names = Set(targets.map(\.name))
        #expect(targets.count > 20, "the manifest's targets were not read")
        var problems: [String] = []
        for target in targets where target.kind != "systemLibrary" {
            let imported = Set(try Self.imports(of: target).keys).intersection(names)
            let undeclared = imported.subtracting(target.dependencies).sorted()
            let unused = target.dependencies.subtracting(imported).sorted()
            if !undeclared.isEmpty { problems.append("\(target.name) imports undeclared \(undeclared)") }
            if !unused.isEmpty { problems.append("\(target.name) declares but never imports \(unused)") }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func noTargetImportsUpward() throws {
        var problems: [String] = []
        for target in try Self.manifestTargets() {
            guard let own = Self.layer(of: target.name) else { continue }
            for (module, files) in try Self.imports(of: target) {
                guard let theirs = Self.layer(of: module), theirs >= own else { continue }
                problems.append(
                    "\(target.name) (layer \(own)) imports \(module) (layer \(theirs)) in \(files.sorted())")
            }
        }
        #expect(problems.isEmpty, "\(problems.sorted().joined(separator: "\n"))")
        // Every source target has its layer.
        for target in try Self.manifestTargets() where target.kind == "target" && target.path.hasPrefix("Sources/") {
            #expect(Self.layer(of: target.name) != nil, "\(target.name) has no layer in LayeringTests.layers")
        }
    }

    /// TenFoot's SwiftUI reader is loaded at run time (`SwiftUIReaderLibrary`), never linked: no source target
    /// depends on it, so tenfoot starts without the toolchain's parser libraries (only tests and benchmarks link it).
    @Test func noSourceTargetLinksTheSwiftUIReader() throws {
        let linking = try Self.manifestTargets().filter {
            $0.path.hasPrefix("Sources/") && $0.dependencies.contains("TenFootSwiftUIReader")
        }
        #expect(linking.isEmpty, "\(linking.map(\.name)) link the SwiftUI reader; open SwiftUI through SceneSource")
    }

    /// SDL, fribidi and HarfBuzz reach only the raster and the window (FreeType and SDL's loader only the raster); the raster never starts SDL's video or
    /// events, never opens a window, and never reads a picture's file.
    @Test func onlyTheRasterAndTheWindowSeeSDL() throws {
        let seeingSDL: Set<String> = ["TenFootRaster", "TenFootSDL"]
        var offenders: [String] = []
        for target in try Self.manifestTargets() where target.path.hasPrefix("Sources/") {
            for (module, files) in try Self.imports(of: target)
            where module.hasPrefix("CSDL") || module == "CFriBidi" || module == "CHarfBuzz" || module == "CFreeType" {
                if !seeingSDL.contains(target.name) || (module == "CSDL2X11" && target.name != "TenFootSDL")
                    || ((module == "CFreeType" || module == "CSDLLoader") && target.name != "TenFootRaster")
                {
                    offenders.append("\(target.name) imports \(module) in \(files.sorted())")
                }
            }
        }
        #expect(offenders.isEmpty, "\(offenders)")
        let raster = TestPaths.packageRoot + "/Sources/TenFootRaster"
        // Nor does it read pictures: they come decoded in the scene's asset table.
        let windowCalls = [
            "SDL_Init(", "SDL_InitSubSystem(", "SDL_CreateWindow", "SDL_PollEvent", "SDL_WaitEvent", "SDL_PumpEvents",
            "SDL_INIT_VIDEO", "SDL_INIT_EVENTS", "IMG_Load(", "LayeredImage.load", "TextFile.",
        ]
        for file in try FileManager.default.contentsOfDirectory(atPath: raster).sorted() {
            let text = try String(contentsOfFile: raster + "/" + file, encoding: .utf8)
            for call in windowCalls {
                #expect(
                    !text.contains(call),
                    "TenFootRaster/\(file) uses \(call): window and event code is TenFootSDL's, files the asset table's"
                )
            }
        }
    }
}
