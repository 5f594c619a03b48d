/// The one rule for the names of files inside archives — repro bundles (tar) and `.lsr` layered images (ZIP):
/// relative paths that stay inside the archive and mean the same file on every system.
public enum MemberName {
    public enum Problem: Sendable, Equatable {
        case empty
        case absolute
        /// A control character (NUL included): no file system shows one the same way.
        case controlCharacter
        /// A backslash: a folder separator on Windows.
        case backslash
        /// A colon: TenFoot names a layer inside an `.lsr` `ARCHIVE:MEMBER`, so a member's own name may not hold
        /// one (a bundle's members may).
        case colon
        /// A `..` component.
        case climbsOut
        /// An empty or `.` component.
        case emptyComponent
    }

    /// What is wrong with `name`, the first problem in this order: empty, absolute, control character, backslash,
    /// colon (unless `allowsColon`), then each component in turn.
    public static func problem(_ name: String, allowsColon: Bool) -> Problem? {
        if name.isEmpty { return .empty }
        if name.hasPrefix("/") { return .absolute }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\u{7F}" }) { return .controlCharacter }
        if name.contains("\\") { return .backslash }
        if !allowsColon, name.contains(":") { return .colon }
        for part in name.split(separator: "/", omittingEmptySubsequences: false) {
            if part == ".." { return .climbsOut }
            if part == "." || part.isEmpty { return .emptyComponent }
        }
        return nil
    }
}
