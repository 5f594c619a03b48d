// App60: a 60-file tvOS app of our own, one type a file; `tenfoot-bench swiftui Benchmarks/Fixtures/App60` opens it.
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
