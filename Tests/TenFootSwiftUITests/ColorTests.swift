import Foundation
import TenFootScene
import TenFootSwiftUI
import TenFootSwiftUIReader
import TestSupport
import Testing

/// Colours as apps write them: a theme's constants, SwiftUI's and UIKit's initialisers, `.opacity(_:)`, and the app's
/// own `Color(hex:)`, down to the colour of each text and shape in the scene.
@Suite(.enabled(if: SwiftUIReader.isAvailable)) struct ColorTests {
    /// The colour of the node with `id`, as a scene file writes it.
    func color(_ t: SwiftUITranslation, _ id: String) -> String? { node(t.scene, id)?.color.map(\.sceneHex) }

    /// `source` read alone: in a folder of its own, no neighbour declares a `Color` of its own.
    func translate(_ source: String) throws -> SwiftUITranslation {
        try TenFootSwiftUITests.translate(source, file: "/nonexistent/tenfoot-colours/View.swift")
    }

    /// A theme's colours, made every way SwiftUI and UIKit offer, reach the texts that use them.
    @Test func aThemesColoursReachItsTexts() throws {
        let t = try translate(
            """
            import SwiftUI
            enum Theme {
                static let grey = Color(white: 0.45)
                static let candle = Color(red: 1.0, green: 0.09, blue: 0.267)
                static let spaced = Color(.sRGB, red: 0, green: 0.5, blue: 1, opacity: 0.5)
                static let warm = Color(hue: 0.1, saturation: 1, brightness: 1)
                static let dim = Color.white.opacity(0.6)
                static let kit = Color(uiColor: .systemPink)
                static let classic = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
                static let lifted = Color.black.opacity(2)
            }
            struct V: View {
                var body: some View {
                    VStack {
                        Text("grey").foregroundStyle(Theme.grey)
                        Text("candle").foregroundColor(Theme.candle)
                        Text("spaced").foregroundStyle(Theme.spaced)
                        Text("warm").foregroundStyle(Theme.warm)
                        Text("dim").foregroundColor(Theme.dim)
                        Text("kit").foregroundColor(Theme.kit)
                        Text("classic").foregroundColor(Color(Theme.classic))
                        Text("lifted").foregroundColor(Theme.lifted)
                        Text("implicit").foregroundColor(.white.opacity(0.5))
                        Text("named").foregroundStyle(.secondary)
                        Text("tertiary").foregroundStyle(.tertiary)
                        Text("separator").foregroundColor(Color(uiColor: UIColor.separator))
                        Text("gradient").foregroundStyle(LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom))
                    }
                }
            }
            """)
        #expect(color(t, "grey") == "#737373")
        #expect(color(t, "candle") == "#ff1744")
        #expect(color(t, "spaced") == "#0080ff80")
        #expect(color(t, "warm") == "#ff9900")
        #expect(color(t, "dim") == "#ffffff99")
        #expect(color(t, "kit") == "#ff375f")
        #expect(color(t, "classic") == "#0000ff")
        #expect(color(t, "lifted") == "#000000")
        #expect(color(t, "implicit") == "#ffffff80")
        #expect(color(t, "named") == "#98989d")
        #expect(color(t, "tertiary") == "#ebebf54d")
        #expect(color(t, "separator") == "#54545899")
        // A gradient: the colour it averages to.
        #expect(color(t, "gradient") == "#85659d")
    }

    /// An app's own colours: an initialiser of its extension of Color run to its `self.init(…)` (over bit operations
    /// on a hexadecimal literal), one that scans a string, and static colours of extensions of Color and ShapeStyle.
    @Test func anAppsOwnColoursAreItsExtensions() throws {
        let t = try translate(
            """
            import SwiftUI
            extension Color {
                init(hex: UInt32, opacity: Double = 1.0) {
                    self.init(
                        .sRGB, red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                        blue: Double(hex & 0xFF) / 255, opacity: opacity)
                }
                init(code: String) {
                    var int: UInt64 = 0
                    Scanner(string: code).scanHexInt64(&int)
                    let r, g, b: UInt64
                    (r, g, b) = (int >> 16, int >> 8 & 0xFF, int & 0xFF)
                    self.init(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255)
                }
                static let brand = Color(hex: 0x7C4DFF)
            }
            extension ShapeStyle where Self == Color {
                static var warning: Color { Color(hex: 0xCF_66_79, opacity: 0.5) }
            }
            struct V: View {
                var body: some View {
                    VStack {
                        Text("hex").foregroundColor(Color(hex: 0xB3B3B3))
                        Text("code").foregroundColor(Color(code: "#0f0"))
                        Text("long code").foregroundColor(Color(code: "33aaff"))
                        Text("brand").foregroundColor(.brand)
                        Text("qualified").foregroundColor(Color.brand)
                        Text("warning").foregroundStyle(.warning)
                        Text("unknown").foregroundColor(.notAColour)
                    }
                }
            }
            """)
        #expect(color(t, "hex") == "#b3b3b3")
        #expect(color(t, "code") == "#00ff00")
        #expect(color(t, "long-code") == "#33aaff")
        #expect(color(t, "brand") == "#7c4dff")
        #expect(color(t, "qualified") == "#7c4dff")
        #expect(color(t, "warning") == "#cf667980")
        #expect(color(t, "unknown") == nil)
    }

    /// Shapes and colours shown as views take their colour (`.fill`, `.foregroundColor`, a theme's colour as a
    /// view), and `.opacity(_:)` makes a coloured view translucent.
    @Test func shapesAndColourViewsTakeTheirColour() throws {
        let t = try translate(
            """
            import SwiftUI
            enum Theme { static let backdrop = Color(white: 0.12) }
            struct FocusDriven: View {
                @Environment(\\.isFocused) var isFocused
                @FocusState private var cardFocused: Bool
                var body: some View {
                    VStack {
                        Text("focus faded").foregroundColor(.white).opacity(isFocused ? 1 : 0.6)
                        Button {} label: {
                            RoundedRectangle(cornerRadius: 12)
                                .fill(cardFocused ? Color.accentColor.opacity(0.15) : .clear)
                                .frame(width: 300, height: 180)
                        }
                        .focused($cardFocused)
                        Text("focus tinted").foregroundStyle(cardFocused ? .black : .gray)
                    }
                }
            }
            struct V: View {
                var body: some View {
                    ZStack {
                        Theme.backdrop
                        VStack {
                            Rectangle().fill(Color.red)
                            Circle().foregroundColor(.blue)
                            Color.clear.frame(height: 20)
                            Color.green.opacity(0.25)
                            Text("faded text").foregroundColor(.white).opacity(0.5)
                            Text("plain").opacity(0.5)
                            FocusDriven()
                        }
                    }
                }
            }
            """)
        let images = t.scene.allNodes.filter { $0.type == .image }
        #expect(images.first?.color?.sceneHex == "#1f1f1f")
        #expect(color(t, "rectangle") == "#ff453a")
        #expect(color(t, "circle") == "#0a84ff")
        #expect(color(t, "color-clear") == "#00000000")
        #expect(color(t, "color-green") == "#32d74b40")
        #expect(color(t, "faded-text") == "#ffffff80")
        #expect(color(t, "plain") == nil)
        // An opacity that follows focus is the lift's: no item is faded by the unfocused value.
        #expect(color(t, "focus-faded") == "#ffffff")
        // A fill or colour that follows a @FocusState is the standard look's: a clear card is not made invisible.
        #expect(t.scene.allNodes.first { $0.type == .card || $0.type == .poster }.map { $0.color == nil } == true)
        #expect(color(t, "focus-tinted") == nil)
    }

    /// A gradient drawn as a view is the colour it averages to along its axis, each stop held to the next and blended
    /// between, with the opacities: a scrim from black to clear is half-opaque black.
    @Test func gradientsAreTheColourTheyAverageTo() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                var body: some View {
                    VStack {
                        LinearGradient(colors: [.black, .clear], startPoint: .top, endPoint: .bottom)
                        LinearGradient(
                            stops: [
                                .init(color: .black, location: 0.0), .init(color: .black, location: 0.25),
                                .init(color: .black.opacity(0), location: 0.7),
                            ], startPoint: .top, endPoint: .bottom)
                        RadialGradient(gradient: Gradient(colors: [.red, .blue]), center: .center, startRadius: 0, endRadius: 400)
                        AngularGradient(colors: [Color(white: 1), Color(white: 0)], center: .center)
                        LinearGradient(colors: [.clear, .clear], startPoint: .top, endPoint: .bottom)
                        LinearGradient(colors: [someRuntimeColour, .red], startPoint: .top, endPoint: .bottom)
                    }
                }
            }
            """)
        let colours = t.scene.allNodes.filter { $0.type == .image }.map { $0.color?.sceneHex ?? "none" }
        #expect(colours == ["#00000080", "#00000079", "#85659d", "#808080", "#00000000", "none"])
    }

    /// Integer literals in every base Swift has, and its bit operators at its precedences.
    @Test func integersInEveryBaseAndBitOperators() throws {
        let t = try translate(
            """
            import SwiftUI
            struct V: View {
                var body: some View {
                    VStack {
                        Text("\\(0xFF) \\(0o17) \\(0b1010) \\(1_000)")
                        Text("\\(0xABCDEF >> 8 & 0xFF) \\(1 << 4 | 1) \\(6 ^ 3) \\(1 + 2 << 3)")
                        Text("\\(1 << 64) \\(-8 >> 70) \\(1 &<< 65) \\(0xFFFFFFFFFFFFFFFFFF)")
                    }
                }
            }
            """)
        let texts = t.scene.allNodes.filter { $0.type == .text }.compactMap(\.title)
        #expect(texts.count == 3)
        #expect(texts[0] == "255 15 10 1000")
        // `>>` and `<<` bind tighter than `&`, `&` than `|` and `+`.
        #expect(texts[1] == "205 17 5 17")
        // Past the width: 0, the sign, the amount modulo 64; a literal past Int's range is no number.
        #expect(texts[2].hasPrefix("0 -1 2 "))
        #expect(!texts[2].hasSuffix(" 0"))
    }
}

extension HostileSourceTests {
    /// Colour code built to hurt: initialisers that call themselves, statics that name each other, NaN and infinite
    /// components, a string of no hexadecimal digits. Each stops with a colour or none, never a trap or a hang.
    @Test func hostileColourCodeStops() throws {
        let t = try translate(
            """
            import SwiftUI
            extension Color {
                init(loop: Int) { self.init(loop: loop + 1) }
                init(text: String) { self.init(text: text) }
                static let a = Color.b
                static let b = Color.a
                static var nan: Color { Color(red: Double("nan")!, green: 1e400, blue: -1e400, opacity: Double("nan")!) }
            }
            struct V: View {
                var body: some View {
                    VStack {
                        Text("loop").foregroundColor(Color(loop: 0))
                        Text("text").foregroundColor(Color(text: "zzzzzz"))
                        Text("cycle").foregroundColor(.a)
                        Text("nan").foregroundColor(.nan)
                        Text("hue").foregroundColor(Color(hue: Double("nan")!, saturation: 1e308, brightness: -1))
                        Text("faded").foregroundColor(.white.opacity(Double("nan")!))
                        Button("Still here") {}
                    }
                }
            }
            """, file: "/nonexistent/tenfoot-colours/HostileColour.swift")
        #expect(node(t.scene, "still-here") != nil)
        #expect(node(t.scene, "loop")?.color == nil)
        #expect(node(t.scene, "text")?.color == nil)
        #expect(node(t.scene, "cycle")?.color == nil)
        #expect(node(t.scene, "nan")?.color?.sceneHex == "#00ff0000")
        #expect(node(t.scene, "hue")?.color?.sceneHex == "#000000")
        #expect(node(t.scene, "faded")?.color == nil)
    }
}

/// Asset catalogues' named colours: `Color("Brand")`, `UIColor(named:)`, Xcode's generated symbols, the TV's and the
/// dark appearance's variant chosen, and colour sets built to hurt.
@Suite(.enabled(if: SwiftUIReader.isAvailable)) struct AssetColourTests {
    /// A colour set's `Contents.json` with `colors` as given.
    static func colorSet(_ colors: String) -> String {
        #"{"colors": [\#(colors)], "info": {"author": "xcode", "version": 1}}"#
    }

    static func entry(_ components: String, idiom: String = "universal", appearance: String? = nil) -> String {
        let looks = appearance.map { #", "appearances": [{"appearance": "luminosity", "value": "\#($0)"}]"# } ?? ""
        return #"{"color": {"color-space": "srgb", "components": {\#(components)}}, "idiom": "\#(idiom)"\#(looks)}"#
    }

    /// The colour `Contents.json` text gives.
    func read(_ text: String) throws -> String? {
        try ColorSetFile.color(Array(text.utf8), file: "Contents.json")?.sceneHex
    }

    /// Every way Xcode writes a component, and the variant a TV in the dark appearance draws.
    @Test func theTVsDarkVariantInEveryNotation() throws {
        let rgb = { (r: String, g: String, b: String) in
            #""red": "\#(r)", "green": "\#(g)", "blue": "\#(b)", "alpha": "1.000""#
        }
        #expect(try read(Self.colorSet(Self.entry(rgb("0.000", "0.502", "1.000")))) == "#0080ff")
        #expect(try read(Self.colorSet(Self.entry(rgb("0", "128", "255")))) == "#0080ff")
        #expect(try read(Self.colorSet(Self.entry(rgb("0x00", "0x80", "0xFF")))) == "#0080ff")
        #expect(try read(Self.colorSet(Self.entry(#""white": "0.500", "alpha": "0.500""#))) == "#80808080")
        // Extended sRGB's values past 0…1 are held to it.
        #expect(try read(Self.colorSet(Self.entry(rgb("1.200", "-0.100", "0.500")))) == "#ff0080")
        let light = Self.entry(rgb("1.000", "1.000", "1.000"))
        let dark = Self.entry(rgb("0.000", "0.000", "0.000"), appearance: "dark")
        let tv = Self.entry(rgb("1.000", "0.000", "0.000"), idiom: "tv")
        let phone = Self.entry(rgb("0.000", "1.000", "0.000"), idiom: "iphone")
        #expect(try read(Self.colorSet([light, dark].joined(separator: ","))) == "#000000")
        #expect(try read(Self.colorSet([dark, light, tv].joined(separator: ","))) == "#ff0000")
        #expect(try read(Self.colorSet(phone)) == nil)
        #expect(try read(#"{"info": {}}"#) == nil)
        // A system colour by reference has no components of its own.
        #expect(
            try read(
                Self.colorSet(#"{"color": {"platform": "ios", "reference": "systemBlueColor"}, "idiom": "universal"}"#))
                == nil)
    }

    /// Sets that are too large, too deep, too many, or hold no numbers are refused with where and why; none traps.
    @Test func hostileColourSetsAreRefused() throws {
        func refusal(_ text: String) -> String {
            do {
                _ = try ColorSetFile.color(Array(text.utf8), file: "Contents.json")
                return ""
            } catch { return "\(error)" }
        }
        #expect(refusal(String(repeating: " ", count: ColorSetFile.maxBytes + 1)).contains("larger than the limit"))
        #expect(
            refusal(String(repeating: "[", count: 100) + String(repeating: "]", count: 100)).contains(
                "Contents.json:1:"))
        let many = Array(repeating: Self.entry(#""white": "1""#), count: ColorSetFile.maxColors + 1)
        #expect(refusal(Self.colorSet(many.joined(separator: ","))).contains("more than 64 colours"))
        for bad in [#""nan""#, #""inf""#, #""1e999""#, #""0x""#, #""0x1FF""#, #""12345""#, "true", "null", ##""#""##] {
            let message = refusal(Self.colorSet(Self.entry(#""white": \#(bad)"#)))
            #expect(message.contains("\"white\" expects a number"), "\(bad): \(message)")
            #expect(message.hasPrefix("Contents.json:1:"), "\(bad): \(message)")
        }
        #expect(refusal(#"[1, 2]"#).contains("is a JSON object"))
        #expect(refusal(#"{"colors": 5}"#).contains("a list of colours"))
        #expect(
            refusal(Self.colorSet(#"{"color": {"components": []}}"#)).contains("an object of the colour's channels"))
        #expect(refusal("\u{FF}\u{FE}").hasPrefix("Contents.json"))
    }

    /// A view's named colours come from the catalogue beside it, groups included, by name and by Xcode's symbol; a
    /// missing one is said once, a broken one where it broke, and a pipe in its place is refused without waiting.
    @Test func aViewsNamedColoursComeFromItsCatalogue() throws {
        let path = try Tools.temporaryFolder("colours")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let catalogue = path + "/Assets.xcassets"
        func set(_ name: String, _ text: String) throws {
            try FileManager.default.createDirectory(atPath: catalogue + "/" + name, withIntermediateDirectories: true)
            try text.write(toFile: catalogue + "/" + name + "/Contents.json", atomically: true, encoding: .utf8)
        }
        try set("Brand.colorset", Self.colorSet(Self.entry(#""red": "0.486", "green": "0.302", "blue": "1.000""#)))
        try set("Colours/FPBlue.colorset", Self.colorSet(Self.entry(#""red": "0", "green": "145", "blue": "247""#)))
        try set("AccentColor.colorset", Self.colorSet(Self.entry(#""white": "0.9""#)))
        try set("Broken.colorset", #"{"colors": [}"#)
        try FileManager.default.createDirectory(atPath: catalogue + "/Pipe.colorset", withIntermediateDirectories: true)
        #expect(mkfifo(catalogue + "/Pipe.colorset/Contents.json", 0o600) == 0)
        let view = path + "/V.swift"
        try """
        import SwiftUI
        struct V: View {
            var body: some View {
                VStack {
                    Text("brand").foregroundColor(Color("Brand"))
                    Text("grouped").foregroundColor(Color(uiColor: UIColor(named: "FPBlue")!))
                    Text("symbol").foregroundStyle(Color(.fpBlue))
                    Text("accent").foregroundStyle(.accent)
                    Text("missing").foregroundColor(Color("Missing"))
                    Text("broken").foregroundColor(Color("Broken"))
                    Text("pipe").foregroundColor(Color("Pipe"))
                    Button("Go") {}
                }
            }
        }
        """.write(toFile: view, atomically: true, encoding: .utf8)
        let t = try SwiftUIReader.read([view])
        func color(_ id: String) -> String? { node(t.scene, id)?.color.map(\.sceneHex) }
        #expect(color("brand") == "#7c4dff")
        #expect(color("grouped") == "#0091f7")
        #expect(color("symbol") == "#0091f7")
        #expect(color("accent") == "#e6e6e6")
        #expect(color("missing") == nil && color("broken") == nil && color("pipe") == nil)
        let warnings = t.warnings.map(\.message)
        #expect(warnings.contains { $0.hasPrefix("colour \"Missing\" not found in an asset catalogue") })
        let said = t.warnings.map(\.description)
        #expect(
            said.contains {
                $0.hasPrefix(
                    catalogue
                        + "/Broken.colorset/Contents.json:1:13: warning: the colour set \"Broken\" cannot be read (")
            }, "\(said)")
        #expect(
            said.contains {
                $0.hasPrefix(
                    catalogue + "/Pipe.colorset/Contents.json:1:1: warning: the colour set \"Pipe\" cannot be read (")
                    && $0.contains("not a regular file")
            }, "\(said)")
        // A window reloads when a colour set changes, and a bundle carries them.
        let watched = SceneSource.watchList(view)
        for name in ["Brand.colorset", "Colours/FPBlue.colorset", "AccentColor.colorset", "Broken.colorset"] {
            #expect(watched.contains(catalogue + "/" + name + "/Contents.json"), "\(name)")
        }
    }

    /// Xcode's symbols for asset names.
    @Test func xcodesSymbolsForAssetNames() {
        #expect(
            ["BrandBlue", "FPBlue", "AccentColor", "brand-blue", "Background Primary", "URLColor", "Color", "tint2"]
                .map(
                    ColorSetFile.symbol(for:)) == [
                    "brandBlue", "fpBlue", "accent", "brandBlue", "backgroundPrimary", "url", "color", "tint2",
                ])
    }
}
