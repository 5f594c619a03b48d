import FocusEngine
import TenFootCore

/// How much an audit finding matters: errors and warnings make `tenfoot audit --strict` fail unless
/// the scene accepts them; information never does.
public enum AuditSeverity: String, Sendable, Hashable, CaseIterable, Codable {
    case error, warning, info

    /// SARIF's word for it (`note` for information).
    public var sarifLevel: String { self == .info ? "note" : rawValue }
}

/// One kind of finding `tenfoot audit` reports: the focus graph's and the lint's, each with its
/// severity (docs/scene-format.md, "Audit").
public struct AuditRule: Sendable, Hashable {
    public var code: String
    public var severity: AuditSeverity
    public var summary: String
    /// What `item` names in an acceptance of this finding.
    public var item: String
}

public enum AuditRules {
    /// The focus graph's findings (`FocusAudit`).
    public static let graph: [AuditRule] = [
        AuditRule(
            code: "unreachable", severity: .error,
            summary: "a focusable item no sequence of swipes reaches from the initial focus",
            item: "the unreachable item"),
        AuditRule(
            code: "trap", severity: .error, summary: "items swipes can enter but never leave",
            item: "any item of the trap"),
        AuditRule(
            code: "one-way", severity: .warning,
            summary: "a swipe from A to B whose opposite swipe does not return to A",
            item: "the item the swipe starts from (and `direction`, `to` to name one swipe)"),
        AuditRule(
            code: "dead-end", severity: .warning, summary: "an item from which no swipe moves focus", item: "the item"),
        AuditRule(
            code: "guide-never-fires", severity: .warning, summary: "a focus guide no swipe goes through",
            item: "the guide"),
        AuditRule(
            code: "section-never-catches", severity: .warning, summary: "a focus section no swipe is caught by",
            item: "the section"),
        AuditRule(
            code: "swipes-cut-short", severity: .warning,
            summary:
                "swipes whose search stopped at its share of the graph's work (items piled on one another): the graph may not be tvOS's",
            item: "the first item such a swipe starts from"),
    ]

    /// The accessibility rules every audit runs, `--accessibility` or not.
    public static let alwaysAudited: Set<String> = ["no-accessible-name", "low-contrast"]

    /// The accessibility audit's findings (`tenfoot audit --accessibility`; the errors in plain `audit` too).
    public static let accessibility: [AuditRule] = [
        AuditRule(
            code: "no-accessible-name", severity: .error,
            summary: "a focusable item VoiceOver has no name for (a symbol-only button, a poster without a title)",
            item: "the item"),
        AuditRule(
            code: "low-contrast", severity: .error,
            summary: "text whose contrast with what is drawn behind it is below WCAG AA (4.5:1; 3:1 for large text)",
            item: "the text or titled item"),
        AuditRule(
            code: "text-too-small", severity: .warning, summary: "text below tvOS's 23 pt minimum at the default size",
            item: "the text or titled item"),
        AuditRule(
            code: "text-truncated", severity: .warning, summary: "text cut short at a text size", item: "the item"),
        AuditRule(
            code: "items-overlap", severity: .warning, summary: "focusable items that overlap at a text size",
            item: "the first of the two"),
        AuditRule(
            code: "offscreen-content", severity: .warning,
            summary: "content pushed off the screen at a text size where nothing scrolls to it", item: "the item"),
        AuditRule(
            code: "unreachable-at-size", severity: .error,
            summary: "an item swipes reach at Large but not at a larger text size", item: "the item"),
        AuditRule(
            code: "lift-overlap", severity: .warning,
            summary: "a focused item that covers its neighbour when lifted (the gap is smaller than the lift)",
            item: "the item that lifts"),
        AuditRule(
            code: "sizes-cut-short", severity: .warning,
            summary:
                "a screen of so many nodes, or so much text, that it was looked at in fewer text sizes than asked for",
            item: "the screen's root"),
        AuditRule(
            code: "no-focus-sign", severity: .warning,
            summary: "an item whose focus effect is off and that looks the same focused and not", item: "the item"),
    ]

    /// What the scene names and cannot show.
    public static let assets: [AuditRule] = [
        AuditRule(
            code: "missing-image", severity: .warning,
            summary: "an image the scene names that cannot be read or decoded (drawn as a crossed box)",
            item: "the image's path")
    ]

    /// What the audit could not look at.
    public static let reading: [AuditRule] = [
        AuditRule(
            code: "source-cut-short", severity: .warning,
            summary:
                "a SwiftUI screen read only in part (a limit of the reader): the audit looks at the part read",
            item: "")
    ]

    /// An acceptance that matched no finding (it is reported, never fails `--strict`: under another
    /// `--policy` a finding may not happen).
    public static let unusedAcceptance = AuditRule(
        code: "unused-acceptance", severity: .info,
        summary: "an accepted finding that the audit no longer finds", item: "")

    /// Every finding, the graph's then the lint's.
    public static let all: [AuditRule] =
        graph + accessibility + assets + reading
        + SceneLint.rules.map {
            AuditRule(code: $0.code, severity: $0.severity, summary: $0.summary, item: "the node")
        }

    private static let byCode = Dictionary(
        ([unusedAcceptance] + all).map { ($0.code, $0) }, uniquingKeysWith: { a, _ in a })

    public static func rule(_ code: String) -> AuditRule? { byCode[code] }
}

/// `"audit": {"accept": [...]}` in a scene file: a finding the scene's authors know about, with why it
/// is right. An accepted finding is still reported (as accepted, with the reason) and does not fail
/// `--strict`.
public struct AuditAcceptance: Sendable, Hashable {
    /// The finding's code (`one-way`, `trap`, a lint rule's code…).
    public var finding: String
    /// The id the finding is about; nil accepts every finding of that code in the scene.
    public var item: String?
    /// For `one-way`: the swipe's direction and where it lands; nil matches any.
    public var direction: Direction?
    public var to: String?
    public var reason: String
    public var location: SourceLocation
    /// The file the acceptance is written in, when not the scene's (a SwiftUI source's sidecar).
    public var file: String?

    public init(
        finding: String, item: String? = nil, direction: Direction? = nil, to: String? = nil, reason: String,
        location: SourceLocation
    ) {
        self.finding = finding
        self.item = item
        self.direction = direction
        self.to = to
        self.reason = reason
        self.location = location
    }
}
