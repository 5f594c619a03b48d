import SwiftUI

// The model lives in a folder of its own, as apps keep it: the view's file does not name this one.
enum Show: String, CaseIterable, Identifiable {
    case harbour
    case lights
    case summit

    var id: Self { self }

    /// An instance member that uses `self` without naming it.
    var title: String { rawValue.capitalized }

    var poster: Image { Image(systemName: symbol) }

    var symbol: String {
        switch self {
        case .harbour: "sailboat"
        case .lights: "sparkles"
        case .summit: "mountain.2"
        }
    }
}

enum Palette {
    static var backdrop: some View { Color.black }
}
