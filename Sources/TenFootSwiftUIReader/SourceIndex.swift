#if canImport(SwiftParser)
    import Foundation
    import TenFootCore
    import TenFootScene
    import TenFootSwiftUI
    internal import SwiftParser
    internal import SwiftSyntax

    /// One parsed Swift file.
    final class SourceFile {
        let path: String
        let tree: SourceFileSyntax
        let converter: SourceLocationConverter
        /// How many characters (Unicode scalars) start before each UTF-8 offset: a column is a difference of two,
        /// found at once (counting along the line made a 300 KB line of 100,000 names take 11 s).
        private let scalarsBefore: [Int32]
        /// Whether the text starts with a byte order mark, which is no character of its first line.
        private let startsWithMark: Bool

        /// The first node nested deeper than `SourceLimits.maxSyntaxDepth`, when one is: such a file is not read.
        let tooDeep: Syntax?
        /// Whether `#else` is spelled twice or more (then `ParseErrors` looks for an #if with two).
        let spellsElseTwice: Bool

        init(path: String, text: String) {
            self.path = path
            var before: [Int32] = []
            before.reserveCapacity(text.utf8.count + 1)
            var n: Int32 = 0
            var elses = 0
            var last: UInt32 = 0  // the four bytes before this one
            for byte in text.utf8 {
                before.append(n)
                if byte & 0xC0 != 0x80 { n += 1 }
                if byte == UInt8(ascii: "e"), last == 0x2365_6C73 { elses += 1 }  // "#els" then "e"
                last = last << 8 | UInt32(byte)
            }
            spellsElseTwice = elses > 1
            before.append(n)
            scalarsBefore = before
            startsWithMark = text.unicodeScalars.first == "\u{FEFF}"
            tree = Parser.parse(source: text)
            tooDeep = SourceLimits.tooDeep(Syntax(tree))
            converter = SourceLocationConverter(fileName: path, tree: tree)
        }

        func point(_ node: some SyntaxProtocol) -> SourcePoint {
            let l = location(node)
            return SourcePoint(file: path, line: l.line, column: l.column)
        }

        /// Where `node` starts, its column counted in characters (Unicode scalars) as the JSON reader counts
        /// them: SwiftSyntax counts UTF-8 bytes, so `Text("é") x` would put the `x` one column too far right.
        func location(_ node: some SyntaxProtocol) -> TenFootCore.SourceLocation {
            location(at: node.positionAfterSkippingLeadingTrivia)
        }

        /// The place at `position`, as ``location(_:)`` counts it.
        func location(at position: AbsolutePosition) -> TenFootCore.SourceLocation {
            let l = converter.location(for: position)
            let end = min(l.offset, scalarsBefore.count - 1)
            var start = max(0, end - (l.column - 1))
            if start == 0, startsWithMark, end >= 3 { start = 3 }
            return TenFootCore.SourceLocation(
                line: l.line, column: 1 + Int(scalarsBefore[end] - scalarsBefore[start]))
        }
    }

    /// An attribute on a property: `@State`, `@FocusState`, `@Environment(\.isFocused)`, `@AppStorage("k")`…
    struct AttributeInfo {
        var name: String
        var arguments: LabeledExprListSyntax?
    }

    struct PropertyDecl {
        var name: String
        var attributes: [AttributeInfo]
        var isStatic: Bool
        var isLet: Bool
        var type: TypeSyntax?
        var initializer: ExprSyntax?
        /// The body of a computed property (`var body: some View { … }`).
        var getter: CodeBlockItemListSyntax?
        var file: SourceFile
        var at: SourcePoint

        func attribute(_ name: String) -> AttributeInfo? { attributes.first { $0.name == name } }
        var isStored: Bool { getter == nil }
    }

    struct ParameterDecl {
        /// The argument label (`_` is nil).
        var label: String?
        var name: String
        var defaultValue: ExprSyntax?
        var isClosure: Bool
    }

    struct FunctionDecl {
        var name: String
        var parameters: [ParameterDecl]
        var body: CodeBlockItemListSyntax?
        var isStatic: Bool
        var file: SourceFile
        var at: SourcePoint
        /// Whether it declares a result (`-> Shows`) other than a view; a function without one returns nothing.
        var returnsValue = false
    }

    struct EnumCaseDecl {
        var name: String
        var parameterLabels: [String?]
        var rawValue: ExprSyntax?
    }

    /// A struct, enum or class (with its extensions merged).
    final class TypeDecl {
        enum Kind { case structType, enumType, classType, actorType }
        let name: String
        let kind: Kind
        var inherits: [String]
        var properties: [PropertyDecl] = []
        var functions: [FunctionDecl] = []
        var initializers: [FunctionDecl] = []
        var cases: [EnumCaseDecl] = []
        let file: SourceFile
        let at: SourcePoint

        init(name: String, kind: Kind, inherits: [String], file: SourceFile, at: SourcePoint) {
            self.name = name
            self.kind = kind
            self.inherits = inherits
            self.file = file
            self.at = at
        }

        /// A View, or a type with a view `body` that does not say it is one (pasted code).
        var isView: Bool { declaresView || hasViewBody }
        var declaresView: Bool { inherits.contains("View") || inherits.contains("SwiftUI.View") }
        var hasViewBody: Bool {
            guard let body = property("body"), body.getter != nil, let type = body.type?.trimmedDescription else {
                return false
            }
            return type == "some View" || type == "some SwiftUI.View" || type == "AnyView"
        }
        var isPreviewProvider: Bool { inherits.contains("PreviewProvider") }
        /// Whether building the view needs arguments: a stored property with no value of its own that is not
        /// state (a `let title: String`, a `@Binding`), or only inits with a parameter that has no default.
        var needsArguments: Bool {
            if !initializers.isEmpty {
                return initializers.allSatisfy { $0.parameters.contains { $0.defaultValue == nil } }
            }
            let own = [
                "State", "Environment", "EnvironmentObject", "FocusState", "Namespace", "StateObject",
                "AppStorage", "SceneStorage", "FocusedValue", "Query", "FetchRequest", "GestureState",
            ]
            return properties.contains { p in
                guard !p.isStatic, p.isStored, p.initializer == nil else { return false }
                if p.attributes.contains(where: { own.contains($0.name) }) { return false }
                let optional = p.type.map { $0.is(OptionalTypeSyntax.self) } ?? false
                return p.isLet || !optional
            }
        }
        /// An app's entry (`struct MyApp: App`), whose `body` is its scenes; `isMain` when marked `@main`.
        var isApp: Bool { inherits.contains("App") || inherits.contains("SwiftUI.App") }
        var isMain = false
        var rawType: String? { inherits.first { ["String", "Int", "Double", "Character"].contains($0) } }

        func property(_ name: String) -> PropertyDecl? { properties.first { $0.name == name } }

        /// Whether the type's code names `name` (a view it builds, a type it uses).
        /// Which of `names` its properties' getters and its functions' bodies name (``names(_:)`` for many names, one
        /// walk of its code).
        func named(among names: Set<String>) -> Set<String> {
            var found = Set<String>()
            func walk(_ code: (some SyntaxProtocol)?) {
                guard let code else { return }
                for t in code.tokens(viewMode: .sourceAccurate) where names.contains(t.text) { found.insert(t.text) }
            }
            for p in properties { walk(p.getter) }
            for f in functions { walk(f.body) }
            return found
        }
        func names(_ name: String) -> Bool {
            properties.contains { $0.getter?.tokens(viewMode: .sourceAccurate).contains { $0.text == name } ?? false }
                || functions.contains {
                    $0.body?.tokens(viewMode: .sourceAccurate).contains { $0.text == name } ?? false
                }
        }
        func function(_ name: String, labels: [String?]? = nil) -> FunctionDecl? {
            let named = functions.filter { $0.name == name }
            if let labels, named.count > 1 {
                return named.first { $0.parameters.map(\.label) == labels } ?? named.first
            }
            return named.first
        }
        func enumCase(_ name: String) -> EnumCaseDecl? { cases.first { $0.name == name } }
    }

    /// A `#Preview` or a PreviewProvider's `previews`.
    struct PreviewDecl {
        var name: String?
        var body: CodeBlockItemListSyntax
        var file: SourceFile
        var at: SourcePoint
        /// The PreviewProvider type whose `previews` this is (its statics are `Self.x` there).
        var owner: TypeDecl? = nil
        /// For a view built as at a call site: that call, in its own file's tree (so what it builds keeps its
        /// source locations), instead of `body`; and the view it opens (whose file is home for sidecars).
        var call: ExprSyntax? = nil
        var opens: TypeDecl? = nil

        /// Whether the body builds view `t` somewhere (`VStack { Row(…); Row(…) }`, `ForEach(…) { Row($0) }`).
        func builds(_ t: TypeDecl) -> Bool {
            body.tokens(viewMode: .sourceAccurate).contains { $0.text == t.name }
        }

        /// Whether the body is just the view `t` built with arguments (and modifiers):
        /// `ToggleRow("High Ground", $on).padding()`.
        func showsOnly(_ t: TypeDecl) -> Bool {
            let items = Array(body).filter { !$0.item.is(DeclSyntax.self) }
            guard items.count == 1, let item = items.first else { return false }
            guard var e = item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression
            else { return false }
            var modified = false
            while let c = e.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self),
                let base = m.base, m.declName.baseName.text.first?.isLowercase == true
            {
                e = base
                modified = true
            }
            guard let call = e.as(FunctionCallExprSyntax.self) else { return false }
            let callee = call.calledExpression.trimmedDescription
            guard callee == t.name || callee.hasSuffix("." + t.name) else { return false }
            // With arguments, or with modifiers (`.environmentObject(MockData.userInfo)`) the view alone lacks.
            return !call.arguments.isEmpty || call.trailingClosure != nil || modified
        }
    }

    /// Every declaration the interpreter may need, from the opened files and, on demand, their siblings.
    final class SourceIndex {
        private(set) var files: [SourceFile] = []
        private var typesByName: [String: TypeDecl] = [:]
        /// Types in declaration order (file order, then source order): for listing views deterministically.
        private(set) var typeOrder: [TypeDecl] = []
        private(set) var previews: [PreviewDecl] = []
        private(set) var globals: [String: PropertyDecl] = [:]
        private(set) var globalFunctions: [String: FunctionDecl] = [:]
        /// Extensions seen before their type (merged when it arrives).
        private var pendingExtensions: [String: [(MemberBlockSyntax, SourceFile)]] = [:]
        /// Every extension read of each type name the sources declare, in reading order: given again to a nearer
        /// declaration of the name read later.
        private var extensionsOf: [String: [(ExtensionDeclSyntax, SourceFile)]] = [:]
        private var extensionTypes: [String: TypeDecl] = [:]
        /// Functions of extensions of types the sources do not declare (`extension View { func card() … }`): the
        /// app's own modifiers, by name, with the type each extends.
        private var extensionFunctions: [String: [(extended: String, function: FunctionDecl)]] = [:]
        private var searchedFunctions: Set<String> = []
        /// Types declared inside an extension of a type not (yet) known: registered at once under their own and
        /// their qualified names, so they are not registered again when the extension is merged.
        private var registeredEarly: Set<SyntaxIdentifier> = []
        /// Files beside the opened ones, read only when a name is missing.
        private var siblings: [String] = []
        private var siblingTexts: [String: String] = [:]
        private var searched: Set<String> = []
        /// The names each sibling declares, read once (`SourceDeclarations`): a lookup parses only the files that
        /// declare the name, not every file that mentions it.
        private var declared: SourceDeclarations?

        /// What reading the sources said about them (pasted code opened as a view, quotes read as straight ones),
        /// for the translation's warnings.
        private(set) var notes: [(at: SourcePoint, message: String)] = []

        /// What the sources parsed so far cost (``SourceLimits/readCost(_:)``): neighbours past
        /// ``SourceLimits/maxReadCost`` are not read.
        private var readCost: Int
        private var readCostNoted = false

        /// The square brackets' count of the sources parsed so far (``SourceLimits/maxSquareWork`` is a translation's).
        private var squareWork: Int

        init(readCost: Int = 0, squareWork: Int = 0) {
            self.readCost = readCost
            self.squareWork = squareWork
        }

        /// Reads a file. `opened`: named by the user (pasted code in it opens as a view); siblings read for a
        /// missing name are not.
        func add(path: String, text: String, opened: Bool = true) {
            var file = SourceFile(path: path, text: text)
            // Too deep to walk: an opened file is kept for its error (`SourceLimits.depthError`), a neighbour dropped.
            guard file.tooDeep == nil else {
                if opened { files.append(file) }
                return
            }
            // Typographic quotes around string literals (code pasted from a document): read as straight quotes
            // when that is what makes the file parse.
            if let first = Self.typographicQuotes(file.tree).first {
                var bytes = Array(text.utf8)
                for range in Self.typographicQuotes(file.tree).reversed() {
                    bytes.replaceSubrange(range, with: [UInt8(ascii: "\"")])
                }
                let fixed = SourceFile(path: path, text: String(decoding: bytes, as: UTF8.self))
                if ParseErrors.first(in: fixed) == nil {
                    let line = text.utf8.prefix(first.lowerBound).count { $0 == UInt8(ascii: "\n") } + 1
                    // Said of the files opened (pasted code) only: whether a neighbour is read depends on what the
                    // view needs, and the screen must not (a neighbour with such quotes is no compiling code).
                    if opened {
                        notes.append(
                            (
                                SourcePoint(file: path, line: line, column: 1),
                                "typographic quotes (“ ”) around strings read as straight quotes"
                            ))
                    }
                    file = fixed
                }
            }
            files.append(file)
            if fileAt[path] == nil { fileAt[path] = file }
            let viewsBefore = typeOrder.count { $0.isView }
            let previewsBefore = previews.count
            collect(file.tree.statements, file)
            if opened, typeOrder.count(where: \.isView) == viewsBefore, previews.count == previewsBefore {
                openPasted(file)
            }
        }

        /// The UTF-8 ranges of typographic quotes (“ ”) standing where straight ones would delimit a string: outside
        /// string literals' contents, where they are characters like any other.
        static func typographicQuotes(_ tree: SourceFileSyntax) -> [Range<Int>] {
            var out: [Range<Int>] = []
            for token in tree.tokens(viewMode: .sourceAccurate) {
                if case .stringSegment = token.tokenKind { continue }
                let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
                var offset = start
                for scalar in token.text.unicodeScalars {
                    let width = String(scalar).utf8.count
                    if scalar == "\u{201C}" || scalar == "\u{201D}" { out.append(offset..<offset + width) }
                    offset += width
                }
            }
            return out
        }

        /// A file that declares no view: pasted code. A `body` with no struct around it becomes a view named after
        /// the file; view expressions standing alone become the file's preview.
        private func openPasted(_ file: SourceFile) {
            let name = Self.viewName(forFile: file.path)
            if let body = globals["body"], body.file === file, body.getter != nil {
                let t = TypeDecl(name: name, kind: .structType, inherits: ["View"], file: file, at: body.at)
                t.properties = file.tree.statements.compactMap { item -> [PropertyDecl]? in
                    guard case .decl(let d) = item.item, let v = d.as(VariableDeclSyntax.self) else { return nil }
                    return properties(v, file)
                }.flatMap { $0 }
                t.functions = file.tree.statements.compactMap { item -> FunctionDecl? in
                    guard case .decl(let d) = item.item, let f = d.as(FunctionDeclSyntax.self) else { return nil }
                    return function(f, file)
                }
                if typesByName[name] == nil { typesByName[name] = t }
                typeOrder.append(t)
                notes.append((body.at, "a body with no struct around it: opened as the view \(name)"))
                return
            }
            let expressions = Array(file.tree.statements).filter {
                if case .expr = $0.item { return true }
                return false
            }
            guard let first = expressions.first else { return }
            previews.append(PreviewDecl(name: name, body: file.tree.statements, file: file, at: file.point(first)))
            notes.append((file.point(first), "view code with no struct around it: opened as the preview \(name)"))
        }

        /// A type name from a file's name: `login-view.swift` → `LoginView`.
        static func viewName(forFile path: String) -> String {
            let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            let words = base.split { !$0.isLetter && !$0.isNumber }
            let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            return name.first?.isLetter == true ? name : "Pasted" + name
        }

        func addSiblings(_ paths: [String]) {
            var known = Set(files.map(\.path)).union(siblings)
            siblings += paths.filter { known.insert($0).inserted }
            for (k, path) in siblings.enumerated() { siblingRank[path] = k }
            declared = nil
        }

        /// Each neighbour's place, nearest first (the opened files come before all of them).
        private var siblingRank: [String: Int] = [:]
        /// The neighbours read, or tried (one too deep to parse is not read).
        private var neighboursTried: Set<String> = []

        /// Whether the neighbour at `path` was read (or tried).
        func hasRead(_ path: String) -> Bool { neighboursTried.contains(path) }

        /// Reads the neighbour at `path` (once).
        func readNeighbour(_ path: String) {
            guard siblingRank[path] != nil, neighboursTried.insert(path).inserted else { return }
            if let text = parsableSibling(path) { add(path: path, text: text, opened: false) }
        }

        /// Where a file stands when two declare one name: the opened files first (in the order given), then the
        /// neighbours nearest first. The first in this order wins whatever order the files were read in, so reading
        /// neighbours as the view needs them gives what reading them all gives (a 300-view file beside an app's
        /// folder, read for a call site, gave the app its `PosterCard`).
        private func rank(_ file: SourceFile) -> Int { siblingRank[file.path].map { $0 + 1 } ?? 0 }

        /// A type by name (`Field` or `LoginView.Field`); looks in sibling files that mention it if needed.
        /// The first time a name is looked up, every neighbour that declares or extends it is read, found or not:
        /// an extension's members (`extension Movie { var subtitle: String }`) are the type's, as when every
        /// neighbour is read.
        func type(_ name: String) -> TypeDecl? {
            let simple = name.split(separator: ".").last.map(String.init) ?? name
            if !searched.contains(simple) {
                searched.insert(simple)
                if !siblings.isEmpty { for path in declarations().types[simple] ?? [] { readNeighbour(path) } }
            }
            return typesByName[name] ?? typesByName[simple]
        }

        var viewTypes: [TypeDecl] { typeOrder.filter(\.isView) }
        /// The app entries declared in the read files, the `@main` one first.
        var apps: [TypeDecl] {
            typeOrder.filter { $0.isApp && $0.isMain } + typeOrder.filter { $0.isApp && !$0.isMain }
        }

        /// The app's own modifier: a function of an extension of `View` (or of another type the sources do not
        /// declare, such as `Text`); looks in sibling files that declare a function of that name if needed. Whether
        /// the sources declare a type an extension extends is known once every neighbour naming it is read: an
        /// extension of one of the app's own classes is no modifier, read before the class or after it.
        func modifier(_ name: String) -> FunctionDecl? {
            if !searchedFunctions.contains(name) {
                searchedFunctions.insert(name)
                for path in declarations().extensionFunctions[name] ?? [] { readNeighbour(path) }
                for extended in Set((extensionFunctions[name] ?? []).map(\.extended)).sorted() {
                    _ = type(extended)
                }
            }
            return extensionFunction(name)
        }

        private func extensionFunction(_ name: String) -> FunctionDecl? {
            extensionFunctions[name]?.filter { typesByName[$0.extended] == nil }.min {
                rank($0.function.file) < rank($1.function.file)
            }?.function
        }

        private func collectExtensionFunctions(_ decls: [DeclSyntax], extending: String, _ file: SourceFile) {
            for d in decls {
                if let f = d.as(FunctionDeclSyntax.self),
                    !f.modifiers.contains(where: {
                        $0.name.tokenKind == .keyword(.static)
                    })
                {
                    extensionFunctions[f.name.text, default: []].append((extending, function(f, file)))
                } else if let ic = d.as(IfConfigDeclSyntax.self), let clause = IfConfig.activeClause(ic),
                    case .decls(let members)? = clause.elements
                {
                    collectExtensionFunctions(members.map(\.decl), extending: extending, file)
                }
            }
        }

        private func declarations() -> SourceDeclarations {
            if let d = declared { return d }
            var d = SourceDeclarations()
            for path in siblings { if let text = siblingText(path) { d.add(path, text) } }
            declared = d
            return d
        }

        /// The neighbours, nearest first (read only when needed).
        var siblingPaths: [String] { siblings }
        /// A file read, by its path.
        func file(at path: String) -> SourceFile? { fileAt[path] }
        private var fileAt: [String: SourceFile] = [:]

        /// A neighbour's text, unless the parser must not see it (`SourceLimits`): then it is not read.
        private func parsableSibling(_ path: String) -> String? {
            guard let text = siblingText(path) else { return nil }
            var square = squareWork
            guard SourceLimits.tooDeeplyNested(text, squareWork: &square) == nil else { return nil }
            let cost = SourceLimits.readCost(text)
            guard readCost + cost <= SourceLimits.maxReadCost else {
                if !readCostNoted, let first = files.first {
                    readCostNoted = true
                    notes.append(
                        (
                            SourcePoint(file: first.path, line: 1, column: 1),
                            "the neighbours this view needs hold more Swift than TenFoot parses at once (\(SourceLimits.maxReadCost) tokens): \(quoted(path)) and any after it were not read"
                        ))
                }
                return nil
            }
            readCost += cost
            squareWork = square
            return text
        }

        func siblingText(_ path: String) -> String? {
            if let t = siblingTexts[path] { return t }
            if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
                size > SwiftSources.maxFileBytes
            {
                return nil
            }
            guard TextFile.special(path) == nil, let data = SwiftSources.contents(of: path),
                data.count <= SwiftSources.maxFileBytes, let t = String(data: data, encoding: .utf8)
            else { return nil }
            siblingTexts[path] = t
            return t
        }

        // MARK: Collecting

        private func collect(_ items: CodeBlockItemListSyntax, _ file: SourceFile) {
            for item in items {
                switch item.item {
                case .decl(let d): collectDecl(d, file, in: nil)
                case .expr(let e):
                    if let m = e.as(MacroExpansionExprSyntax.self), m.macroName.text == "Preview",
                        let body = m.trailingClosure?.statements
                    {
                        previews.append(
                            PreviewDecl(name: previewName(m.arguments), body: body, file: file, at: file.point(m)))
                    }
                case .stmt: break
                @unknown default: break
                }
            }
        }

        private func previewName(_ args: LabeledExprListSyntax) -> String? {
            guard let first = args.first, first.label == nil, let s = first.expression.as(StringLiteralExprSyntax.self)
            else { return nil }
            return s.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
        }

        static func declaresType(_ d: DeclSyntax) -> Bool {
            d.is(StructDeclSyntax.self) || d.is(EnumDeclSyntax.self) || d.is(ClassDeclSyntax.self)
                || d.is(ActorDeclSyntax.self)
        }

        private func collectDecl(_ d: DeclSyntax, _ file: SourceFile, in owner: TypeDecl?, ownerName: String? = nil) {
            let ownerName = ownerName ?? owner?.name
            if let s = d.as(StructDeclSyntax.self) {
                let t = TypeDecl(
                    name: s.name.text, kind: .structType, inherits: inherited(s.inheritanceClause), file: file,
                    at: file.point(s.name))
                t.isMain = s.attributes.contains {
                    $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "main"
                }
                register(t, s.memberBlock, ownerName)
            } else if let e = d.as(EnumDeclSyntax.self) {
                register(
                    TypeDecl(
                        name: e.name.text, kind: .enumType, inherits: inherited(e.inheritanceClause), file: file,
                        at: file.point(e.name)), e.memberBlock, ownerName)
            } else if let c = d.as(ClassDeclSyntax.self) {
                register(
                    TypeDecl(
                        name: c.name.text, kind: .classType, inherits: inherited(c.inheritanceClause), file: file,
                        at: file.point(c.name)), c.memberBlock, ownerName)
            } else if let a = d.as(ActorDeclSyntax.self) {
                register(
                    TypeDecl(
                        name: a.name.text, kind: .actorType, inherits: inherited(a.inheritanceClause), file: file,
                        at: file.point(a.name)), a.memberBlock, ownerName)
            } else if let x = d.as(ExtensionDeclSyntax.self) {
                let name = x.extendedType.trimmedDescription
                let simple = name.split(separator: ".").last.map(String.init) ?? name
                extensionsOf[simple, default: []].append((x, file))
                if let t = typesByName[simple] {
                    t.inherits += inherited(x.inheritanceClause)
                    members(x.memberBlock, into: t, file)
                } else {
                    // `extension Outer { struct Inner: View }` with Outer elsewhere (another folder, or nowhere):
                    // Inner is a view of its own, found as `Inner` and `Outer.Inner` now.
                    for item in x.memberBlock.members where Self.declaresType(item.decl) {
                        registeredEarly.insert(item.decl.id)
                        collectDecl(item.decl, file, in: nil, ownerName: simple)
                    }
                    pendingExtensions[simple, default: []].append((x.memberBlock, file))
                    collectExtensionFunctions(x.memberBlock.members.map(\.decl), extending: simple, file)
                }
            } else if let v = d.as(VariableDeclSyntax.self), owner == nil {
                for p in properties(v, file) { globals[p.name] = p }
            } else if let f = d.as(FunctionDeclSyntax.self), owner == nil {
                globalFunctions[f.name.text] = function(f, file)
            } else if let m = d.as(MacroExpansionDeclSyntax.self), m.macroName.text == "Preview",
                let body = m.trailingClosure?.statements
            {
                previews.append(PreviewDecl(name: previewName(m.arguments), body: body, file: file, at: file.point(m)))
            } else if let ic = d.as(IfConfigDeclSyntax.self), let clause = IfConfig.activeClause(ic) {
                switch clause.elements {
                case .statements(let items)?: collect(items, file)
                case .decls(let members)?: for m in members { collectDecl(m.decl, file, in: owner) }
                default: break
                }
            }
        }

        /// The members apps add to a type the sources do not declare (`extension Array { static var all: [Video] }`),
        /// as a type of their own that lookups by name never return (`Array(…)` stays the standard library's).
        func extensionMembers(of name: String) -> TypeDecl? {
            if let t = extensionTypes[name] { return t }
            if type(name) != nil { return nil }  // a search of the folders around may find the extension too
            guard let blocks = pendingExtensions[name], let first = blocks.first else { return nil }
            let t = TypeDecl(name: name, kind: .structType, inherits: [], file: first.1, at: first.1.point(first.0))
            for (block, file) in blocks { members(block, into: t, file) }
            extensionTypes[name] = t
            return t
        }

        private func register(_ t: TypeDecl, _ block: MemberBlockSyntax, _ owner: String?) {
            // The first declaration of a name wins (a nested `Field` in two views: each view finds its own first
            // through `owner + "." + name`).
            if let owner { typesByName["\(owner).\(t.name)"] = t }
            // A nearer declaration read after a farther one takes its place, with the extensions read so far.
            let first = typesByName[t.name] == nil
            let replacing = typesByName[t.name].map { rank(t.file) < rank($0.file) } ?? false
            if first || replacing { typesByName[t.name] = t }
            typeOrder.append(t)
            members(block, into: t, t.file)
            pendingExtensions[t.name] = nil
            if first || replacing {
                for (x, file) in extensionsOf[t.name] ?? [] {
                    t.inherits += inherited(x.inheritanceClause)
                    members(x.memberBlock, into: t, file)
                }
            }
            if t.isPreviewProvider, let previewsProp = t.property("previews"), let body = previewsProp.getter {
                previews.append(PreviewDecl(name: t.name, body: body, file: t.file, at: t.at, owner: t))
            }
        }

        private func members(_ block: MemberBlockSyntax, into t: TypeDecl, _ file: SourceFile) {
            for item in block.members { member(item.decl, into: t, file) }
        }

        private func member(_ d: DeclSyntax, into t: TypeDecl, _ file: SourceFile) {
            if let v = d.as(VariableDeclSyntax.self) {
                t.properties += properties(v, file)
            } else if let f = d.as(FunctionDeclSyntax.self) {
                t.functions.append(function(f, file))
            } else if let i = d.as(InitializerDeclSyntax.self) {
                t.initializers.append(
                    FunctionDecl(
                        name: "init", parameters: parameters(i.signature.parameterClause), body: i.body?.statements,
                        isStatic: false, file: file, at: file.point(i.initKeyword)))
            } else if let c = d.as(EnumCaseDeclSyntax.self) {
                for e in c.elements {
                    let labels: [String?] = e.parameterClause?.parameters.map { $0.firstName?.text } ?? []
                    t.cases.append(
                        EnumCaseDecl(name: e.name.text, parameterLabels: labels, rawValue: e.rawValue?.value))
                }
            } else if let ic = d.as(IfConfigDeclSyntax.self), let clause = IfConfig.activeClause(ic),
                case .decls(let members)? = clause.elements
            {
                for m in members { member(m.decl, into: t, file) }
            } else if !registeredEarly.contains(d.id) {
                collectDecl(d, file, in: t)
            }
        }

        private func inherited(_ clause: InheritanceClauseSyntax?) -> [String] {
            clause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        }

        func properties(_ v: VariableDeclSyntax, _ file: SourceFile) -> [PropertyDecl] {
            let attributes: [AttributeInfo] = v.attributes.compactMap { element in
                guard let a = element.as(AttributeSyntax.self) else { return nil }
                var args: LabeledExprListSyntax?
                if case .argumentList(let list)? = a.arguments { args = list }
                return AttributeInfo(name: a.attributeName.trimmedDescription, arguments: args)
            }
            let isStatic = v.modifiers.contains {
                $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
            }
            let isLet = v.bindingSpecifier.tokenKind == .keyword(.let)
            var out: [PropertyDecl] = []
            for b in v.bindings {
                guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                var getter: CodeBlockItemListSyntax?
                switch b.accessorBlock?.accessors {
                case .getter(let items)?: getter = items
                case .accessors(let list)?:
                    getter = list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
                case nil: break
                @unknown default: break
                }
                out.append(
                    PropertyDecl(
                        name: name, attributes: attributes, isStatic: isStatic, isLet: isLet,
                        type: b.typeAnnotation?.type, initializer: b.initializer?.value, getter: getter,
                        file: file, at: file.point(b.pattern)))
            }
            return out
        }

        func function(_ f: FunctionDeclSyntax, _ file: SourceFile) -> FunctionDecl {
            let isStatic = f.modifiers.contains { $0.name.tokenKind == .keyword(.static) }
            let result = f.signature.returnClause?.type.trimmedDescription
            return FunctionDecl(
                name: f.name.text, parameters: parameters(f.signature.parameterClause), body: f.body?.statements,
                isStatic: isStatic, file: file, at: file.point(f.name),
                returnsValue: result.map { !$0.contains("View") && $0 != "Void" && $0 != "()" } ?? false)
        }

        private func parameters(_ clause: FunctionParameterClauseSyntax) -> [ParameterDecl] {
            clause.parameters.map { p -> ParameterDecl in
                let first = p.firstName.text
                let label: String? = first == "_" ? nil : first
                let name = p.secondName?.text ?? first
                let type = p.type.trimmedDescription
                return ParameterDecl(
                    label: label, name: name, defaultValue: p.defaultValue?.value,
                    isClosure: type.contains("->"))
            }
        }
    }
#endif
