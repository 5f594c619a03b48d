import FocusEngine
import TenFootScene

/// What an on-screen keyboard shows now: the field or search it types into, its kind and set, the alternates strip
/// and the form's neighbouring fields (`Simulator+Keyboard`).
public struct KeyboardState: Sendable, Hashable {
    /// The text field or search typed into.
    public var target: String
    /// The full-screen entry screen of a text field; false for a search's inline keyboard.
    public var entry: Bool
    public var type: KeyboardType
    public var set: KeyboardSet = .lower
    /// The alternates strip of a long-pressed letter: the letter's key id and the options.
    public var alternates: Alternates?
    /// The text when editing began: Menu restores it.
    var original: String = ""
    /// The text fields before and after the edited one (Previous / Next), in the scene's order.
    var previousField: String?
    var nextField: String?

    public struct Alternates: Sendable, Hashable {
        public var key: String
        public var options: [String]
    }

    /// The row's keys now: the alternates strip while it is up, else the set's keys.
    public var rowKeys: [Keyboard.Key] {
        if let a = alternates { return Keyboard.alternateKeys(a.options) }
        return Keyboard.row(type, set)
    }

    public var lineKeys: [Keyboard.Key] {
        Keyboard.line(type, entry: entry, hasPrevious: previousField != nil, hasNext: nextField != nil)
    }

    public func key(_ id: String) -> Keyboard.Key? {
        rowKeys.first { $0.id == id } ?? lineKeys.first { $0.id == id }
    }
}

/// What a search's column was last built from.
struct SearchInputs: Sendable, Hashable {
    var query: String
    var keyboard: KeyboardState?
}
