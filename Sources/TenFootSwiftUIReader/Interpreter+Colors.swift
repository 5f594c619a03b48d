#if canImport(SwiftParser)
    import Foundation
    import TenFootCore
    import TenFootScene
    import TenFootSwiftUI
    internal import SwiftSyntax

    /// Colours as the sources make them: SwiftUI's and UIKit's named ones, their initialisers (components, white,
    /// hue), `.opacity(_:)`, gradients, an asset catalogue's named colours, and an app's own (`extension Color {
    /// static let brand = …; init(hex: UInt32) { … } }`), so that a text is drawn in the colour its theme gives it.
    extension Interpreter {
        /// The types whose values are colours.
        static let colorTypes: Set<String> = ["Color", "UIColor", "ShapeStyle"]

        /// SwiftUI's and UIKit's named colours in the dark appearance tvOS draws in.
        static let namedColors: [String: TenFootScene.Color] = {
            var table: [String: TenFootScene.Color] = [:]
            for (name, hex) in ModifierTable.colors { table[name] = TenFootScene.Color(hex: hex) }
            table["clear"] = TenFootScene.Color(0, 0, 0, 0)
            table["accentColor"] = table["blue"]
            // UIKit's: `.systemRed` is SwiftUI's `.red`; its labels and backgrounds.
            for (name, colour) in table where name != "clear" && name != "accentColor" {
                table["system" + name.prefix(1).uppercased() + name.dropFirst()] = colour
            }
            // The lighter hierarchy levels and the separator, translucent as UIKit's dark values are.
            table["tertiary"] = TenFootScene.Color(235, 235, 245, 77)
            table["quaternary"] = TenFootScene.Color(235, 235, 245, 41)
            table["separator"] = TenFootScene.Color(84, 84, 88, 153)
            table["label"] = table["primary"]
            table["secondaryLabel"] = table["secondary"]
            table["tertiaryLabel"] = table["tertiary"]
            table["quaternaryLabel"] = table["quaternary"]
            table["lightGray"] = TenFootScene.Color(170, 170, 170)
            table["darkGray"] = TenFootScene.Color(85, 85, 85)
            table["systemBackground"] = TenFootScene.Color(0, 0, 0)
            return table
        }()

        /// The colour a value is, or nil when it is none (or one TenFoot cannot tell). `near`: where the value is used,
        /// for a member that is an asset catalogue's generated colour symbol (`.foregroundStyle(.brandBlue)`).
        func colorValue(_ v: Value, near: SourcePoint? = nil) -> TenFootScene.Color? {
            switch v {
            case .color(let c): return c
            case .enumCase(let e) where e.type.map(Self.colorTypes.contains) ?? true:
                if let c = Self.namedColors[e.name] { return c }
                // `Color.brand`, `.brand`: a static colour of the app's own extension.
                guard depth < Interpreter.maxDepth else { return nil }
                for type in e.type.map({ [$0] }) ?? ["Color", "ShapeStyle", "UIColor"] {
                    guard let decl = index.extensionMembers(of: type),
                        let p = decl.properties.first(where: { $0.isStatic && $0.name == e.name })
                    else { continue }
                    depth += 1
                    defer { depth -= 1 }
                    return colorValue(staticValue(p, of: decl))
                }
                if let near, e.args.isEmpty { return assetColor(symbol: e.name, near: near) }
                return nil
            case .view(let e, let f):
                // A gradient: the colour it averages to.
                if let call = e.as(FunctionCallExprSyntax.self),
                    call.calledExpression.trimmedDescription.hasSuffix("Gradient")
                {
                    return gradientColor(
                        call.arguments.map { Call.Argument(label: $0.label?.text, expr: $0.expression) }, f)
                }
                // A `Color(…)` call kept as a view (one no initialiser above could read) or a colour member.
                guard depth < Interpreter.maxDepth, e.is(MemberAccessExprSyntax.self) else { return nil }
                depth += 1
                defer { depth -= 1 }
                return colorValue(eval(e, f))
            default: return nil
            }
        }

        /// The colour `Color(…)` or `UIColor(…)` makes of `args`: an initialiser of the app's own extension whose
        /// labels fit, run until it calls `self.init(…)`, else one of SwiftUI's or UIKit's (components, white, hue,
        /// `uiColor:`), or an asset catalogue's by name; nil for one TenFoot cannot tell.
        func constructColor(_ args: [Call.Argument], _ f: Frame, type: String) -> TenFootScene.Color? {
            guard depth < Interpreter.maxDepth else { return nil }
            depth += 1
            defer { depth -= 1 }
            if let decl = index.extensionMembers(of: type),
                let initDecl = decl.initializers.first(where: { Self.accepts($0.parameters, args) }),
                let body = initDecl.body
            {
                // `Color(hex: "#7c4dff")`: a string of three or six hexadecimal digits given to an app's initialiser
                // is the colour it spells, however the initialiser scans it (Scanner is beyond the interpreter).
                if args.count == 1, case .string(let s) = eval(args[0].expr, f), let c = Self.hexColor(s) { return c }
                let frame = Frame(parent: nil, instance: nil)
                bind(initDecl.parameters, args, f, into: frame, trailing: nil)
                let target = ColorInit(type: type)
                frame.colorInit = target
                _ = run(body, frame)
                return target.color
            }
            if let named = namedAssetColor(args, f) { return named }
            return builtinColor(args.map { ($0.label, eval($0.expr, f)) })
        }

        /// Whether a call with `args` fits a function of `params`: each argument in order with its label, every
        /// parameter it leaves out with a default.
        static func accepts(_ params: [ParameterDecl], _ args: [Call.Argument]) -> Bool {
            var k = 0
            for p in params {
                if k < args.count, args[k].label == p.label {
                    k += 1
                } else if p.defaultValue == nil {
                    return false
                }
            }
            return k == args.count
        }

        /// SwiftUI's and UIKit's colour initialisers, by their labels (a colour space first is read past).
        func builtinColor(_ args: [(label: String?, value: Value)]) -> TenFootScene.Color? {
            var named: [String: Double] = [:]
            for a in args {
                if let label = a.label, let d = a.value.asDouble { named[label] = d }
            }
            let opacity = named["opacity"] ?? named["alpha"] ?? 1
            func byte(_ v: Double) -> UInt8 { v.isNaN ? 0 : UInt8((min(max(v, 0), 1) * 255).rounded()) }
            if let r = named["red"], let g = named["green"], let b = named["blue"] {
                return TenFootScene.Color(byte(r), byte(g), byte(b), byte(opacity))
            }
            if let w = named["white"] {
                return TenFootScene.Color(byte(w), byte(w), byte(w), byte(opacity))
            }
            if let h = named["hue"], let s = named["saturation"], let v = named["brightness"] {
                let (r, g, b) = Self.rgb(hue: h, saturation: s, brightness: v)
                return TenFootScene.Color(byte(r), byte(g), byte(b), byte(opacity))
            }
            // `Color(uiColor: .systemBlue)`, `Color(UIColor.red)`.
            if let only = args.first(where: { $0.label == nil || $0.label == "uiColor" }), args.count == 1 {
                return colorValue(only.value)
            }
            return nil
        }

        /// `Color("Brand")`, `Color("Brand", bundle: nil)`, `UIColor(named: "Brand")`: the colour set of that name in
        /// the asset catalogue beside the source (or in a folder above it, up to three levels, as images are found).
        /// `Color(.brand)`: Xcode's generated symbol of the set (`ColorResource`).
        func namedAssetColor(_ args: [Call.Argument], _ f: Frame) -> TenFootScene.Color?? {
            guard let first = args.first, first.label == nil || first.label == "named",
                args.dropFirst().allSatisfy({ ["bundle", "in", "compatibleWith"].contains($0.label) })
            else { return nil }
            let at = point(first.expr)
            let value = eval(first.expr, f)
            if case .enumCase(let e) = value, e.type == nil || e.type == "ColorResource", e.args.isEmpty,
                Self.namedColors[e.name] == nil, let color = assetColor(symbol: e.name, near: at)
            {
                return color
            }
            guard case .string(let name) = value else { return nil }
            guard let color = assetColor(name, near: at.file, at: at) else {
                warn(
                    at, once: "colour",
                    "colour \"\(name)\" not found in an asset catalogue beside the source (a colour set's Contents.json): drawn in the appearance's colour"
                )
                return .some(nil)
            }
            return color
        }

        /// The colour of the colour set `name` in the `Assets.xcassets` nearest `file` (groups inside the catalogue
        /// searched too); nil when there is none, or it cannot be read (said once at `at`).
        func assetColor(_ name: String, near file: String, at: SourcePoint) -> TenFootScene.Color? {
            var dir = URL(fileURLWithPath: file).deletingLastPathComponent()
            for _ in 0..<4 {
                if let confinedTo, !(dir.standardizedFileURL.path + "/").hasPrefix(confinedTo + "/") { break }
                let catalogue = dir.appendingPathComponent("Assets.xcassets").path
                if let path = colorSetIndex(catalogue)[name] {
                    if let known = colorSets[path] { return known }
                    var color: TenFootScene.Color?
                    do throws(Diagnostic) {
                        let bytes = try TextFile.bytes(path: path, maxBytes: ColorSetFile.maxBytes, what: "colour set")
                        color = try ColorSetFile.color(bytes, file: path)
                    } catch {
                        warn(
                            SourcePoint(file: error.file, line: error.location.line, column: error.location.column),
                            "the colour set \"\(name)\" cannot be read (\(error.message)): it draws in the appearance's colour"
                        )
                    }
                    colorSets[path] = color
                    return color
                }
                dir.deleteLastPathComponent()
            }
            return nil
        }

        /// The colour set whose symbol Xcode generates as `symbol` (`Color(.brandBlue)`, `.foregroundStyle(.brandBlue)`
        /// for a set named `BrandBlue` or `brand-blue`) in the catalogue nearest `at`; nil when there is none.
        func assetColor(symbol: String, near at: SourcePoint) -> TenFootScene.Color? {
            guard !at.file.isEmpty else { return nil }
            var dir = URL(fileURLWithPath: at.file).deletingLastPathComponent()
            for _ in 0..<4 {
                if let confinedTo, !(dir.standardizedFileURL.path + "/").hasPrefix(confinedTo + "/") { break }
                let index = colorSetIndex(dir.appendingPathComponent("Assets.xcassets").path)
                if let name = index.keys.sorted().first(where: { ColorSetFile.symbol(for: $0) == symbol }) {
                    return assetColor(name, near: at.file, at: at)
                }
                dir.deleteLastPathComponent()
            }
            return nil
        }

        /// The colour sets of a catalogue by name (``ColorSetFile/index(catalogue:)``), listed once a screen.
        func colorSetIndex(_ catalogue: String) -> [String: String] {
            if let known = colorSetPaths[catalogue] { return known }
            let found = ColorSetFile.index(catalogue: catalogue)
            colorSetPaths[catalogue] = found
            return found
        }

        /// HSB to RGB, each 0…1 (a hue past 1 wraps).
        static func rgb(hue: Double, saturation s: Double, brightness v: Double) -> (Double, Double, Double) {
            guard hue.isFinite else { return (v, v, v) }
            let h = (hue - hue.rounded(.down)) * 6
            let sector = Int(h) % 6
            let f = h - Double(Int(h))
            let p = v * (1 - s)
            let q = v * (1 - s * f)
            let t = v * (1 - s * (1 - f))
            switch sector {
            case 0: return (v, t, p)
            case 1: return (q, v, p)
            case 2: return (p, v, t)
            case 3: return (p, q, v)
            case 4: return (t, p, v)
            default: return (v, p, q)
            }
        }

        /// `"#b388ff"`, `"B388FF"`, `"#fff"`: the colour three or six hexadecimal digits spell (a `#` before them
        /// allowed); nil for anything else.
        static func hexColor(_ text: String) -> TenFootScene.Color? {
            let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
            guard digits.count == 3 || digits.count == 6, digits.allSatisfy(\.isHexDigit),
                let v = UInt32(digits, radix: 16)
            else { return nil }
            if digits.count == 6 { return TenFootScene.Color(UInt8(v >> 16), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)) }
            return TenFootScene.Color(UInt8(v >> 8) * 17, UInt8(v >> 4 & 0xF) * 17, UInt8(v & 0xF) * 17)
        }

        /// The colour a gradient (`LinearGradient`, `RadialGradient`…, given `colors:`, `stops:` or `gradient:`) averages
        /// to along its axis: its stops' colours, each held to the next stop and blended linearly between them, as
        /// SwiftUI draws them, averaged with their opacities (a scrim from black to clear is black at half opacity).
        /// Nil when a colour of it is unknown.
        func gradientColor(_ args: [Call.Argument], _ f: Frame) -> TenFootScene.Color? {
            guard depth < Interpreter.maxDepth else { return nil }
            depth += 1
            defer { depth -= 1 }
            func stops(_ v: Value) -> [(TenFootScene.Color, Double?)]? {
                guard let items = v.elements, !items.isEmpty, items.count <= 64 else { return nil }
                var out: [(TenFootScene.Color, Double?)] = []
                for item in items {
                    if let c = colorValue(item) {
                        out.append((c, nil))
                        continue
                    }
                    // `.init(color: .black, location: 0.25)`, `Gradient.Stop(color:location:)`.
                    var color: Value?
                    var location: Value?
                    switch item {
                    case .enumCase(let e) where e.name == "init" && e.args.count == 2:
                        (color, location) = (e.args[0], e.args[1])
                    case .record(let r): (color, location) = (r.field("color"), r.field("location"))
                    default: break
                    }
                    guard let c = color.flatMap { colorValue($0) }, let l = location?.asDouble, l.isFinite else {
                        return nil
                    }
                    out.append((c, min(max(l, 0), 1)))
                }
                return out
            }
            var found: [(TenFootScene.Color, Double?)]?
            for a in args {
                switch a.label {
                case "colors", "stops": found = stops(eval(a.expr, f))
                case "gradient":
                    // `Gradient(colors: […])` or `Gradient(stops: […])`.
                    if let call = a.expr.as(FunctionCallExprSyntax.self), let inner = call.arguments.first,
                        ["colors", "stops"].contains(inner.label?.text)
                    {
                        found = stops(eval(inner.expression, f))
                    }
                default: continue
                }
                break
            }
            guard let found else { return nil }
            // Evenly spread when no locations are given; in order of location when they are.
            let n = found.count
            var points = found.enumerated().map { k, s in (s.0, s.1 ?? (n == 1 ? 0 : Double(k) / Double(n - 1))) }
            points.sort { $0.1 < $1.1 }
            // The average of the premultiplied colour over 0…1.
            var sums = [0.0, 0.0, 0.0, 0.0]
            func add(_ c: TenFootScene.Color, _ weight: Double) {
                let a = Double(c.a) / 255
                sums[0] += Double(c.r) * a * weight
                sums[1] += Double(c.g) * a * weight
                sums[2] += Double(c.b) * a * weight
                sums[3] += a * weight
            }
            add(points[0].0, points[0].1)
            for (p, q) in zip(points, points.dropFirst()) {
                add(p.0, (q.1 - p.1) / 2)
                add(q.0, (q.1 - p.1) / 2)
            }
            add(points[n - 1].0, 1 - points[n - 1].1)
            guard sums[3] > 0 else { return TenFootScene.Color(0, 0, 0, 0) }
            func channel(_ v: Double) -> UInt8 { UInt8(min(max((v / sums[3]).rounded(), 0), 255)) }
            return TenFootScene.Color(
                channel(sums[0]), channel(sums[1]), channel(sums[2]), UInt8(min(max((sums[3] * 255).rounded(), 0), 255))
            )
        }

        /// `.opacity(_:)`, `.withAlphaComponent(_:)` of a colour; nil when `base` is no colour or the method another.
        func colorMethod(_ base: Value, _ name: String, _ args: [Call.Argument], _ f: Frame) -> Value? {
            guard name == "opacity" || name == "withAlphaComponent", args.count == 1, let c = colorValue(base),
                let amount = eval(args[0].expr, f).asDouble, !amount.isNaN
            else { return nil }
            return .color(c.withAlpha(min(max(amount, 0), 1)))
        }
    }

    /// Where an app's colour initialiser leaves the colour its `self.init(…)` made.
    final class ColorInit {
        let type: String
        var color: TenFootScene.Color?
        init(type: String) { self.type = type }
    }
#endif
