import Foundation
import TenFootCore

/// An image of 2–5 layers (tvOS layered images: "layers closer to the surface elevate and scale, overlapping
/// lower layers"), read from Xcode's asset format — an `.imagestack` folder — or from a plain JSON list of
/// layer images. Both give the same model: a canvas, and each layer's file and frame on it, back first.
///
/// `.imagestack` (Apple, *Asset Catalog Format Reference*: Image Stack Type, Image Stack Layer Type, Image
/// Set Type):
///
///     Poster.imagestack/Contents.json       {"layers": [{"filename": "Front.imagestacklayer"}, …], front first;
///                                            optional "properties": {"canvasSize": {"width", "height"}}}
///     Front.imagestacklayer/Contents.json   optional: "properties": {"frame-size": {…}, "frame-center": {"x", "y"}}
///     Front.imagestacklayer/Content.imageset/Contents.json   {"images": [{"filename", "idiom", "scale"}]}
///
/// The JSON list (for everyone without Xcode; the same vocabulary and order, front first):
///
///     {"layers": [{"image": "front.png", "frame": {"x": 40, "y": 600, "width": 900, "height": 200}},
///                 {"image": "back.jpg"}],
///      "canvas": {"width": 1000, "height": 1500}}
///
/// The canvas defaults to the background (last) layer's size; a layer without a frame covers the canvas.
/// Frames are in canvas pixels at 1x (a 2x image counts half its pixels). Referenced layers
/// (`content-reference`) need the whole catalog and are refused.
///
/// `.lsr` (Apple: "a ZIP container that encapsulates the files and folders defining an image stack"): the same
/// tree as an `.imagestack` folder, at the archive's root, read in memory through `Zip` (nothing is extracted);
/// its layers carry their image bytes, and its places read `poster.lsr:Contents.json`. `.lcr` (what
/// `layerutil` compiles for the device) has no published format and is refused with that reason.
public struct LayeredImage: Sendable, Hashable {
    public struct Layer: Sendable, Hashable {
        /// The layer's image file (the stack's path joined with its place in it).
        public var file: String
        /// Its frame on the canvas, 1x pixels: x, y of the top-left corner, width and height.
        public var x: Double, y: Double, width: Double, height: Double
        /// The image file's bytes when it is a member of an `.lsr` archive (`file` is then
        /// `ARCHIVE:MEMBER`, a name for messages and caches, not a path); nil when `file` is on disk.
        public var bytes: [UInt8]? = nil
    }

    public var path: String
    public var canvasWidth: Double
    public var canvasHeight: Double
    /// Back first (the reverse of the files' order).
    public var layers: [Layer]
    /// Every file read (the Contents.json files and the images), for bundles: absolute or as `path` was given.
    public var files: [String]
    /// What reading it inflated (an `.lsr`'s members; 0 for a folder or a list).
    public var inflatedBytes = 0

    /// Layer counts the HIG allows.
    public static let layerCounts = 2...5

    /// A folder no file outside of is read while it is set (a replay checks a bundle's layered images so: an image
    /// set or a layer list may name `../…` or an absolute path). The check is by the path's text, which is enough
    /// where it is used: a bundle's private copy holds no links.
    @TaskLocal public static var confinement: String?
    /// How the message of a file refused for `confinement` ends.
    public static let outsideConfinement = "a replay reads nothing outside its bundle"

    /// Refuses a file outside `confinement`, at the place in `from` that names it.
    static func checkConfined(_ file: String, from: String, at: SourceLocation, path: String) throws(Diagnostic) {
        guard let root = confinement else { return }
        let here = FileManager.default.currentDirectoryPath
        let top = FilePath.lexicallyAbsolute(root, base: here)
        if FilePath.isInside(FilePath.lexicallyAbsolute(file, base: here), top), !file.contains("\0") { return }
        throw Diagnostic(
            file: from, at: at, path: path,
            "\(quoted((file as NSString).lastPathComponent)) is outside the folder being read (\(quoted(top, limit: 1000))); \(outsideConfinement)"
        )
    }

    /// Why a file that is not there is not: "no such file", unless a look at it says more (a loop of links).
    static func noSuchFile(_ path: String) -> String {
        FilePath.unusualAbsence(path).map { "it \($0)" } ?? "no such file"
    }

    /// The largest `.lsr` archive read, and the most its members may hold together.
    public static let maxArchiveBytes = 256 << 20

    /// Whether an image path names a layered image rather than a picture: an `.imagestack` folder, an `.lsr`
    /// archive (or an `.lcr`, refused when loaded) or a `.json` layer list.
    public static func isLayered(_ path: String) -> Bool {
        let p = path.hasSuffix("/") ? String(path.dropLast()) : path
        let lower = p.lowercased()
        return p.hasSuffix(".imagestack") || lower.hasSuffix(".json") || lower.hasSuffix(".lsr")
            || lower.hasSuffix(".lcr")
    }

    /// Reads the layered image at `path`, choosing each layer's image for `scale` (1 at 1080p, 2 at 4K; the
    /// other scale when that one is missing). Errors name the file, line and column.
    /// `maxArchiveBytes`: the most an `.lsr`'s members may inflate to (a table gives what is left of its budget).
    public static func load(_ path: String, scale: Int = 1, maxArchiveBytes: Int = maxArchiveBytes) throws(Diagnostic)
        -> LayeredImage
    {
        let p = path.hasSuffix("/") ? String(path.dropLast()) : path
        let lower = p.lowercased()
        if lower.hasSuffix(".lcr") {
            throw Diagnostic(
                file: p, at: .start,
                "a .lcr (a layered image compiled for the device) is not read: Apple documents no format for it. "
                    + "Give the .lsr or the .imagestack it was made from")
        }
        if lower.hasSuffix(".lsr") { return try loadArchive(p, scale: scale, maxInflated: maxArchiveBytes) }
        return p.hasSuffix(".imagestack") ? try loadStack(Tree(folder: p), scale: scale) : try loadList(p)
    }

    // MARK: .lsr

    static func loadArchive(_ path: String, scale: Int, maxInflated: Int = maxArchiveBytes) throws(Diagnostic)
        -> LayeredImage
    {
        guard FileManager.default.fileExists(atPath: path) else {
            throw Diagnostic(file: path, at: .start, noSuchFile(path))
        }
        let bytes = try TextFile.bytes(path: path, maxBytes: maxArchiveBytes, what: ".lsr archive")
        let members: [Zip.Member]
        do { members = try Zip.read(bytes, limits: Zip.Limits(maxMembers: 1000, maxTotalBytes: maxInflated)) } catch {
            throw Diagnostic(file: path, at: .start, "not a readable .lsr (a ZIP archive of an image stack): \(error)")
        }
        // macOS's Archive Utility adds __MACOSX/ (resource forks as ._ files): not part of the stack.
        let stack = members.filter { !$0.name.hasPrefix("__MACOSX/") }
        var byName: [String: [UInt8]] = [:]
        for m in stack { byName[m.name] = m.bytes }
        // Some tools zip the stack's folder rather than its contents: one top folder holding Contents.json.
        var prefix = ""
        if byName["Contents.json"] == nil, let first = stack.first?.name.split(separator: "/").first,
            stack.allSatisfy({ $0.name.hasPrefix(first + "/") }), byName[first + "/Contents.json"] != nil
        {
            prefix = first + "/"
        }
        guard byName[prefix + "Contents.json"] != nil else {
            throw Diagnostic(
                file: path, at: .start,
                "this .lsr has no Contents.json at its root: an .lsr is a ZIP of an image stack's contents")
        }
        var image = try loadStack(Tree(archive: path, prefix: prefix, members: byName), scale: scale)
        image.path = path
        image.files = [path]
        image.inflatedBytes = members.reduce(0) { $0 + $1.bytes.count }
        return image
    }

    /// Where a stack's files are: a folder on disk, or the members of an archive (names relative to its root).
    struct Tree {
        var root: String
        var members: [String: [UInt8]]?
        var prefix = ""
        init(folder: String) {
            root = folder
            members = nil
        }
        init(archive: String, prefix: String, members: [String: [UInt8]]) {
            root = archive
            self.prefix = prefix
            self.members = members
        }
        /// The name a file goes by in messages (and, on disk, its path).
        func name(_ relative: String) -> String {
            members == nil ? (root.isEmpty ? relative : root + "/" + relative) : root + ":" + prefix + relative
        }
        func isFile(_ relative: String) -> Bool {
            members.map { $0[prefix + relative] != nil } ?? FileManager.default.fileExists(atPath: name(relative))
        }
        func isDirectory(_ relative: String) -> Bool {
            guard let members else { return LayeredImage.isDirectory(name(relative)) }
            let p = prefix + relative + "/"
            return members.keys.contains { $0.hasPrefix(p) }
        }
        func text(_ relative: String) throws(Diagnostic) -> String {
            guard let members else {
                return try TextFile.read(path: name(relative), maxBytes: 1 << 20, what: "layered image description")
            }
            guard let bytes = members[prefix + relative] else {
                throw Diagnostic(file: name(relative), at: .start, "no such member")
            }
            guard bytes.count <= 1 << 20 else {
                throw Diagnostic(file: name(relative), at: .start, "the layered image description is larger than 1 MB")
            }
            return try UTF8Text.decode(bytes, file: name(relative))
        }
        func bytes(_ relative: String) -> [UInt8]? { members?[prefix + relative] }
    }

    // MARK: .imagestack

    static func loadStack(_ tree: Tree, scale: Int) throws(Diagnostic) -> LayeredImage {
        var files: [String] = []
        let path = tree.root
        let top = tree.name("Contents.json")
        // A pipe or a file named like a stack was read as a folder without its Contents.json ("no such file").
        var info = stat()
        if tree.members == nil, stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
            let kind = info.st_mode & S_IFMT == S_IFREG ? "a file" : "a device, a pipe or a socket"
            throw Diagnostic(file: path, at: .start, "an .imagestack is a folder; this is \(kind)")
        }
        let json = try readJSON(tree, "Contents.json", &files)
        guard let entries = json["layers"]?.array else {
            throw Diagnostic(
                file: top, at: json["layers"]?.location ?? json.location, path: "layers",
                "an image stack needs \"layers\": an array of {\"filename\": \"NAME.imagestacklayer\"}, front first")
        }
        try checkCount(entries.count, file: top, at: json["layers"]!.location)
        var layers: [Layer] = []
        var canvas: (Double, Double)?
        if let size = json["properties"]?["canvasSize"] {
            canvas = try readSize(size, file: top, path: "properties.canvasSize")
        }
        var pending:
            [(image: ChosenImage, bytes: [UInt8]?, frame: (size: (Double, Double)?, centre: (Double, Double)?))] = []
        for (k, entry) in entries.enumerated() {
            let at = "layers[\(k)].filename"
            guard let name = entry["filename"]?.string else {
                throw Diagnostic(
                    file: top, at: entry.location, path: "layers[\(k)]",
                    "a layer needs \"filename\": the name of its .imagestacklayer folder")
            }
            let location = entry["filename"]!.location
            guard name.hasSuffix(".imagestacklayer"), !name.contains("/") else {
                throw Diagnostic(
                    file: top, at: location, path: at,
                    "\(quoted(name)) is not a layer folder: layers are NAME.imagestacklayer folders inside the stack")
            }
            guard tree.isDirectory(name) else {
                let why = tree.members == nil ? FilePath.unusualAbsence(tree.name(name)) : nil
                throw Diagnostic(
                    file: top, at: location, path: at,
                    why.map { "the layer folder \(quoted(name)) \($0)" }
                        ?? "the layer folder \(quoted(name)) is not in \(quoted(path, limit: 1000))")
            }
            // The layer's own Contents.json is optional (Xcode leaves it out of embedded layers).
            var frame: (size: (Double, Double)?, centre: (Double, Double)?) = (nil, nil)
            let layerContents = tree.name(name + "/Contents.json")
            if tree.isFile(name + "/Contents.json") {
                let l = try readJSON(tree, name + "/Contents.json", &files)
                if let ref = l["properties"]?["content-reference"] {
                    throw Diagnostic(
                        file: layerContents, at: ref.location, path: "properties.content-reference",
                        "a layer that refers to an image set elsewhere in the catalog is not supported: put the image set inside the layer (Content.imageset)"
                    )
                }
                if let s = l["properties"]?["frame-size"] {
                    frame.size = try readSize(s, file: layerContents, path: "properties.frame-size")
                }
                if let c = l["properties"]?["frame-center"] {
                    frame.centre = try readPoint(c, file: layerContents, path: "properties.frame-center")
                }
            }
            let imageSet = name + "/Content.imageset"
            guard tree.isDirectory(imageSet) else {
                // A link that loops or leads nowhere is there, yet no folder: say which, not "has none".
                let why = tree.members == nil ? FilePath.unusualAbsence(tree.name(imageSet)) : nil
                throw Diagnostic(
                    file: top, at: location, path: at,
                    why.map { "the layer \(quoted(name))'s Content.imageset \($0)" }
                        ?? "the layer \(quoted(name)) has no Content.imageset folder")
            }
            let (image, relative) = try chooseImage(tree, imageSet, scale: scale, &files)
            pending.append((image, tree.bytes(relative), frame))
        }
        // The canvas defaults to the background (last) layer's size: its frame's, else its image's at 1x.
        if canvas == nil, let back = pending.last {
            if let size = back.frame.size {
                canvas = size
            } else {
                canvas = try imageSize(back.image.file, bytes: back.bytes, scale: back.image.scale)
            }
        }
        let c = canvas!
        for p in pending {
            let file = p.image.file
            let size = p.frame.size ?? c
            let centre = p.frame.centre ?? (c.0 / 2, c.1 / 2)
            layers.append(
                Layer(
                    file: file, x: centre.0 - size.0 / 2, y: centre.1 - size.1 / 2, width: size.0, height: size.1,
                    bytes: p.bytes))
        }
        return LayeredImage(path: path, canvasWidth: c.0, canvasHeight: c.1, layers: layers.reversed(), files: files)
    }

    /// An image set's file chosen for a scale: its name (a path, or `ARCHIVE:MEMBER`) and the scale it is at.
    struct ChosenImage {
        var file: String
        var scale: Int
    }

    /// The image set's file for `scale` (or the other one), and its path in the tree.
    static func chooseImage(_ tree: Tree, _ folder: String, scale: Int, _ files: inout [String]) throws(Diagnostic) -> (
        ChosenImage, String
    ) {
        let contents = tree.name(folder + "/Contents.json")
        let json = try readJSON(tree, folder + "/Contents.json", &files)
        guard let images = json["images"]?.array else {
            throw Diagnostic(
                file: contents, at: json.location, path: "images",
                "an image set needs \"images\": [{\"filename\", \"idiom\", \"scale\"}]")
        }
        var byScale: [(scale: Int, name: String, location: SourceLocation, index: Int)] = []
        for (k, entry) in images.enumerated() {
            guard let name = entry["filename"]?.string else { continue }  // an empty slot
            let s = entry["scale"]?.string ?? "1x"
            guard let n = Int(s.dropLast()), s.hasSuffix("x"), n >= 1, n <= 3 else {
                throw Diagnostic(
                    file: contents, at: entry["scale"]!.location, path: "images[\(k)].scale",
                    "\"scale\" is \"1x\", \"2x\" or \"3x\", got \(quoted(s))")
            }
            byScale.append((n, name, entry["filename"]!.location, k))
        }
        guard
            let pick = byScale.first(where: { $0.scale == scale })
                ?? byScale.min(by: { abs($0.scale - scale) < abs($1.scale - scale) })
        else {
            throw Diagnostic(
                file: contents, at: json["images"]!.location, path: "images", "the image set names no image file")
        }
        let relative = folder + "/" + pick.name
        let file = tree.name(relative)
        if tree.members == nil {
            try checkConfined(file, from: contents, at: pick.location, path: "images[\(pick.index)].filename")
        }
        guard tree.isFile(relative) else {
            // A loop of links there is not an image missing (a layer list says so too).
            let why =
                tree.members == nil ? FilePath.unusualAbsence(file).map { "\(quoted(pick.name)) \($0)" } : nil
            throw Diagnostic(
                file: contents, at: pick.location, path: "images[\(pick.index)].filename",
                "the image "
                    + (why ?? "\(quoted(pick.name)) is not in \(quoted(tree.name(folder), limit: 1000))"))
        }
        files.append(file)
        return (ChosenImage(file: file, scale: pick.scale), relative)
    }

    // MARK: The JSON list

    static func loadList(_ path: String) throws(Diagnostic) -> LayeredImage {
        var files: [String] = []
        let json = try readJSON(
            Tree(folder: (path as NSString).deletingLastPathComponent), (path as NSString).lastPathComponent, &files)
        guard let entries = json["layers"]?.array else {
            throw Diagnostic(
                file: path, at: json["layers"]?.location ?? json.location, path: "layers",
                "a layer list needs \"layers\": an array of {\"image\": \"FILE\"}, front first")
        }
        try checkCount(entries.count, file: path, at: json["layers"]!.location)
        let base = (path as NSString).deletingLastPathComponent
        var found: [(file: String, frame: (Double, Double, Double, Double)?)] = []
        for (k, entry) in entries.enumerated() {
            guard let name = entry["image"]?.string, !name.isEmpty else {
                throw Diagnostic(
                    file: path, at: entry.location, path: "layers[\(k)]",
                    "a layer needs \"image\": its image file, relative to this file")
            }
            let file = name.hasPrefix("/") ? name : (base.isEmpty ? name : base + "/" + name)
            try checkConfined(file, from: path, at: entry["image"]!.location, path: "layers[\(k)].image")
            // A layer is a picture: a list naming itself or another layered image was "not a PNG or JPEG" when drawn.
            if isLayered(name) {
                throw Diagnostic(
                    file: path, at: entry["image"]!.location, path: "layers[\(k)].image",
                    "a layer is a picture (PNG or JPEG), not a layered image: \(quoted(name)) is \((file as NSString).standardizingPath == (path as NSString).standardizingPath ? "this list itself" : "one (a layer list, an .lsr or an .imagestack)")"
                )
            }
            guard FileManager.default.fileExists(atPath: file) else {
                let why = FilePath.unusualAbsence(file) ?? "is not there"
                throw Diagnostic(
                    file: path, at: entry["image"]!.location, path: "layers[\(k)].image",
                    "the image \(quoted(name)) \(why) (looked for \(quoted(file, limit: 1000)))")
            }
            // A layer is read as a picture when drawn: a folder, a pipe or this list (through a link) is said here,
            // at the place that names it, not later as a picture that "cannot be decoded".
            var info = stat()
            if stat(file, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
                throw Diagnostic(
                    file: path, at: entry["image"]!.location, path: "layers[\(k)].image",
                    "the image \(quoted(name)) is \(FilePath.kind(info.st_mode)), not a picture")
            }
            // Nor is one that is no picture TenFoot reads, or cannot be read (`/proc/self/mem`, an empty file).
            if !FilePath.sameFile(file, path), !isLayered(name), ImageHeader.size(file) == nil {
                throw Diagnostic(
                    file: path, at: entry["image"]!.location, path: "layers[\(k)].image",
                    "the image \(quoted(name)) cannot be read as a PNG or JPEG (the two formats TenFoot draws)")
            }
            if FilePath.sameFile(file, path) {
                throw Diagnostic(
                    file: path, at: entry["image"]!.location, path: "layers[\(k)].image",
                    "a layer is a picture (PNG or JPEG), not a layered image: \(quoted(name)) is this list itself (through a link)"
                )
            }
            files.append(file)
            var frame: (Double, Double, Double, Double)?
            if let f = entry["frame"] {
                func number(_ key: String) throws(Diagnostic) -> Double {
                    let isSize = key == "width" || key == "height"
                    guard let v = f[key]?.number, v.isFinite, !isSize || v > 0,
                        abs(v) <= (isSize ? LayeredImage.maxSide : 4 * LayeredImage.maxSide)
                    else {
                        throw Diagnostic(
                            file: path, at: f[key]?.location ?? f.location, path: "layers[\(k)].frame.\(key)",
                            "a frame needs \"x\", \"y\", \"width\" and \"height\" in canvas pixels (width and height above 0 and at most \(Int(LayeredImage.maxSide)); x and y within ±\(Int(4 * LayeredImage.maxSide)))"
                        )
                    }
                    return v
                }
                frame = (try number("x"), try number("y"), try number("width"), try number("height"))
            }
            found.append((file, frame))
        }
        var canvas: (Double, Double)
        if let c = json["canvas"] {
            canvas = try readSize(c, file: path, path: "canvas")
        } else {
            canvas = try imageSize(found.last!.file, bytes: nil, scale: 1)
        }
        let layers = found.map { f in
            let r = f.frame ?? (0, 0, canvas.0, canvas.1)
            return Layer(file: f.file, x: r.0, y: r.1, width: r.2, height: r.3)
        }
        return LayeredImage(
            path: path, canvasWidth: canvas.0, canvasHeight: canvas.1, layers: layers.reversed(), files: files)
    }

    // MARK: Pieces

    static func checkCount(_ n: Int, file: String, at location: SourceLocation) throws(Diagnostic) {
        guard layerCounts.contains(n) else {
            throw Diagnostic(
                file: file, at: location, path: "layers", "a layered image has 2 to 5 layers (HIG), this one has \(n)")
        }
    }

    static func readJSON(_ tree: Tree, _ relative: String, _ files: inout [String]) throws(Diagnostic) -> JSON {
        let file = tree.name(relative)
        guard tree.isFile(relative) else {
            throw Diagnostic(file: file, at: .start, tree.members == nil ? noSuchFile(file) : "no such member")
        }
        let text = try tree.text(relative)
        files.append(file)
        return try JSONParser.parse(text, file: file)
    }

    /// The largest canvas, layer frame or layer image side, in 1x pixels: tvOS's largest layered image (a top
    /// shelf image) is 4640 wide at 2x; this leaves room and keeps a picture decoded at 2x under a gigabyte.
    public static let maxSide = 8192.0

    static func readSize(_ j: JSON, file: String, path: String) throws(Diagnostic) -> (Double, Double) {
        // At least a pixel: a canvas of 5e-324 × 1e-300 was taken, and drew nothing.
        let expected = "{\"width\": N, \"height\": N} with both at least 1 and at most \(Int(maxSide)) pixels"
        guard j.members != nil else {
            throw Diagnostic(file: file, at: j.location, path: path, "expected \(expected), got \(j.shortDescription)")
        }
        var sides: [Double] = []
        for key in ["width", "height"] {
            // Said at the side that is wrong, with its value: "got an object" named neither.
            guard let side = j[key] else {
                throw Diagnostic(file: file, at: j.location, path: path, "expected \(expected), got no \"\(key)\"")
            }
            guard let n = side.number, n >= 1, n <= maxSide else {
                throw Diagnostic(
                    file: file, at: side.location, path: path + "." + key,
                    "expected \(expected), got \(side.shortDescription)")
            }
            sides.append(n)
        }
        return (sides[0], sides[1])
    }

    static func readPoint(_ j: JSON, file: String, path: String) throws(Diagnostic) -> (Double, Double) {
        guard let x = j["x"]?.number, let y = j["y"]?.number, abs(x) <= 4 * maxSide, abs(y) <= 4 * maxSide else {
            throw Diagnostic(
                file: file, at: j.location, path: path,
                "expected {\"x\": N, \"y\": N} within ±\(Int(4 * maxSide)), got \(j.shortDescription)")
        }
        return (x, y)
    }

    static func isDirectory(_ path: String) -> Bool {
        var dir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &dir) && dir.boolValue
    }

    /// An image file's size in 1x pixels (its pixels over its `scale`).
    static func imageSize(_ file: String, bytes: [UInt8]?, scale: Int) throws(Diagnostic) -> (
        Double, Double
    ) {
        if bytes == nil {
            var info = stat()
            if stat(file, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
                throw Diagnostic(
                    file: file, at: .start, "cannot read the image (not a regular file: a device, a pipe or a socket)")
            }
        }
        guard let (w, h) = bytes.map({ ImageHeader.size(bytes: $0) }) ?? ImageHeader.size(file) else {
            throw Diagnostic(file: file, at: .start, "cannot read the size of this image (PNG and JPEG are read)")
        }
        let size = (Double(w) / Double(scale), Double(h) / Double(scale))
        guard size.0 > 0, size.1 > 0, size.0 <= maxSide, size.1 <= maxSide else {
            throw Diagnostic(
                file: file, at: .start,
                "the image is \(w)×\(h) pixels; a layer is at most \(Int(maxSide)) on each side at 1x")
        }
        return size
    }
}

/// The pixel size from a PNG's or a JPEG's header, without decoding it.
public enum ImageHeader {
    /// The size from the header of the regular file at `path`; nil for anything else (opening a pipe would wait
    /// for a writer for ever, a device may never end).
    public static func size(_ path: String) -> (Int, Int)? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        // A JPEG's size may follow long APP segments (EXIF, a thumbnail): up to 1 MB is read, as the header rules allow.
        var bytes = [UInt8](repeating: 0, count: 1 << 20)
        var count = 0
        while count < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            guard n > 0 else { break }
            count += n
        }
        return size(bytes: Array(bytes[..<count]))
    }

    /// The pixel size from the first bytes of a PNG or a JPEG.
    public static func size(bytes b: [UInt8]) -> (Int, Int)? {
        func be16(_ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
        func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
        if b.count >= 24, b[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] {
            return (be32(16), be32(20))
        }
        guard b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF {
                i += 1
                continue
            }
            let length = be16(i + 2)
            // Start of frame (baseline, progressive, …; not DHT C4, JPG C8, DAC CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (be16(i + 7), be16(i + 5))
            }
            i += 2 + length
        }
        return nil
    }
}
