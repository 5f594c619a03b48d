import FocusEngine
import TenFootScene

// The parts a simulator's state is made of. Each is a value: a screen left by a navigation push keeps all
// of them as they were, and an event changes them through the simulator's methods, which mark what the
// layout commit must bring up to date (`Simulator.invalidate`).

extension Simulator {
    /// Where the user is: the selected tabs and the tab bar, the navigation push or pop under way, whether
    /// the app has exited, and how focus got where it is.
    public struct NavigationState: Sendable {
        /// The selected tab of each tab bar, by tab bar id.
        public internal(set) var selectedTabs: [String: String] = [:]
        /// When the tab bar last started to show or hide, and whether it is shown (it slides away while
        /// focus is in the content; `+TabBar`). Change it with `setTabBarVisible`.
        public internal(set) var tabBarChange: (tick: Tick, visible: Bool) = (-1_000_000, true)
        /// The navigation push or pop under way (the screen left or going away, sliding).
        public internal(set) var transition: ScreenTransition?
        /// Set when Home is pressed, or Menu at the top level: the app exits.
        public internal(set) var exited = false
        public internal(set) var lastUpdate: FocusUpdate?
        /// The explanation of the last swipe, taken before the move (same geometry the move saw).
        public internal(set) var lastExplanation: Explanation?
    }

    /// What is presented over the screen: sheets and alerts, and their transitions.
    public struct PresentationState: Sendable {
        /// Presented sheets, bottom first.
        public internal(set) var presented: [String] = []
        /// Sheets and alerts appearing or going away, oldest first.
        public internal(set) var transitions: [PresentationTransition] = []
    }

    /// Text entry: the field being edited and its keyboard, the search's keyboard and results, and the
    /// current value of every text field and picker.
    public struct TextEntryState: Sendable {
        /// The text field being edited (select on a focused field opens the full-screen keyboard; tvOS behaviour).
        public internal(set) var editing: String?
        /// The full-screen entry screen's keyboard while a text field is edited (`+Keyboard`).
        public internal(set) var entry: KeyboardState?
        /// The search's inline keyboard (a scene with a `search` node).
        public internal(set) var searchKeyboard: KeyboardState?
        /// The search's items, as the scene gives them (its children in the file), which the query filters.
        var searchCatalogue: [SceneNode] = [] {
            didSet { searchFolded = searchCatalogue.map { SearchMatch.Folded($0.title ?? "") } }
        }
        /// The items' titles folded (``SearchMatch/fold(_:)``) once, for every query typed: folded again at each
        /// keystroke, 499 titles of 4,000 accented characters took 0.25 s a character.
        var searchFolded: [SearchMatch.Folded] = []
        /// What the search's column shows now (`+Keyboard` builds it again only when this changes).
        var searchShown: SearchInputs?
        /// Current text of each text field and chosen option of each picker, by id (initialised from the scene).
        public internal(set) var fieldValues: [String: String] = [:]
    }

    /// Animation records, each a pure function of the clock once stored (`+Animation`, `+DataMotion`).
    public struct MotionState: Sendable {
        var focusChanges: [String: FocusChange] = [:]
        var scrollAnimations: [String: ScrollAnimation] = [:]
        var bump: Bump?
        /// The item pressed last, and its press (the highlighted state: a sink and back).
        var press: (id: String, motion: Animation)?
        var lastMoveTick: Tick = -1_000_000
        /// The value each focused scene value had before its last change, and when it changed (hero cross-fades).
        public internal(set) var sceneValueChanges: [String: (old: String?, tick: Tick)] = [:]
        /// Data changes on screen: sliding neighbours, items fading in, ghosts fading out.
        var slides: [String: Slide] = [:]
        var appears: [String: Tick] = [:]
        var vanishing: [Vanishing] = []
    }

    /// The app's data: the scene's state values (`@State`, FocusState bindings) and what data actions keep
    /// between events (`+Data`).
    public struct DataState: Sendable {
        /// The scene's state values, by name: conditions and FocusState bindings read them.
        public internal(set) var state: [String: StateValue] = [:]
        /// Each toggle's own value (a toggle bound to a state value keeps it there instead).
        public internal(set) var toggles: [String: Bool] = [:]
        /// The id of the node the last `append` action added (`"$last"` in a `focus` action).
        package var lastAppended: String?
        /// Per `onReachEnd` container, the item whose arrival last fired it (fire once per arrival).
        package var reachEndFiredFor: [String: String] = [:]
        /// The focused item when `onReachEnd` was last considered: only focus arriving somewhere fires it
        /// (a data action that moves the focused item near the end is not an arrival).
        package var reachEndLastFocus: String?
        /// Per `onReachEnd` container, the pages it has added so far.
        package var pagesAdded: [String: Int] = [:]
        /// Data actions refused so far (they changed nothing; the trace says why).
        package var refused = 0
        /// Why the last refused one changed nothing.
        package var lastRefusal: String?
        /// The scene as it was before the first data action: templates may name its nodes.
        package var initial: Scene?
    }

    // Animation records: each a pure function of time once stored.
    struct FocusChange: Sendable {
        var motion: Animation
        var to: Bool
        var from: Double
    }

    struct ScrollAnimation: Sendable {
        var motion: Animation
        var from: Double
        var to: Double
        var horizontal: Bool = false
        init(tick: Tick, from: Double, to: Double, horizontal: Bool = false) {
            motion = Animation(start: tick, duration: Motion.scrollTicks, curve: .easeInOut)
            self.from = from
            self.to = to
            self.horizontal = horizontal
        }
    }

    struct Bump: Sendable {
        var motion: Animation
        var direction: Direction
        init(tick: Tick, direction: Direction) {
            motion = Animation(start: tick, duration: Motion.bumpTicks, curve: .pulse)
            self.direction = direction
        }
    }
}
