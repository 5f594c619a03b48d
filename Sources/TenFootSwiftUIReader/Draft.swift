import TenFootCore
import TenFootScene
import TenFootSwiftUI

/// The suggestions of a `.searchSuggestions` modifier (or `.searchable(text:prompt:suggestions:)`): each view's
/// text and completion, the state the content read while it was built, and where the modifier is.
struct DraftSuggestions {
    var items: [SearchSuggestion]
    var reads: [String]
    var at: SourcePoint
}

/// A scene node being built from SwiftUI: the scene format's keys as typed fields, references to other
/// nodes by handle (ids are chosen at the end, from labels), and where in the Swift source it came from.
struct DraftNode {
    /// Identity while building; references (`focus`, `present`, `defaultFocus`…) name handles.
    var handle: Int
    var type: NodeType
    var source: SourcePoint
    /// The SwiftUI view it stands for (`Button`, `LoginView`, `Toggle`…), for `--json` and the lint.
    var origin: String
    /// What its id is made from: a label the user can see (`Log In` → `log-in`).
    var label: String?
    /// An id chosen by the translation itself (a view's name, a tab's title), still made unique.
    var idHint: String?

    var children: [DraftNode] = []
    var tabs: [DraftTab] = []

    // Layout
    var width: Length?
    var height: Length?
    var padding: EdgeInsets?
    var spacing: Double?
    var alignment: String?
    var columns: Int?
    /// `.ignoresSafeArea(edges:)`: the edges of the safe area the view reaches past.
    var ignoredEdges = SafeAreaEdges()
    /// A shape, colour, resizable picture or `AsyncImage` no `.frame` has sized: SwiftUI gives it all it is offered,
    /// which a ZStack's layer takes as the stack's size (elsewhere it keeps a readable fixed size, see
    /// docs/swiftui.md).
    var unframedShape = false
    /// Shown only while its control is focused (`.opacity(isFocused ? 1 : 0)`): a button's label that tvOS apps
    /// reveal under the finger, which the button as it opens does not show.
    var revealedOnFocus = false

    // Content
    var title: String?
    var subtitle: String?
    var image: String?
    var aspect: Double?
    /// `.offset(x:y:)`, summed over the node's offsets.
    var offset: (x: Double, y: Double)?
    /// `.aspectRatio(contentMode: .fit)`, `.scaledToFit()`: "fit" (the scene's default is "fill").
    var contentMode: String?
    var style: TextStyle?
    /// A fixed text size (`.font(.system(size: 40))`): it does not scale with the text size.
    var fontSize: Double?
    /// `.bold()`, `.fontWeight(_:)`, `.system(size:weight:)`: true bold, false regular.
    var fontBold: Bool?
    var placeholder: String?
    var value: String?
    var secure = false
    /// `.keyboardType(_:)` on a text field: the scene's `keyboardType`.
    var keyboardType: String?
    /// `.searchFocused($flag)` on a `.searchable` made into a search node: the Bool state it binds.
    var searchFocused: String?
    /// `.searchable(text:)` made into a search node: the String state its text binds (suggestions that read it
    /// follow the query).
    var searchText: String?
    /// `.searchSuggestions { … }`: on a search node its suggestions; on content before `.searchable`, waiting
    /// for the search that content becomes.
    var searchSuggestions: DraftSuggestions?
    /// `.searchCompletion(_:)` on a suggestion's view: what choosing it puts in the field (and what tvOS shows).
    var searchCompletion: String?
    var icon: String?
    var lineLimit: Int?
    var textAlignment: String?
    var options: [String]?
    var color: String?

    // Components (docs/scene-format.md, "Components")
    /// A toggle's value: a Bool `@State` it shows and flips, or its own.
    var isOnState: String?
    var isOn: Bool?
    var header: String?
    var footer: String?
    var pickerStyle: String?
    var shape: String?
    var cornerRadius: Double?
    var accessoryType: String?
    /// A chevron after a button's title (`HStack { Text(t); Spacer(); Image(systemName: "chevron.right") }`): the
    /// accessory a row in a list shows, and the symbol that drew it.
    var trailingAccessory: (type: String, symbol: String)?
    /// The text under a control's title in its label: its subtitle once it is a settings row.
    var labelSubtitle: String?
    /// A control's label symbol is framed larger than an icon: a placeholder picture (a card keeps it as artwork).
    var symbolIsArtwork = false
    var presentation: String?
    var preferredStyle: String?
    var message: String?
    /// `.accessibilityLabel(_:)`: what VoiceOver says for it.
    var accessibilityLabel: String?
    /// `.accessibilityValue`, `.accessibilityHint`, `.accessibilityAddTraits` (the scene's trait names),
    /// `.accessibilityHidden`, `.accessibilityElement(children:)`, `.accessibilitySortPriority`.
    var accessibilityValue: String?
    var accessibilityHint: String?
    var accessibilityTraits: [String] = []
    var accessibilityHidden = false
    var accessibilityElement: String?
    var accessibilitySortPriority: Double?
    /// `.dynamicTypeSize(_:)`: the text sizes the view and its subtree take.
    var dynamicTypeSize: TextSizeRange?

    // Focus
    var focusable: FocusableValue?
    var disabled = false
    var hidden = false
    var focusSection = false
    var defaultFocus: Ref?
    var defaultFocusPriority: String?
    var focusScope: String?
    var prefersDefaultFocus: DraftCondition?
    var prefersDefaultFocusScope: String?
    var remembersLastFocus = false
    var focusEffectDisabled = false
    /// A container that is a `Button`'s label of views of its own: the style it is drawn in as the button
    /// (`bordered`, `card`, `plain`).
    var buttonStyle: String?
    var focusedValue: [(String, String)] = []
    var focusedSceneValue: [(String, String)] = []
    var focused: DraftCondition?

    // Actions (resolved after the whole tree is built)
    var actions: [(Trigger, [DraftAction])] = []
    var onMove: [(String, [DraftAction])] = []

    // Bookkeeping for parents (not written out)
    /// Set by `.tabItem` / `.tag` / `Tab(...)`: this node is a tab of an enclosing TabView.
    var tab: TabMeta?
    /// `.navigationTitle`: shown above the content by the enclosing NavigationStack (or the screen).
    var navigationTitle: String?
    /// The `ForEach` that made this node, so an `append` to its data knows which container grows.
    var forEachSite: Int?
    /// A `.tag(_)` value (Picker options, TabView selection).
    var tag: StateValue?

    init(handle: Int, type: NodeType, source: SourcePoint, origin: String) {
        self.handle = handle
        self.type = type
        self.source = source
        self.origin = origin
    }

    var isFocusableItem: Bool {
        switch focusable {
        case .some(.off): false
        case .some: true
        case nil: type.isFocusableByDefault
        }
    }

    /// How many items in it (itself included) can take focus: focusable, enabled and shown.
    var focusableCount: Int {
        var count = 0
        visit { if $0.isFocusableItem && !$0.disabled && !$0.hidden { count += 1 } }
        return count
    }

    func visit(_ body: (DraftNode) -> Void) {
        body(self)
        for c in children { c.visit(body) }
        for t in tabs { t.content.visit(body) }
    }

    mutating func visitMutating(_ body: (inout DraftNode) -> Void) {
        body(&self)
        for k in children.indices { children[k].visitMutating(body) }
        for k in tabs.indices { tabs[k].content.visitMutating(body) }
    }
}

enum FocusableValue: Equatable { case on, off, activate, edit }

struct TabMeta {
    var title: String?
    var icon: String?
    var tag: StateValue?
}

struct DraftTab {
    var handle: Int
    var title: String
    var icon: String?
    var content: DraftNode
    var source: SourcePoint
    var tag: StateValue?
}

/// `{"state": name, "equals": value}`, or a constant.
enum DraftCondition: Hashable {
    case always(Bool)
    case state(String, StateValue)
}

/// A node named by another: by handle, or (for `defaultFocus($f, .v)`) by the node bound to a FocusState value.
enum Ref: Hashable {
    case node(Int)
    case binding(state: String, equals: StateValue)
}

indirect enum DraftAction {
    case present(sheet: Int)
    case dismiss
    case focus(Ref)
    case resetFocus(String)
    case set(String, StateValue)
    case selectTab(Int)
    case append(DraftNode, to: Int)
}

/// The whole screen being built.
struct DraftScene {
    var name: String
    var root: DraftNode
    var sheets: [DraftNode] = []
    var state: [(String, StateValue)] = []
    /// `.environment(\.layoutDirection, .rightToLeft)` anywhere in the screen (the scene format's is the screen's).
    var layoutDirection: LayoutDirection = .leftToRight
}

// MARK: - Ids

/// Ids from labels: `Button("Log In")` → `log-in`; a number only to tell equal labels apart (`play`, `play-2`).
/// Items that take focus choose first (in tree order), so a heading never takes the id its button wants; then
/// sheets, tabs and named containers, then texts and pictures. Unlabelled containers keep the positional ids
/// the scene format derives (`login-view/0`).
enum IDAssigner {
    /// The slug of a label: lower case, letters and digits kept (any script), every other run a `-`.
    static func slug(_ text: String, maxLength: Int = 40) -> String {
        var out = ""
        var pendingDash = false
        for ch in text.lowercased() {
            if ch.isLetter || ch.isNumber {
                // What an id may hold of the character: no joiner, direction mark or other invisible character
                // (`क‍` is a letter; its joiner made the id one the scene's reader refuses), at most four scalars (a
                // letter under a hundred accents made an id past the 200 an id may have).
                let kept = ch.unicodeScalars.filter { !SceneDecoder.neverShows($0) }.prefix(4)
                guard !kept.isEmpty else { continue }
                if pendingDash, !out.isEmpty { out.append("-") }
                pendingDash = false
                out.unicodeScalars.append(contentsOf: kept)
            } else {
                pendingDash = true
            }
        }
        if out.count > maxLength {
            var cut = String(out.prefix(maxLength))
            if let dash = cut.lastIndex(of: "-"), cut.distance(from: cut.startIndex, to: dash) > maxLength / 2 {
                cut = String(cut[..<dash])
            }
            out = cut
        }
        return out
    }

    /// Reserved by the scene format (the screen's focus layer).
    static let reserved: Set<String> = ["screen", "root"]

    static func assign(_ scene: DraftScene, referenced: Set<Int>) -> [Int: String] {
        var ids: [Int: String] = [:]
        var taken = reserved
        // The next suffix to try for each base: every one below it is taken (ids are never given back), so
        // 20,000 items of one label cost linear time, not quadratic.
        var nextSuffix: [String: Int] = [:]
        func take(_ base: String, _ handle: Int) {
            var candidate = base
            if taken.contains(base) {
                var n = nextSuffix[base] ?? 2
                while taken.contains("\(base)-\(n)") { n += 1 }
                candidate = "\(base)-\(n)"
                nextSuffix[base] = n + 1
            }
            taken.insert(candidate)
            ids[handle] = candidate
        }
        // The screen and its sheets first, then the rows actions append (in the order of the nodes whose
        // actions append them), then rows those rows append: the screen's ids never depend on its actions.
        var all: [DraftNode] = []
        var appended: [DraftNode] = []
        func collect(_ n: DraftNode) {
            all.append(n)
            for c in n.children { collect(c) }
            for t in n.tabs { collect(t.content) }
            for (_, list) in n.actions { list.forEach(collectAction) }
            for (_, list) in n.onMove { list.forEach(collectAction) }
        }
        func collectAction(_ a: DraftAction) { if case .append(let node, _) = a { appended.append(node) } }
        collect(scene.root)
        scene.sheets.forEach(collect)
        var k = 0
        while k < appended.count {
            collect(appended[k])
            k += 1
        }
        var tabs: [DraftTab] = []
        for n in all { tabs += n.tabs }

        func base(_ n: DraftNode) -> String? {
            if let hint = n.idHint {
                let s = slug(hint)
                if !s.isEmpty { return s }
            }
            if let label = n.label {
                let s = slug(label)
                if !s.isEmpty { return s }
            }
            return nil
        }
        // 1. Items that take focus.
        for n in all where n.isFocusableItem && ids[n.handle] == nil {
            take(base(n) ?? slug(n.origin).nonEmpty ?? n.type.rawValue.lowercased(), n.handle)
        }
        // 2. Tabs, sheets, the root, and nodes other keys name.
        for t in tabs { take(slug(t.title).nonEmpty ?? "tab", t.handle) }
        for n in all
        where ids[n.handle] == nil && (n.type == .sheet || n.type == .tabBar || referenced.contains(n.handle)) {
            take(base(n) ?? n.type.rawValue.lowercased(), n.handle)
        }
        // 3. Everything else that has a label or a name.
        for n in all where ids[n.handle] == nil && n.type != .spacer {
            if let b = base(n) { take(b, n.handle) }
        }
        return ids
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
