import SwiftUI

enum L10n {
    private static func l(_ key: String) -> String {
        Bundle.main.localizedString(forKey: key, value: nil, table: nil)
    }
    static var signOut: String { l("action_sign_out") }
    static func text(_ key: String.LocalizationValue) -> String { String(localized: key) }
    static func ns(_ key: String) -> String { NSLocalizedString(key, comment: "") }
    static var missing: String { l("no_such_key") }
}

struct SettingsScreen: View {
    @State private var autoplay = true
    @State private var server = ""
    private let episodes = 12
    private let show = "Harbour"

    var body: some View {
        VStack(spacing: 40) {
            Text("settings_title")
            Text(verbatim: "settings_title")
            Text("menu_title", tableName: "Menus")
            Text("episodes_count", tableName: "Menus")
            Button("action_connect") {}
            Label("nav_home", systemImage: "house")
            Toggle("toggle_autoplay", isOn: $autoplay)
            TextField(text: $server, prompt: Text("field_server").foregroundColor(.gray)) {}
            Button(NSLocalizedString("msg_ok", comment: "")) {}
            Button(String(localized: "msg_help")) {}
            Button(L10n.signOut) {}
            Button(L10n.missing) {}
            Button(L10n.text("msg_help")) {}
            Button(L10n.ns("nav_home")) {}
            Text("\(episodes) episodes of \(show), 100% free")
            Text("\(episodes) not in any table")
            Text("not_in_any_table")
            Text("Plain words")
        }
        .navigationTitle("settings_title")
    }
}
