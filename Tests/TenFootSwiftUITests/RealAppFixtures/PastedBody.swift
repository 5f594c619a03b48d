// Pasted from a document: a body with no struct around it, its strings in typographic quotes.
var body: some View {
    VStack {
        Button(“Play”) {}
        Button(“Trailer”) {}
        Text("A “quoted” word stays as it is")
    }
}
