import TenFootCore
import Testing

@Suite struct FilePathTests {
    /// `FilePath.folder` answers as `NSString.deletingLastPathComponent` does, without its trap on
    /// one-character relative paths (found by the command-line fuzz target: `--trace a`).
    @Test func folderOfAPath() {
        let cases: [(String, String)] = [
            ("a", ""), ("a/", ""), ("ab", ""), ("b.json", ""), ("a/b.json", "a"), ("a/b/", "a"), ("a//b", "a"),
            ("/b", "/"), ("/", "/"), ("//", "/"), ("", ""), ("/x/y/z.png", "/x/y"), ("./s.json", "."), ("\u{1F}", ""),
        ]
        for (path, folder) in cases { #expect(FilePath.folder(of: path) == folder, "\(path.debugDescription)") }
    }
}
