/// Every SwiftUI concept the scene model has no node or key for yet, the closest thing TenFoot uses instead,
/// and what should replace it. Each translation that falls back on one records a warning at its source
/// location (`tenfoot lint`), and the table is the work list for the issues that grow the scene vocabulary:
/// when the model gains the real thing, the translator's entry switches to it and the case goes away.
/// docs/swiftui.md prints this table (a test keeps the two equal).
public enum Approximation: String, CaseIterable, Sendable {
    case form
    case list
    case grid
    case horizontalGrid
    case divider
    case shape
    case searchable
    case menu
    case navigationTitle
    case toolbar
    case nestedTabView
    case tabSection
    case viewThatFits
    case delayedAction
    case stateDrivenView
    case stateDrivenModifier
    case toggleAction
    case appendUnrolled
    case removeAction
    case focusedEffect
    case focusableContainerWithFocusableContent
    case sheetAtStart
    case frameRange
    case presentationChrome
    case pickerStyle
    case suggestionsFollowingQuery
    case refusedByScene

    /// What SwiftUI has.
    public var concept: String {
        switch self {
        case .form: "Form"
        case .list: "List"
        case .grid: "Grid / GridRow"
        case .horizontalGrid: "LazyHGrid"
        case .divider: "Divider"
        case .shape: "shapes and colours as views (Rectangle, RoundedRectangle, Capsule, Circle, Color, gradients…)"
        case .searchable: ".searchable and the search field"
        case .menu: "Menu (its items in a list over the screen)"
        case .navigationTitle: ".navigationTitle"
        case .toolbar: ".toolbar items"
        case .tabSection: "TabSection, .tabViewStyle(.sidebarAdaptable)"
        case .viewThatFits: "ViewThatFits"
        case .nestedTabView: "a TabView that is not the screen's root"
        case .delayedAction: "DispatchQueue.main.asyncAfter (a delayed action)"
        case .stateDrivenView: "if/switch on @State that actions change (views that appear and disappear)"
        case .stateDrivenModifier: "modifiers whose argument follows @State (.disabled(x), .hidden, .opacity)"
        case .toggleAction: "x.toggle() and other actions whose effect depends on the state when they run"
        case .appendUnrolled: "appending to a ForEach's data from an action that a new row can run again"
        case .removeAction: "removing from a ForEach's data (remove(at:), removeAll…)"
        case .focusedEffect: "@Environment(\\.isFocused) driving scaleEffect, colours or other styling"
        case .focusableContainerWithFocusableContent: ".focusable() on a container that also holds focusable controls"
        case .sheetAtStart: "a sheet whose isPresented is true when the screen opens"
        case .frameRange: ".frame(minWidth:maxWidth:…) with finite bounds"
        case .presentationChrome: ".popover and .presentationSizing(.fitted)"
        case .pickerStyle: ".pickerStyle(.menu), .inline, .wheel, .palette"
        case .suggestionsFollowingQuery:
            ".searchSuggestions computed from the search text (a list filtered by the query)"
        case .refusedByScene:
            "a view or modifier the scene format refuses where it stands (a search in a sheet, a negative padding…)"
        }
    }

    /// What TenFoot does with it today.
    public var today: String {
        switch self {
        case .form: "a vertical scroll; controls in it fill the width like tvOS table rows"
        case .list: "a vertical scroll; controls in it fill the width like tvOS table rows"
        case .grid: "a vstack of hstacks (columns are not aligned across rows)"
        case .horizontalGrid: "a grid with as many columns as the rows need"
        case .divider: "an empty 2-point stack (nothing drawn)"
        case .shape:
            "a non-focusable image of generated art cut to the shape (circle, capsule, rounded rectangle) at its frame, tinted by the shape's colour and drawn at its opacity"
        case .searchable:
            "a search node (field, linear keyboard, results): the content's titled items are the results, filtered by title; other content is not shown (with no titled item: a text field above the content)"
        case .menu: "a button that presents its items as a sheet (an item's action runs; Menu closes it)"
        case .navigationTitle: "a title2 text above the content"
        case .toolbar: "a row of the toolbar's items above the content"
        case .tabSection: "its tabs in the tab bar, in order among the others (the sidebar is not drawn)"
        case .viewThatFits:
            "the first child that fits the safe width (1760 pt) by an estimate: fixed frames, about 0.55 em a character of text, stacks adding up; else the last"
        case .nestedTabView: "the first tab's content in place (the scene format's tab bar must be the root)"
        case .delayedAction: "runs at once, in order with the other actions"
        case .stateDrivenView: "shown as it is when the screen opens; not re-evaluated when the state changes"
        case .stateDrivenModifier: "evaluated once, with the state as the screen opens"
        case .toggleAction: "evaluated once: the first press's effect repeats on every press"
        case .appendUnrolled: "new rows are built ahead, three levels deep, assuming rows are used in order"
        case .removeAction: "ignored (nothing is removed)"
        case .focusedEffect: "the standard tvOS lift of the focused item"
        case .focusableContainerWithFocusableContent:
            "the container becomes one focusable item; its controls are content"
        case .sheetAtStart: "the sheet is not shown at start"
        case .frameRange:
            "the minimum when given (else the maximum) as a fixed size; around text, a minimum alone is the text's own size"
        case .presentationChrome: "a page sheet (a fitted one: a form sheet)"
        case .pickerStyle: "the navigation-link picker: a row whose options open on a screen of their own"
        case .suggestionsFollowingQuery:
            "the suggestions the content gives when the screen opens, narrowed as the query changes to those containing it (suggestionsMatch \"contains\", case- and diacritic-insensitive)"
        case .refusedByScene:
            "the refused key is left out, or the node shown as a stack of its content, with the scene's reason"
        }
    }

    /// The scene-model change that retires the approximation.
    public var wanted: String {
        switch self {
        case .form, .list, .divider, .shape, .grid, .horizontalGrid:
            "a real node (components issue 15)"
        case .searchable: "results laid out as the content lays them out (the search node shows a grid)"
        case .menu: "a menu node (a popover list anchored to its button)"
        case .navigationTitle, .toolbar, .presentationChrome: "system chrome nodes"
        case .pickerStyle: "menu and inline pickers in the scene model"
        case .nestedTabView: "tab bars below the root"
        case .tabSection: "a sidebar tab bar with sections"
        case .viewThatFits: "measuring each child with the layout engine's text measurer"
        case .delayedAction: "a delayed action on the simulator clock"
        case .stateDrivenView, .stateDrivenModifier: "conditional nodes and keys that follow state (issue 18)"
        case .toggleAction: "actions that compute from state (toggle, add)"
        case .appendUnrolled: "row templates with index arithmetic (issue 18)"
        case .removeAction: "a remove action (issue 18)"
        case .focusedEffect: "per-item focus styles"
        case .focusableContainerWithFocusableContent:
            "focusable containers with focusable descendants in the engine's tree"
        case .sheetAtStart: "sheets presented by state"
        case .frameRange: "min/max sizes in layout"
        case .suggestionsFollowingQuery: "suggestions computed from state (issue 18)"
        case .refusedByScene: "the scene format taking what the translator writes"
        }
    }
}
