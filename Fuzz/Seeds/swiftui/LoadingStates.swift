import SwiftUI

// A screen whose content follows a model only the running app fills: a loading state, a failure and the
// loaded list, a banner that may or may not be there, and a signed-in switch.
struct Show: Identifiable {
    let id: Int
    let title: String
}

enum LibraryPhase {
    case loading
    case failed(Error)
    case loaded([Show])
}

enum AccountState {
    case failed(Error)
    case signedIn(String)
}

final class LibraryModel: ObservableObject {
    @Published var phase: LibraryPhase = .loading
    @Published var account: AccountState = .signedIn("")
    @Published var banner: String?
    @Published var isSignedIn = false
}

struct LoadingStatesView: View {
    @EnvironmentObject var library: LibraryModel

    var body: some View {
        VStack(alignment: .leading) {
            switch library.phase {
            case .loading:
                ProgressView()
            case .failed:
                Button("Try Again") {}
            case .loaded(let shows):
                ScrollView(.horizontal) {
                    HStack {
                        ForEach(shows) { show in
                            Button(show.title) {}
                        }
                    }
                }
                .onLibraryAppear {}
            }
            if let banner = library.banner {
                Text(banner)
            }
            if library.isSignedIn {
                Button("Sign Out") {}
            } else {
                HStack {
                    Button("Sign In") {}
                    Button("Create Account") {}
                }
            }
            switch library.account {
            case .failed:
                HStack {
                    Button("Retry Sign In") {}
                    Button("Help") {}
                }
            case .signedIn(let name):
                Button(name) {}
            }
        }
    }
}

// An app's modifier that hands over to its ViewModifier with a bare `modifier(…)` call.
struct LibraryAppear: ViewModifier {
    let perform: () -> Void

    func body(content: Content) -> some View {
        content.onAppear(perform: perform)
    }
}

extension View {
    func onLibraryAppear(perform: @escaping () -> Void) -> some View {
        modifier(LibraryAppear(perform: perform))
    }
}
