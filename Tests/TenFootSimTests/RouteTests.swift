import FocusEngine
import Foundation
import TenFootCore
import TenFootScene
import Testing

/// A press's route has one form per output: text, the `expect` word, and the fields of a JSON line.
@Suite struct RouteTests {
    @Test(
        arguments: [
            (Route.moved(.guide, by: "g"), "guide g", "guide", #"{"via": "guide", "by": "g"}"#),
            (.moved(.direct, by: nil), "direct", "direct", #"{"via": "direct"}"#),
            (.unchanged, "unchanged", "unchanged", #"{"unchanged": true}"#),
            (
                .blocked(.nothingInPath), "blocked: nothing focusable in the path", "blocked",
                #"{"blocked": "nothing focusable in the path"}"#
            ),
            (.consumed(by: "rating"), "consumed by rating", "consumed", #"{"consumed": "rating"}"#),
            (.vetoed(by: "lock"), "vetoed by lock", "vetoed", #"{"vetoed": "lock"}"#),
            (.exitedHome, "exit to Home", "home", #"{"exit": "home"}"#),
        ] as [(Route, String, String, String)])
    func everyRouteHasOneFormPerOutput(_ route: Route, _ text: String, _ word: String, _ line: String) throws {
        #expect(route.description == text)
        #expect(route.kind.description == word && Route.Kind(word: word) == route.kind)
        #expect(try JSONLine.encode(route) == line)
        #expect(try JSONDecoder().decode(Route.self, from: Data(line.utf8)) == route)
    }

    /// A press that leaves focus where it was is `unchanged`, whatever update reported it; a press
    /// with no update is Home when it exited.
    @Test func routesOfPresses() {
        let same = FocusUpdate(previous: "a", next: "a", heading: .programmatic, via: .programmatic)
        #expect(Route(same) == .unchanged)
        #expect(same.description == "programmatic: a unchanged")
        let moved = FocusUpdate(
            previous: "a", next: "b", heading: .move(.right), via: .section, routedBy: "s")
        #expect(Route(moved) == .moved(.section, by: "s"))
        #expect(moved.description == "right: a -> b (section s)")
        #expect(Route(nil, exited: true) == .exitedHome && Route(nil) == .unchanged)
    }

    /// The words an `expect` block may name are the kinds' words, each once, in the documented order.
    @Test func expectWordsAreTheKinds() {
        let words = Route.Kind.all.map(\.description)
        #expect(
            words == [
                "direct", "section", "guide", "remembered", "default", "programmatic", "restored", "sequential",
                "survivor",
                "system", "adjacent", "blocked", "consumed", "vetoed", "unchanged", "home",
            ])
        #expect(Set(words).count == words.count)
    }

    /// JSON lines keep keys in encoding order, embed nested values flat or nested, and write whole
    /// numbers as integers.
    @Test func jsonLinesKeepTheirOrder() throws {
        struct Line: Encodable {
            var name = "x\"y"
            var route = Route.moved(.default, by: "c")
            enum K: String, CodingKey { case name, n, t, missing, list, none }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: K.self)
                try c.encode(name, forKey: .name)
                try route.encode(to: encoder)
                try c.encode(2.0, forKey: .n)
                try c.encode(0.0008, forKey: .t)
                try c.encodeIfPresent(nil as String?, forKey: .missing)
                try c.encode([1, 2], forKey: .list)
                try c.encode(nil as String?, forKey: .none)
            }
        }
        #expect(
            try JSONLine.encode(Line())
                == #"{"name": "x\"y", "via": "default", "by": "c", "n": 2, "t": 0.0008, "list": [1, 2], "none": null}"#)
    }
}
