// App60: a 60-file tvOS app, the fixture of tenfoot-bench swiftui-app (scripts/make-app60.py writes it).
import SwiftUI

struct AboutView: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 20) {
            Text("App60").font(.title)
            Text("Version 1.0").font(.headline)
            Text("A fixture of TenFoot's benchmarks.").font(.body)
        }
    }
}
