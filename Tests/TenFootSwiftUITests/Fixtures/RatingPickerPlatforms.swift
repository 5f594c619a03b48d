// Seed: swiftui-cookbook-for-focus-wwdc23.md, "自定义焦点控件支持键盘和数码表冠" (RatingPicker): a focusable
// (activate) row of emoji; its move handler is compiled for macOS only and its crown handling for watchOS
// only, so on tvOS left and right move focus as usual.
import SwiftUI

enum Mood: Int, CaseIterable, Identifiable {
    case awful, meh, fine, great, superb
    var id: Int { rawValue }
    var emoji: String {
        switch self {
        case .awful: "😖"
        case .meh: "😕"
        case .fine: "🙂"
        case .great: "😀"
        case .superb: "🤩"
        }
    }
}

struct MoodFace: View {
    let mood: Mood
    let isSelected: Bool
    let choose: () -> Void

    var body: some View {
        Text(mood.emoji)
            .font(.title)
            .opacity(isSelected ? 1 : 0.5)
            .onTapGesture(perform: choose)
    }
}

struct MoodRow<Content: View>: View {
    @ViewBuilder var content: Content

    var body: some View {
        HStack(spacing: 20) { content }
    }
}

struct MoodPicker: View {
    @Environment(\.layoutDirection) private var layoutDirection
    @Binding var mood: Mood?
    @State private var crownValue = 0.0

    var body: some View {
        MoodRow { moodOptions }
            .contentShape(.capsule)
            .focusable(interactions: .activate)
            #if os(macOS)
            .onMoveCommand { direction in
                step(direction)
            }
            #endif
            #if os(watchOS)
            .digitalCrownRotation($crownValue, from: 0, through: Double(Mood.allCases.count - 1), by: 1, sensitivity: .low)
            #endif
    }

    private var moodOptions: some View {
        ForEach(Mood.allCases) { option in
            MoodFace(mood: option, isSelected: mood == option) {
                mood = option
            }
        }
    }

    private func step(_ direction: MoveCommandDirection) {}
}

struct ReviewScreen: View {
    @State private var mood: Mood? = .fine

    var body: some View {
        HStack(spacing: 80) {
            Button("Back") {}
            MoodPicker(mood: $mood)
            Button("Share") {}
        }
    }
}
