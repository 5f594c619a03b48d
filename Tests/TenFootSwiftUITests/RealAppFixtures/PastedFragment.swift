HStack {
    Button("Left") {}
    Button("Right") {}
}
.padding()
