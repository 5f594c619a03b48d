import FocusEngine
import TenFootCore

/// One node of the view tree with every key the format allows; unset keys keep their defaults.
///
/// A value with copy-on-write storage, as `Array` is: copying a node (into a placement, an index, an
/// action) costs one retain, not its many fields, and a scene holds each node once. The keys most nodes
/// set live in ``Fields``; the rest in ``Rare``, allocated only for a node that sets one. A new key is a
/// stored property of one of the two and a one-line accessor here (its getter reads the one field through
/// the pointer; its setter, for a rare key, leaves `Rare` unallocated while the value is its default). The
/// storage is read through `ManagedBuffer`'s header pointer: no exclusivity checks on the hot paths of
/// layout and drawing.
///
/// `@unchecked Sendable` because the storage is a class: it is safe as `Array`'s is, since every setter
/// first makes the storage unique (`isKnownUniquelyReferenced`, copying it otherwise), so storage shared by
/// copies, across threads or not, is never written.
public struct SceneNode: @unchecked Sendable {
    /// The keys most nodes set, and the flags.
    struct Fields {
        var type: NodeType
        var hasExplicitID: Bool
        var ignoredEdges = SafeAreaEdges()
        var secure = false
        var focusableSet = false
        var disabled = false
        var hidden = false
        var focusSection = false
        var enabled = true
        var remembersLastFocus = false
        var focusEffectDisabled = false
        var opaque = false
        var restoresFocusAfterTransition = true
        var textStyle: TextStyle?
        var textAlignment: HorizontalAlignment?
        var focusable: FocusInteractions?
        var defaultFocusPriority: DefaultFocusPriority = .automatic
        var alignment: Alignment?
        var id: String
        var location: SourceLocation
        var children: [SceneNode] = []
        var width: Length?
        var height: Length?
        var title: String?
        var subtitle: String?
        var image: String?
        var rare: ManagedBuffer<Rare, Never>?
    }

    /// The keys few nodes set, with their defaults.
    struct Rare {
        var frame: Rect?
        var offset: (x: Double, y: Double)?
        var padding: EdgeInsets = .zero
        var spacing: Double?
        var columns: Int?
        var aspect: Double?
        var lineLimit: Int?
        var placeholder: String?
        var value: String?
        var icon: String?
        var options: [String] = []
        var tabs: [Tab] = []
        var color: Color?
        var preferred: [String] = []
        var between: [String]?
        var defaultFocus: String?
        var focusScope: String?
        var prefersDefaultFocus: PrefersDefault?
        var focusedValue: [String: String] = [:]
        var focusedSceneValue: [String: String] = [:]
        var focused: Condition?
        var tabBarPart: TabBarPart?
        var systemPart: SystemPart?
        var actions: [Trigger: [Action]] = [:]
        var onMove: [Direction: [Action]] = [:]
        // The components' keys (Components.swift).
        var shape: NodeShape?
        var contentMode: ContentMode?
        var buttonStyle: ButtonStyle?
        var header: LockupText?
        var footer: LockupText?
        var badges: [Badge] = []
        var progress: Double?
        var initials: String?
        var accessoryType: AccessoryType?
        var isOn: ToggleValue?
        var pickerStyle: PickerStyle?
        var presentation: Presentation?
        var alertStyle: AlertStyle?
        var message: String?
        var accessibilityLabel: String?
        /// A fixed text size in points (`size`: text that does not follow the text size setting), and a weight.
        var fontSize: Double?
        var fontBold: Bool?
        var largeText: LargeTextLayout?
        var dynamicTypeSize: TextSizeRange?
        var numbered = false
        var accessibilityValue: String?
        var accessibilityHint: String?
        var accessibilityTraits: [AccessibilityTrait] = []
        var accessibilityHidden = false
        var accessibilityElement: AccessibilityChildren?
        var accessibilitySortPriority: Double = 0
        var imageValue: String?
        /// A shelf's accessory (an array: a struct cannot hold itself).
        var accessory: [SceneNode] = []
        var segment: Segment?
        var focusRecovery: FocusRecovery?
        var onReachEnd: ReachEnd?
        // Text entry and search (Keyboard.swift).
        var keyboardType: KeyboardType?
        var search: SearchOptions?

        /// Never written (a write allocates a node's own `Rare`), so shared by every thread.
        nonisolated(unsafe) static let defaults: UnsafeMutablePointer<Rare> = {
            let p = UnsafeMutablePointer<Rare>.allocate(capacity: 1)
            p.initialize(to: Rare())
            return p
        }()
    }

    private var storage: ManagedBuffer<Fields, Never>
    /// Bytes of a node's own storage (its common keys), and of the rare keys a node allocates if it sets one.
    package static var storageBytes: (fields: Int, rare: Int) { (MemoryLayout<Fields>.size, MemoryLayout<Rare>.size) }

    public init(type: NodeType, id: String, hasExplicitID: Bool, location: SourceLocation) {
        storage = .create(minimumCapacity: 0) { _ in
            Fields(type: type, hasExplicitID: hasExplicitID, id: id, location: location)
        }
    }

    /// The identity of this node's storage: copies share it until one of them is written. Layout memoises by it
    /// (and keeps the node, so the identity is not reused while the memo lives).
    var storageIdentity: ObjectIdentifier { ObjectIdentifier(storage) }

    /// True when both are the same storage: while a caller holds `a`, a write to `b` copies it first, so the same
    /// storage means the same fields and children.
    package static func sharesStorage(_ a: SceneNode?, _ b: SceneNode?) -> Bool {
        a?.storageIdentity == b?.storageIdentity
    }

    /// The fields in place (the buffer lives as long as `storage` holds it). Read through the pointer, the
    /// fields of a class instance take no dynamic exclusivity checks.
    private var pointer: UnsafeMutablePointer<Fields> { storage.withUnsafeMutablePointerToHeader { $0 } }

    /// Makes the storage this node's own before a write (another copy of the node may share it).
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            let copy = pointer.pointee
            storage = .create(minimumCapacity: 0) { _ in copy }
        }
    }

    /// The common keys, read in place or written after making the storage this node's own.
    var fields: Fields {
        get { pointer.pointee }
        _modify {
            makeUnique()
            yield &pointer.pointee
        }
    }

    /// Whether any rare key is set.
    private var hasRare: Bool { pointer.pointee.rare != nil }

    /// The rare keys to read, in place: this node's, or the shared defaults while it sets none. Getters
    /// read one field through the pointer (a `_read` of the whole `Rare` copied all of it on every read:
    /// a third of loading the catalogue).
    private var rareFields: UnsafeMutablePointer<Rare> {
        if let r = pointer.pointee.rare { r.withUnsafeMutablePointerToHeader { $0 } } else { Rare.defaults }
    }

    /// The rare keys, written after allocating them (or making them this node's own).
    var rare: Rare {
        get { rareFields.pointee }
        _modify {
            makeUnique()
            let f = pointer
            if f.pointee.rare == nil {
                f.pointee.rare = .create(minimumCapacity: 0) { _ in Rare() }
            } else if !isKnownUniquelyReferenced(&f.pointee.rare!) {
                let copy = f.pointee.rare!.withUnsafeMutablePointerToHeader { $0.pointee }
                f.pointee.rare = .create(minimumCapacity: 0) { _ in copy }
            }
            yield &f.pointee.rare!.withUnsafeMutablePointerToHeader { $0 }.pointee
        }
    }

    public var type: NodeType {
        get { pointer.pointee.type }
        set { fields.type = newValue }
    }
    /// The explicit id, or one derived from the node's place (`root/2/0`).
    public var id: String {
        get { pointer.pointee.id }
        set { fields.id = newValue }
    }
    public var hasExplicitID: Bool {
        get { pointer.pointee.hasExplicitID }
        set { fields.hasExplicitID = newValue }
    }
    public var location: SourceLocation {
        get { pointer.pointee.location }
        set { fields.location = newValue }
    }
    public var children: [SceneNode] {
        get { pointer.pointee.children }
        set { fields.children = newValue }
        _modify { yield &fields.children }
    }

    // Layout
    public var width: Length? {
        get { pointer.pointee.width }
        set { fields.width = newValue }
    }
    public var height: Length? {
        get { pointer.pointee.height }
        set { fields.height = newValue }
    }
    public var frame: Rect? {
        get { rareFields.pointee.frame }
        set { if hasRare || newValue != nil { rare.frame = newValue } }
    }
    public var padding: EdgeInsets {
        get { rareFields.pointee.padding }
        set { if hasRare || newValue != .zero { rare.padding = newValue } }
    }
    public var spacing: Double? {
        get { rareFields.pointee.spacing }
        set { if hasRare || newValue != nil { rare.spacing = newValue } }
    }
    public var alignment: Alignment? {
        get { pointer.pointee.alignment }
        set { fields.alignment = newValue }
    }
    public var columns: Int? {
        get { rareFields.pointee.columns }
        set { if hasRare || newValue != nil { rare.columns = newValue } }
    }
    /// Whether the node ignores the safe area on any edge.
    public var ignoresSafeArea: Bool {
        get { !pointer.pointee.ignoredEdges.isEmpty }
        set { fields.ignoredEdges = newValue ? .all : [] }
    }
    /// The edges of the safe area the node ignores.
    public var ignoredSafeAreaEdges: SafeAreaEdges {
        get { pointer.pointee.ignoredEdges }
        set { fields.ignoredEdges = newValue }
    }

    // Content
    public var title: String? {
        get { pointer.pointee.title }
        set { fields.title = newValue }
    }
    public var subtitle: String? {
        get { pointer.pointee.subtitle }
        set { fields.subtitle = newValue }
    }
    public var image: String? {
        get { pointer.pointee.image }
        set { fields.image = newValue }
    }
    /// Where the node is drawn, moved from where its parent places it (SwiftUI `.offset(x:y:)`): its siblings keep
    /// their places.
    public var offset: (x: Double, y: Double)? {
        get { rareFields.pointee.offset }
        set { if hasRare || newValue != nil { rare.offset = newValue } }
    }
    public var aspect: Double? {
        get { rareFields.pointee.aspect }
        set { if hasRare || newValue != nil { rare.aspect = newValue } }
    }
    public var textStyle: TextStyle? {
        get { pointer.pointee.textStyle }
        set { fields.textStyle = newValue }
    }
    /// A text's most lines (nil: as many as it takes); the last is cut with an ellipsis.
    /// A fixed text size in points (`size`): the text keeps it at every text size setting.
    public var fontSize: Double? {
        get { rareFields.pointee.fontSize }
        set { if hasRare || newValue != nil { rare.fontSize = newValue } }
    }
    /// The text's weight (`weight`): bold or regular; nil draws it as its style is.
    public var fontBold: Bool? {
        get { rareFields.pointee.fontBold }
        set { if hasRare || newValue != nil { rare.fontBold = newValue } }
    }
    /// `accessibilityValue`: what VoiceOver says after the label (SwiftUI `.accessibilityValue`).
    public var accessibilityValue: String? {
        get { rareFields.pointee.accessibilityValue }
        set { if hasRare || newValue != nil { rare.accessibilityValue = newValue } }
    }
    /// `accessibilityHint`: what VoiceOver says after a pause (SwiftUI `.accessibilityHint`).
    public var accessibilityHint: String? {
        get { rareFields.pointee.accessibilityHint }
        set { if hasRare || newValue != nil { rare.accessibilityHint = newValue } }
    }
    /// `accessibilityTraits`: traits added to the kind's own (SwiftUI `.accessibilityAddTraits`).
    public var accessibilityTraits: [AccessibilityTrait] {
        get { rareFields.pointee.accessibilityTraits }
        set { if hasRare || !newValue.isEmpty { rare.accessibilityTraits = newValue } }
    }
    /// `accessibilityHidden`: VoiceOver skips the item and what it holds (SwiftUI `.accessibilityHidden(true)`).
    public var accessibilityHidden: Bool {
        get { rareFields.pointee.accessibilityHidden }
        set { if hasRare || newValue { rare.accessibilityHidden = newValue } }
    }
    /// `accessibilityElement`: how a container's children reach VoiceOver (SwiftUI `.accessibilityElement(children:)`).
    public var accessibilityElement: AccessibilityChildren? {
        get { rareFields.pointee.accessibilityElement }
        set { if hasRare || newValue != nil { rare.accessibilityElement = newValue } }
    }
    /// `accessibilitySortPriority`: higher is read first among siblings (SwiftUI `.accessibilitySortPriority`).
    public var accessibilitySortPriority: Double {
        get { rareFields.pointee.accessibilitySortPriority }
        set { if hasRare || newValue != 0 { rare.accessibilitySortPriority = newValue } }
    }
    /// `dynamicTypeSize`: the text sizes this node and its subtree take (SwiftUI's `.dynamicTypeSize(_:)`).
    public var dynamicTypeSize: TextSizeRange? {
        get { rareFields.pointee.dynamicTypeSize }
        set { if hasRare || newValue != nil { rare.dynamicTypeSize = newValue } }
    }
    /// `largeText`: the layout keys that change from a text size on (SwiftUI reading `dynamicTypeSize`).
    public var largeText: LargeTextLayout? {
        get { rareFields.pointee.largeText }
        set { if hasRare || newValue != nil { rare.largeText = newValue } }
    }
    public var lineLimit: Int? {
        get { rareFields.pointee.lineLimit }
        set { if hasRare || newValue != nil { rare.lineLimit = newValue } }
    }
    /// Where a text's lines sit in its frame (nil: leading).
    public var textAlignment: HorizontalAlignment? {
        get { pointer.pointee.textAlignment }
        set { fields.textAlignment = newValue }
    }
    public var placeholder: String? {
        get { rareFields.pointee.placeholder }
        set { if hasRare || newValue != nil { rare.placeholder = newValue } }
    }
    public var value: String? {
        get { rareFields.pointee.value }
        set { if hasRare || newValue != nil { rare.value = newValue } }
    }
    public var secure: Bool {
        get { pointer.pointee.secure }
        set { fields.secure = newValue }
    }
    public var icon: String? {
        get { rareFields.pointee.icon }
        set { if hasRare || newValue != nil { rare.icon = newValue } }
    }
    public var options: [String] {
        get { rareFields.pointee.options }
        set { if hasRare || !newValue.isEmpty { rare.options = newValue } }
        _modify { yield &rare.options }
    }
    public var tabs: [Tab] {
        get { rareFields.pointee.tabs }
        set { if hasRare || !newValue.isEmpty { rare.tabs = newValue } }
        _modify { yield &rare.tabs }
    }
    public var color: Color? {
        get { rareFields.pointee.color }
        set { if hasRare || newValue != nil { rare.color = newValue } }
    }

    // Shapes and artwork
    /// `shape` and `cornerRadius` (nil: the type's own rounded rectangle).
    public var shape: NodeShape? {
        get { rareFields.pointee.shape }
        set { if hasRare || newValue != nil { rare.shape = newValue } }
    }
    /// How a container that is a button's label is drawn as the button (nil: it is no button).
    public var buttonStyle: ButtonStyle? {
        get { rareFields.pointee.buttonStyle }
        set { if hasRare || newValue != nil { rare.buttonStyle = newValue } }
    }
    /// How a picture fills the frame (nil: fill).
    public var contentMode: ContentMode? {
        get { rareFields.pointee.contentMode }
        set { if hasRare || newValue != nil { rare.contentMode = newValue } }
    }
    // Lockups
    public var header: LockupText? {
        get { rareFields.pointee.header }
        set { if hasRare || newValue != nil { rare.header = newValue } }
    }
    public var footer: LockupText? {
        get { rareFields.pointee.footer }
        set { if hasRare || newValue != nil { rare.footer = newValue } }
    }
    public var badges: [Badge] {
        get { rareFields.pointee.badges }
        set { if hasRare || !newValue.isEmpty { rare.badges = newValue } }
    }
    /// The watched fraction shown as a bar over the bottom of the artwork, 0…1.
    public var progress: Double? {
        get { rareFields.pointee.progress }
        set { if hasRare || newValue != nil { rare.progress = newValue } }
    }
    /// A monogram's letters (nil: from the title).
    public var initials: String? {
        get { rareFields.pointee.initials }
        set { if hasRare || newValue != nil { rare.initials = newValue } }
    }
    // Settings and forms
    public var accessoryType: AccessoryType? {
        get { rareFields.pointee.accessoryType }
        set { if hasRare || newValue != nil { rare.accessoryType = newValue } }
    }
    public var isOn: ToggleValue? {
        get { rareFields.pointee.isOn }
        set { if hasRare || newValue != nil { rare.isOn = newValue } }
    }
    public var pickerStyle: PickerStyle? {
        get { rareFields.pointee.pickerStyle }
        set { if hasRare || newValue != nil { rare.pickerStyle = newValue } }
    }
    // Presentations
    public var presentation: Presentation? {
        get { rareFields.pointee.presentation }
        set { if hasRare || newValue != nil { rare.presentation = newValue } }
    }
    public var alertStyle: AlertStyle? {
        get { rareFields.pointee.alertStyle }
        set { if hasRare || newValue != nil { rare.alertStyle = newValue } }
    }
    public var message: String? {
        get { rareFields.pointee.message }
        set { if hasRare || newValue != nil { rare.message = newValue } }
    }
    /// What VoiceOver says for the item (SwiftUI `.accessibilityLabel`, UIKit `accessibilityLabel`), when it is
    /// not its title.
    public var accessibilityLabel: String? {
        get { rareFields.pointee.accessibilityLabel }
        set { if hasRare || newValue != nil { rare.accessibilityLabel = newValue } }
    }
    // The hero
    /// The focused scene value that names the hero's backdrop image.
    public var imageValue: String? {
        get { rareFields.pointee.imageValue }
        set { if hasRare || newValue != nil { rare.imageValue = newValue } }
    }
    /// A shelf whose items are ranked (the TV app's Top Charts): a large numeral beside each, from 1.
    public var numbered: Bool {
        get { rareFields.pointee.numbered }
        set { if hasRare || newValue { rare.numbered = newValue } }
    }
    /// A shelf's header accessory (a "See All" button), at the trailing end of its title line.
    public var accessory: SceneNode? {
        get { rareFields.pointee.accessory.first }
        set { if hasRare || newValue != nil { rare.accessory = newValue.map { [$0] } ?? [] } }
    }
    /// Set by layout on the segments it makes for a segmented picker (never read from a file).
    public var segment: Segment? {
        get { rareFields.pointee.segment }
        set { if hasRare || newValue != nil { rare.segment = newValue } }
    }

    // Text entry and search
    /// A text field's or a search's `keyboardType` (nil: default).
    public var keyboardType: KeyboardType? {
        get { rareFields.pointee.keyboardType }
        set { if hasRare || newValue != nil { rare.keyboardType = newValue } }
    }
    /// A search's own keys (`searchFocused`, the empty state).
    public var search: SearchOptions? {
        get { rareFields.pointee.search }
        set { if hasRare || newValue != nil { rare.search = newValue } }
    }

    // Focus
    public var focusable: FocusInteractions? {
        get { pointer.pointee.focusable }
        set { fields.focusable = newValue }
    }
    public var focusableSet: Bool {
        get { pointer.pointee.focusableSet }
        set { fields.focusableSet = newValue }
    }
    public var disabled: Bool {
        get { pointer.pointee.disabled }
        set { fields.disabled = newValue }
    }
    public var hidden: Bool {
        get { pointer.pointee.hidden }
        set { fields.hidden = newValue }
    }
    public var focusSection: Bool {
        get { pointer.pointee.focusSection }
        set { fields.focusSection = newValue }
    }
    public var preferred: [String] {
        get { rareFields.pointee.preferred }
        set { if hasRare || !newValue.isEmpty { rare.preferred = newValue } }
    }
    public var between: [String]? {
        get { rareFields.pointee.between }
        set { if hasRare || newValue != nil { rare.between = newValue } }
    }
    public var enabled: Bool {
        get { pointer.pointee.enabled }
        set { fields.enabled = newValue }
    }
    public var defaultFocus: String? {
        get { rareFields.pointee.defaultFocus }
        set { if hasRare || newValue != nil { rare.defaultFocus = newValue } }
    }
    public var defaultFocusPriority: DefaultFocusPriority {
        get { pointer.pointee.defaultFocusPriority }
        set { fields.defaultFocusPriority = newValue }
    }
    public var focusScope: String? {
        get { rareFields.pointee.focusScope }
        set { if hasRare || newValue != nil { rare.focusScope = newValue } }
    }
    public var prefersDefaultFocus: PrefersDefault? {
        get { rareFields.pointee.prefersDefaultFocus }
        set { if hasRare || newValue != nil { rare.prefersDefaultFocus = newValue } }
    }
    public var remembersLastFocus: Bool {
        get { pointer.pointee.remembersLastFocus }
        set { fields.remembersLastFocus = newValue }
    }
    public var focusEffectDisabled: Bool {
        get { pointer.pointee.focusEffectDisabled }
        set { fields.focusEffectDisabled = newValue }
    }
    public var focusedValue: [String: String] {
        get { rareFields.pointee.focusedValue }
        set { if hasRare || !newValue.isEmpty { rare.focusedValue = newValue } }
    }
    public var focusedSceneValue: [String: String] {
        get { rareFields.pointee.focusedSceneValue }
        set { if hasRare || !newValue.isEmpty { rare.focusedSceneValue = newValue } }
    }
    public var focused: Condition? {
        get { rareFields.pointee.focused }
        set { if hasRare || newValue != nil { rare.focused = newValue } }
    }
    public var opaque: Bool {
        get { pointer.pointee.opaque }
        set { fields.opaque = newValue }
    }
    public var restoresFocusAfterTransition: Bool {
        get { pointer.pointee.restoresFocusAfterTransition }
        set { fields.restoresFocusAfterTransition = newValue }
    }
    /// Set by layout on the nodes it makes up for a tab bar (never read from a file).
    public var tabBarPart: TabBarPart? {
        get { rareFields.pointee.tabBarPart }
        set { if hasRare || newValue != nil { rare.tabBarPart = newValue } }
    }
    /// Set by the simulator on the keys and suggestions it makes (never read from a file).
    public var systemPart: SystemPart? {
        get { rareFields.pointee.systemPart }
        set { if hasRare || newValue != nil { rare.systemPart = newValue } }
    }
    /// The strip layout makes for a tab bar's tabs.
    public var isTabStrip: Bool { if case .strip = tabBarPart { true } else { false } }
    /// `focusRecovery` on a container: overrides the scene's for items inside it.
    public var focusRecovery: FocusRecovery? {
        get { rareFields.pointee.focusRecovery }
        set { if hasRare || newValue != nil { rare.focusRecovery = newValue } }
    }
    /// `onReachEnd` on a shelf, grid or list (docs/scene-format.md, "Data actions").
    public var onReachEnd: ReachEnd? {
        get { rareFields.pointee.onReachEnd }
        set { if hasRare || newValue != nil { rare.onReachEnd = newValue } }
    }

    // Actions
    public var actions: [Trigger: [Action]] {
        get { rareFields.pointee.actions }
        set { if hasRare || !newValue.isEmpty { rare.actions = newValue } }
        _modify { yield &rare.actions }
    }
    public var onMove: [Direction: [Action]] {
        get { rareFields.pointee.onMove }
        set { if hasRare || !newValue.isEmpty { rare.onMove = newValue } }
        _modify { yield &rare.onMove }
    }

    /// Whether this node takes focus: its type's default unless `focusable` says otherwise.
    public var isFocusable: Bool { focusableSet ? focusable != nil : type.isFocusableByDefault }
}
