#if canImport(SwiftParser)
    extension Interpreter {
        /// The value an app's flag has on a first launch, when its name says it is one: signed in, connected,
        /// onboarded, a disclaimer or terms seen or accepted, running under tests, anything in the user's library
        /// (favourited, subscribed, queued: false); a first launch, a setup or sign-in needed (true). Nil for any
        /// other name.
        static func firstLaunchValue(of name: String) -> Bool? {
            let n = name.lowercased()
            // Not about what the user has done: an empty list, a need, a load (`isFavoritesEmpty`,
            // `isSetupRequired`, `hasFinishedLoading`).
            for ending in ["empty", "required", "needed", "loading", "load", "loaded"] where n.hasSuffix(ending) {
                return nil
            }
            let done = [
                "loggedin", "signedin", "authenticated", "authorized", "authorised", "onboarded", "registered",
                "paired", "activated", "configured", "setup", "connected",
            ]
            if n.hasPrefix("is"), done.contains(where: { n.dropFirst(2).hasPrefix($0) }) { return false }
            // A new user's library is empty: nothing favourited, subscribed to, bookmarked, queued, downloaded.
            let kept = [
                "favorite", "favourite", "subscribed", "bookmarked", "watchlist", "upnext", "following", "liked",
                "downloaded",
            ]
            if n.hasPrefix("is"), kept.contains(where: { n.contains($0) }) { return false }
            let seen = [
                "seen", "accepted", "agreed", "completed", "finished", "onboarded", "launched", "consent",
                "analyticsconsent", "setup", "loggedin", "signedin", "configured",
            ]
            if n.hasPrefix("has") || n.hasPrefix("did"), seen.contains(where: { n.dropFirst(3).hasPrefix($0) }) {
                return false
            }
            // A user's launch, not a test run or Xcode's preview canvas.
            let harness = ["runningtests", "testing", "uitest", "unittest", "runninginpreview", "xcodepreview"]
            if n.hasPrefix("is"), harness.contains(where: { n.contains($0) }) { return false }
            if ["isfirstlaunch", "isfirstrun", "isfirsttime", "isfirstopen", "isfirstboot", "isfirstuse"].contains(
                where: { n.hasPrefix($0) })
            {
                return true
            }
            let needed = ["onboarding", "setup", "login", "signin"]
            for prefix in ["needs", "shouldshow"] where n.hasPrefix(prefix) {
                if needed.contains(where: { n.dropFirst(prefix.count).hasPrefix($0) }) { return true }
            }
            return nil
        }
    }
#endif
