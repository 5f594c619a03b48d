// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

extension String {
    var initials: String {
        split(separator: " ").compactMap { $0.first }.map { String($0) }.joined()
    }
}
