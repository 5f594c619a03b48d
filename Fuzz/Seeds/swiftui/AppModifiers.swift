import SwiftUI

// What apps build on SwiftUI: a generated strings table, a two-pane view configured by builder methods that
// return a changed copy, their own modifiers in `extension View`, and a ViewModifier.

enum Strings {
    static let account = Strings.tr("account", fallback: "Account")
    static let profiles = Strings.tr("profiles", fallback: "Profiles")
    static func signedIn(_ name: String) -> String { Strings.tr("signedIn", name, fallback: "Signed in as %@") }

    private static func tr(_ key: String, _ args: CVarArg..., fallback value: String) -> String {
        let format = Bundle.main.localizedString(forKey: key, value: value, table: nil)
        return String(format: format, locale: Locale.current, arguments: args)
    }
}

struct TwoPane: View {
    private var leading: () -> any View
    private var trailing: () -> any View
    private var footer: () -> any View

    var body: some View {
        HStack {
            leading()
                .eraseToAnyView()
                .frame(maxWidth: .infinity)
            VStack {
                Form {
                    trailing()
                        .eraseToAnyView()
                }
                footer()
                    .eraseToAnyView()
            }
        }
    }
}

extension TwoPane {
    init() {
        self.init(leading: { Color.clear }, trailing: { EmptyView() }, footer: { EmptyView() })
    }

    func leading(@ViewBuilder _ content: @escaping () -> any View) -> Self {
        var copy = self
        copy.leading = content
        return copy
    }

    func trailing(@ViewBuilder _ content: @escaping () -> any View) -> Self {
        change(\.trailing, to: content)
    }

    /// A helper from a package the sources do not include: read by its shape (a key path and a value).
    func footer(@ViewBuilder _ content: @escaping () -> any View) -> Self {
        copy(modifying: \.footer, with: content)
    }
}

extension View {
    func eraseToAnyView() -> AnyView { AnyView(self) }

    func change<V>(_ path: WritableKeyPath<Self, V>, to value: V) -> Self {
        var copy = self
        copy[keyPath: path] = value
        return copy
    }

    func rowStyle(inset: CGFloat = 20) -> some View {
        self.padding(.horizontal, inset)
    }
}

struct Dimmed: ViewModifier {
    var amount: Double

    func body(content: Content) -> some View {
        content.opacity(1 - amount)
    }
}

struct AccountSettings: View {
    @State private var sync = true

    var body: some View {
        TwoPane()
            .leading { Image(systemName: "person.circle") }
            .trailing {
                Section(Strings.account) {
                    Text(Strings.signedIn("Robin"))
                    Toggle(Strings.profiles, isOn: $sync)
                        .rowStyle()
                    Button("Sign Out") {}
                        .modifier(Dimmed(amount: 0.2))
                }
            }
            .footer { Button("Help") {} }
    }
}
