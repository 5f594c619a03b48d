import Foundation
import TenFootCore
import TenFootScene

/// `tenfoot report merge DIR... --out DIR`: the reports of a sharded run (`test --shard K/N --report DIR`) joined into
/// the report one unsharded run writes, byte for byte. Each input is read within the limits of `TestReport.read`, and
/// only the pictures its `report.json` names, each a regular file of at most 64 MB (1 GB together).
enum ReportCommand: Command {
    static let out = OptionDeclaration.option(
        "--out", "DIR", .file(extensions: [], folders: true),
        help: "the folder to write the merged report in (new, or an earlier report, which is replaced)"
    ).required

    static let declaration = CommandDeclaration(
        name: "report",
        summary: "join the HTML reports of test shards into one",
        arguments: [
            ArgumentDeclaration(placeholder: "merge", kind: .choice(["merge"]), count: .one, help: "merge"),
            ArgumentDeclaration(
                placeholder: "DIR", kind: .file(extensions: [], folders: true), count: .any,
                help: "report folders written by tenfoot test --report"),
        ],
        options: [out],
        discussion: """
            Joins the report folders of a sharded run (each job ran tenfoot test --shard K/N --report DIR) into \
            the report an unsharded run writes, byte for byte: the screens sorted by file, every picture copied. \
            A screen in two reports must have the same results in both. Exit 2 when a report cannot be read.
            """)

    static func run(_ p: ParsedArguments) throws -> Int32 {
        let folders = Array(p.positional.dropFirst())
        guard !folders.isEmpty else { throw CLIError.usage("report merge: name the report folders to join") }
        guard folders.count <= TestReport.maxMergedReports else {
            throw CLIError.usage(
                "report merge: \(folders.count) reports; one merge joins at most \(TestReport.maxMergedReports) (merge them in groups, then the groups)"
            )
        }
        let destination = p.value(out)!
        var reports: [TestReport] = []
        var pictures: [String: [UInt8]] = [:]
        var total = 0
        var jsonTotal = 0
        for folder in folders {
            if BundleFiles.isSameFile(folder, destination) {
                throw CLIError.usage(
                    "--out \(quoted(destination)) is the input \(quoted(folder)): writing it would replace it; name another folder"
                )
            }
            func fail(_ message: String) -> CLIError { CLIError.usage("\(folder): \(message)") }
            let bytes: [UInt8]
            do throws(Diagnostic) {
                bytes = try TextFile.bytes(
                    path: folder + "/report.json", maxBytes: TestReport.maxJSONBytes, what: "report")
            } catch { throw fail(error.message) }
            jsonTotal += bytes.count
            guard jsonTotal <= TestReport.maxMergedJSONBytes else {
                throw fail(
                    "the reports' report.json files come to more than \(byteCount(TestReport.maxMergedJSONBytes)) together; a merged report could not be read again"
                )
            }
            let report: TestReport
            do throws(TestReport.Invalid) { report = try TestReport.read(bytes) } catch { throw fail(error.message) }
            for name in report.pictures {
                guard pictures[name] == nil else { continue }
                // A report writes its pictures as files of its own: a link in their place, a hard link (another name of
                // a file elsewhere) or a picture in a folder that is a link could copy any file the user can read
                // (`shots/a.png` → `/etc/passwd`) into the merged report.
                var link = stat()
                var folderLink = stat()
                let sub = (name as NSString).deletingLastPathComponent
                if lstat(folder + "/" + name, &link) == 0,
                    link.st_mode & S_IFMT != S_IFREG || link.st_nlink != 1
                        || (lstat(folder + "/" + sub, &folderLink) == 0 && folderLink.st_mode & S_IFMT != S_IFDIR)
                {
                    throw fail(
                        "\(name): not a plain file of the report's own (a link, a file with other names, or in a linked folder); a report's pictures are files it wrote"
                    )
                }
                let picture: [UInt8]
                do throws(Diagnostic) {
                    picture = try TextFile.bytes(
                        path: folder + "/" + name, maxBytes: TestReport.maxPictureBytes, what: "picture")
                } catch { throw fail("\(name): \(error.message)") }
                if name.hasSuffix(".svg"), let (problem, line, column) = TestReport.svgProblemPlaced(picture) {
                    throw fail("\(name):\(line):\(column): \(problem); a report's maps are drawings TenFoot wrote")
                }
                total += picture.count
                guard total <= TestReport.maxPicturesBytes else {
                    throw fail("the pictures come to more than \(byteCount(TestReport.maxPicturesBytes)) together")
                }
                pictures[name] = picture
            }
            reports.append(report)
        }
        let merged: TestReport
        do throws(TestReport.Invalid) { merged = try TestReport.merge(reports) } catch {
            throw CLIError.usage(error.message)
        }
        let results = merged.screens.reduce(0) { $0 + $1.results.count }
        guard merged.screens.count <= TestReport.maxScreens, results <= TestReport.maxResults else {
            throw CLIError.usage(
                "report merge: the merged report would hold \(merged.screens.count) screens and \(results) results; a report holds at most \(TestReport.maxScreens) and \(TestReport.maxResults) (merge fewer shards)"
            )
        }
        try TestReport.write(try merged.files(pictures: pictures), to: destination, option: "--out")
        CLI.printText(
            "\(destination)/index.html: \(merged.screens.count) screens from \(folders.count) reports, \(merged.passed) passed, \(merged.failed) failed"
        )
        return 0
    }
}

extension TestReport {
    /// Every picture the report names, sorted.
    var pictures: [String] {
        Set(
            screens.flatMap { s in
                (s.map.map { [$0] } ?? []) + s.results.flatMap { $0.strip + ($0.shot.map { [$0] } ?? []) }
            }
        )
        .sorted()
    }
}
