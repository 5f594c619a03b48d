import Foundation
import TenFootCore

/// Reads an image file's bytes into pixels. The raster supplies the decoder it draws with (SDL_image); the
/// scene layer only says what it needs, so the table is built before anything is drawn and drawing reads no file.
public protocol ImageDecoder: Sendable {
    /// The picture's pixels, or nil when the bytes are not an image this decoder reads. `type`: the file's
    /// extension when it came from a file (formats without a signature, such as TGA, are told by it).
    func decode(_ bytes: [UInt8], type: String?) -> DecodedImage?
    /// The same, with why it failed in the decoding library's own words when it says (a damaged PNG's
    /// `IDAT: CRC error`), nil when it does not.
    func decodeExplained(_ bytes: [UInt8], type: String?) -> (image: DecodedImage?, problem: String?)
}

extension ImageDecoder {
    public func decodeExplained(_ bytes: [UInt8], type: String?) -> (image: DecodedImage?, problem: String?) {
        (decode(bytes, type: type), nil)
    }

    /// What a failed decode says: the library's words when it gave any, else that the bytes are not an image.
    func failure(_ problem: String?) -> String {
        guard let problem else { return "not an image this build reads" }
        return "the image cannot be decoded: \(problem.count > 80 ? problem.prefix(79) + "…" : problem)"
    }
}

/// Pixels held in memory of their own (never moved), so a renderer can draw from them without a copy.
public final class PixelBuffer: @unchecked Sendable {
    /// 32-bit ARGB, row-major, `width × height`; written once by the decoder, read-only after.
    public let pixels: UnsafeMutableBufferPointer<UInt32>

    public init(count: Int) {
        pixels = .allocate(capacity: count)
        pixels.initialize(repeating: 0)
    }

    deinit { pixels.deallocate() }
}

/// A decoded picture: its size in pixels, its ARGB pixels, and whether it is blended when drawn (its alpha
/// means something: the file had transparency).
public struct DecodedImage: Sendable {
    public let width: Int
    public let height: Int
    public let buffer: PixelBuffer
    public let blends: Bool

    public init(width: Int, height: Int, buffer: PixelBuffer, blends: Bool) {
        self.width = width
        self.height = height
        self.buffer = buffer
        self.blends = blends
    }
}

/// A layered image ready to draw at one scale: its canvas (1x pixels) and its layers, back first.
public struct DecodedLayers: Sendable {
    public struct Layer: Sendable {
        /// The layer's frame on the canvas, 1x pixels.
        public var x: Double, y: Double, width: Double, height: Double
        public var image: DecodedImage
    }

    public var canvasWidth: Double
    public var canvasHeight: Double
    public var layers: [Layer]
}

/// Every picture a scene can show, resolved against the scene's folder and decoded before anything is drawn:
/// images by the path the scene writes, layered images (`.imagestack`, `.lsr`, a JSON layer list) at 1x and 2x.
/// The scenes its `open` actions lead to are the host's to add (it has their files). What cannot be shown is
/// kept as a problem at the place that names it; the renderer draws such a picture as missing and never reads
/// a file itself.
public struct AssetTable: Sendable {
    /// What a path the scene names gives the renderer.
    public enum Asset: Sendable {
        case image(DecodedImage)
        /// A layered image at each output scale (1 at 1080p, 2 at 4K; the same layers when it has no 2x images).
        case layered(oneX: DecodedLayers, twoX: DecodedLayers)
        /// Missing, unreadable or not an image: why, in one line.
        case unavailable(String)

        /// The pixels it holds decoded (each layer's image once).
        var pixels: Int {
            switch self {
            case .image(let i): return i.width * i.height
            case .layered(let one, let two):
                var seen = Set<ObjectIdentifier>()
                return (one.layers + two.layers).reduce(AssetTable.flattenedPixels(two)) { total, layer in
                    seen.insert(ObjectIdentifier(layer.image.buffer)).inserted
                        ? total + layer.image.width * layer.image.height : total
                }
            case .unavailable: return 0
            }
        }
    }

    /// The folder relative paths start from.
    public let base: String
    /// Each picture by the path the scene writes, with every file it was read from and what that file was
    /// when read (nil: it was not there), so a reload reads again only what changed.
    private var entries: [String: (asset: Asset, files: [String: FileStamp?])] = [:]
    /// What could not be shown, at the place in the scene that names it, sorted.
    public private(set) var problems: [Diagnostic] = []
    /// Which load this is: a copy of the table is the same one, a table built again is another.
    private let identity = Identity()
    private final class Identity: Sendable {}

    /// Whether `other` is this table (or a copy of it): a renderer keeps what it made from it.
    public func isSame(as other: AssetTable) -> Bool { identity === other.identity }

    /// The most bytes one image file may have.
    public static let maxImageBytes = 256 << 20

    /// A table of nothing: every picture drawn as missing.
    public init(base: String = ".") { self.base = base }

    /// The pictures `scenes` name, read from `base` (a table from an earlier load lends the pictures whose files
    /// have not changed since).
    public init(scenes: [Scene], base: String, decoder: any ImageDecoder, reusing earlier: AssetTable? = nil) {
        var places: [(path: String, file: String, location: SourceLocation)] = []
        for scene in scenes { scene.visitImages { places.append(($0, scene.file, $1)) } }
        self.init(places, base: base, decoder: decoder, reusing: earlier)
    }

    /// The pictures at `paths` (no scene names them: their problems are placed at the start of their own file).
    /// `archiveBytes`: what the `.lsr` archives may inflate to together (``maxTableArchiveBytes``; tests lower it).
    public init(
        paths: [String], base: String, decoder: any ImageDecoder, archiveBytes: Int = AssetTable.maxTableArchiveBytes
    ) {
        self.init(
            paths.map { ($0, Self.location(of: $0, base: base), .start) }, base: base, decoder: decoder,
            archiveBytes: archiveBytes)
    }

    private init(
        _ places: [(path: String, file: String, location: SourceLocation)], base: String, decoder: any ImageDecoder,
        reusing earlier: AssetTable? = nil, archiveBytes: Int = AssetTable.maxTableArchiveBytes
    ) {
        self.base = base
        var budget = Self.maxTablePixels
        var inflating = archiveBytes
        // What each file was read as, by device and inode (and kind): another name for it (a link, `./`, `a/../`)
        // is not read again. 3,000 hard links to one archive were read and inflated 3,000 times.
        var read: [SameFile: (asset: Asset, files: [String: FileStamp?])] = [:]
        for (path, file, location) in places where entries[path] == nil {
            let key = SameFile(path, base: base)
            // Each name is drawn from its own picture (the renderer's sizes are kept per name), so each still
            // counts in the pixel budget; one past it is read as a new file would be, and says why.
            if let key, let known = read[key], known.asset.pixels <= budget {
                budget -= known.asset.pixels
                var files = known.files
                let full = Self.location(of: path, base: base)
                files[full] = FileStamp(path: full)
                entries[path] = (known.asset, files)
            } else {
                entries[path] = Self.entry(
                    path, base: base, decoder: decoder, earlier: earlier, budget: &budget, inflating: &inflating)
                if let key, let entry = entries[path] { read[key] = entry }
            }
            if case .unavailable(let why)? = entries[path]?.asset {
                problems.append(Diagnostic(file: file, at: location, "image \(quoted(path)): \(why)"))
            }
        }
        problems.sort()
    }

    /// The pictures `scene` and the scenes its `open` actions lead to can show (read through `loader`, as the
    /// simulator will read them; at most `maxScenes` in all), from `base`. `loaderReadsFiles` false: a bundle's
    /// loader (``Scene/reachableScenes(loader:maxScenes:maxBytes:looksAtFiles:)``).
    public init(
        scene: Scene, base: String, decoder: any ImageDecoder, loader: SceneLoader?, loaderReadsFiles: Bool = true,
        reusing earlier: AssetTable? = nil
    ) {
        let scenes =
            [scene]
            + (loader.map {
                scene.reachableScenes(loader: $0, maxScenes: Self.maxScenes, looksAtFiles: loaderReadsFiles).map(
                    \.scene)
            } ?? [])
        self.init(scenes: scenes, base: base, decoder: decoder, reusing: earlier)
    }

    /// The most scenes a table follows `open` actions through.
    public static let maxScenes = 64

    /// The picture a path of the scene names (nil: the scene names no such picture).
    public subscript(path: String) -> Asset? { entries[path]?.asset }

    /// Every file the pictures were read from, sorted (what a live preview watches).
    public var files: [String] { Set(entries.values.flatMap(\.files.keys)).sorted() }

    /// Where a path a scene writes points: an absolute path as it is, a relative one from `base`.
    public static func location(of path: String, base: String) -> String {
        path.hasPrefix("/") || base == "." ? path : (base as NSString).appendingPathComponent(path)
    }

    private static func entry(
        _ path: String, base: String, decoder: any ImageDecoder, earlier: AssetTable?, budget: inout Int,
        inflating: inout Int
    ) -> (asset: Asset, files: [String: FileStamp?]) {
        if let earlier, earlier.base == base, let known = earlier.entries[path],
            known.files.allSatisfy({ FileStamp(path: $0.key) == $0.value })
        {
            budget -= known.asset.pixels
            return known
        }
        let full = location(of: path, base: base)
        var files: [String: FileStamp?] = [full: FileStamp(path: full)]
        let asset =
            LayeredImage.isLayered(path)
            ? layered(full, decoder: decoder, files: &files, budget: &budget, inflating: &inflating)
            : image(full, decoder: decoder, budget: &budget)
        return (asset, files)
    }

    /// The most pixels all of a table's pictures may decode to together (384 MB): each is checked against what is
    /// left before it is decoded, in the order the scene names them, and one past it is drawn as missing. Eight
    /// pictures of 8000×8000 took 2.5 GB.
    public static let maxTablePixels = 96 << 20
    /// The most bytes the `.lsr` archives of a table may inflate to together, each read at 1x and 2x: every archive
    /// may hold 256 MB, and twenty names of one 205 KB archive holding 200 MB of zeros took 25 s. An archive past
    /// what is left is drawn as missing.
    public static let maxTableArchiveBytes = 512 << 20

    /// Why a picture of `width`×`height` pixels does not fit in what is left of the table's budget.
    static func overBudget(_ width: Int, _ height: Int, _ budget: Int) -> String? {
        guard width * height > budget else { return nil }
        return
            "the image is \(width)×\(height) pixels, past what is left of the \(grouped(maxTablePixels)) pixels a scene's pictures may take together; it is not decoded"
    }

    /// The most pixels a picture may decode to (a PNG of a few kilobytes can say 30000×30000: 3.6 GB decoded),
    /// and the longest side: a 4K frame at 2x, twice over.
    public static let maxImagePixels = 64 << 20

    /// `n` with its thousands grouped by commas, whatever the locale (`67,108,864`): "64 million pixels" was said of
    /// 2²⁶, and 8192×8192 (67.1 million) was accepted.
    static func grouped(_ n: Int) -> String {
        var digits = Array(String(n))
        var k = digits.count - 3
        while k > 0 {
            digits.insert(",", at: k)
            k -= 3
        }
        return String(digits)
    }
    public static let maxImageSide = 16384

    /// Why a picture whose header gives its size is too large to decode, nil when it is not (or says nothing).
    static func tooLarge(_ bytes: [UInt8]) -> String? {
        guard let (w, h) = ImageHeader.size(bytes: bytes) else { return nil }
        if w == 0 || h == 0 { return "the image is \(w)×\(h) pixels: there is nothing to draw" }
        guard w > maxImageSide || h > maxImageSide || w * h > maxImagePixels else { return nil }
        return
            "the image is \(w)×\(h) pixels; pictures are at most \(maxImageSide) on a side and \(grouped(maxImagePixels)) pixels (8192×8192)"
    }

    private static func image(_ full: String, decoder: any ImageDecoder, budget: inout Int) -> Asset {
        let bytes: [UInt8]
        do { bytes = try TextFile.bytes(path: full, maxBytes: maxImageBytes, what: "image") } catch {
            return .unavailable(error.message)
        }
        if let why = tooLarge(bytes) { return .unavailable(why) }
        if let (w, h) = ImageHeader.size(bytes: bytes), let why = overBudget(w, h, budget) {
            return .unavailable(why)
        }
        let (decoded, problem) = decoder.decodeExplained(bytes, type: (full as NSString).pathExtension)
        guard let image = decoded else { return .unavailable(decoder.failure(problem)) }
        // A format whose header TenFoot does not read is checked once decoded.
        if let why = overBudget(image.width, image.height, budget) { return .unavailable(why) }
        if image.width == 0 || image.height == 0 {
            return .unavailable("the image is \(image.width)×\(image.height) pixels: there is nothing to draw")
        }
        budget -= image.width * image.height
        return .image(image)
    }

    /// The pixels of a layered image flattened at 2x (the largest the renderer makes), counted in the budget.
    static func flattenedSize(_ canvasWidth: Double, _ canvasHeight: Double) -> (Int, Int) {
        (Int((canvasWidth * 2).rounded(.up)), Int((canvasHeight * 2).rounded(.up)))
    }

    static func flattenedPixels(_ stack: DecodedLayers) -> Int {
        let (w, h) = flattenedSize(stack.canvasWidth, stack.canvasHeight)
        return w * h
    }

    /// A layered image at 1x and 2x, each layer's file decoded once.
    private static func layered(
        _ path: String, decoder: any ImageDecoder, files: inout [String: FileStamp?], budget: inout Int,
        inflating: inout Int
    ) -> Asset {
        // `path` is as the scene's folder and the scene name it, so that messages say the same wherever the folder is
        // (an absolute path made here once put the checkout's folder in every layer's problem).
        // An archive's members are read with it; a folder's or a list's files are each watched.
        let inArchive = path.lowercased().hasSuffix(".lsr")
        var decoded: [DecodedLayers] = []
        var byFile: [String: DecodedImage] = [:]
        // Taken from the budget only when the whole image is decoded: one that fails keeps nothing.
        var spent = 0
        // Spent: later archives are not opened at all (3,000 links to one archive of 990 members, each read to its
        // first member past the total, took 7.9 s).
        if inArchive, inflating <= 0 {
            return .unavailable(
                "the \(maxTableArchiveBytes >> 20) MB a scene's .lsr archives may inflate to together are spent; it is not read"
            )
        }
        for scale in [1, 2] {
            let stack: LayeredImage
            do {
                stack = try LayeredImage.load(
                    path, scale: scale, maxArchiveBytes: min(inflating, LayeredImage.maxArchiveBytes))
            } catch {
                if inflating < LayeredImage.maxArchiveBytes,
                    error.message.contains("would bring the archive's contents past")
                {
                    return .unavailable(
                        "\(error.description) (what is left of the \(maxTableArchiveBytes >> 20) MB a scene's .lsr archives may inflate to together)"
                    )
                }
                return .unavailable(error.description)
            }
            inflating -= stack.inflatedBytes
            if !inArchive { for file in stack.files { files[file] = FileStamp(path: file) } }
            if scale == 1 {
                // The renderer flattens the layers onto the canvas at the output's scale (twice its sides at 4K): twelve
                // lists of two tiny pictures on 8192-pixel canvases took 1.9 GB. Checked before any layer is decoded.
                let (w, h) = Self.flattenedSize(stack.canvasWidth, stack.canvasHeight)
                if w * h > budget - spent {
                    return .unavailable(
                        "its canvas is \(w)×\(h) pixels at 2x, past what is left of the \(grouped(maxTablePixels)) pixels a scene's pictures may take together; it is not drawn"
                    )
                }
                spent += w * h
            }
            var layers: [DecodedLayers.Layer] = []
            for layer in stack.layers {
                if byFile[layer.file] == nil {
                    let bytes: [UInt8]
                    var type: String?
                    if let member = layer.bytes {
                        bytes = member
                    } else {
                        type = (layer.file as NSString).pathExtension
                        do {
                            bytes = try TextFile.bytes(path: layer.file, maxBytes: maxImageBytes, what: "image")
                        } catch {
                            return .unavailable("\(layer.file): \(error.message)")
                        }
                    }
                    if let why = tooLarge(bytes) { return .unavailable("\(layer.file): \(why)") }
                    if let (w, h) = ImageHeader.size(bytes: bytes), let why = overBudget(w, h, budget - spent) {
                        return .unavailable("\(layer.file): \(why)")
                    }
                    let (decoded, problem) = decoder.decodeExplained(bytes, type: type)
                    guard let image = decoded else { return .unavailable("\(layer.file): \(decoder.failure(problem))") }
                    if let why = overBudget(image.width, image.height, budget - spent) {
                        return .unavailable("\(layer.file): \(why)")
                    }
                    spent += image.width * image.height
                    byFile[layer.file] = image
                }
                layers.append(
                    .init(x: layer.x, y: layer.y, width: layer.width, height: layer.height, image: byFile[layer.file]!))
            }
            decoded.append(
                DecodedLayers(canvasWidth: stack.canvasWidth, canvasHeight: stack.canvasHeight, layers: layers))
        }
        budget -= spent
        return .layered(oneX: decoded[0], twoX: decoded[1])
    }
}

/// A file a picture is read from, as the file system knows it, for pictures whose reading depends on nothing
/// but the file's bytes and its kind: plain images and `.lsr` archives (a layer list or an `.imagestack` names
/// files relative to where it is named from). nil for anything else, or a file that cannot be looked at.
private struct SameFile: Hashable {
    var stamp: FileStamp
    /// The extension, lowercased: it chooses the decoder.
    var kind: String

    init?(_ path: String, base: String) {
        let full = AssetTable.location(of: path, base: base)
        let kind = (full as NSString).pathExtension.lowercased()
        guard !LayeredImage.isLayered(full) || kind == "lsr" else { return nil }
        var info = stat()
        guard stat(full, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        stamp = FileStamp(info)
        self.kind = kind
    }
}

/// What a file was when it was read: it has changed when any of these has.
struct FileStamp: Hashable, Sendable {
    var device: UInt64, inode: UInt64, size: Int64, modified: Int64, modifiedNanoseconds: Int64

    /// nil when the file cannot be looked at (a file that is gone has changed).
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
    }
}

extension Scene {
    /// Calls `body` with every image path the scene names and the place that names it (as `imagePaths` lists
    /// them: nodes, tab contents, sheets, the nodes actions add, and hero backdrops' focused values).
    func visitImages(_ body: (String, SourceLocation) -> Void) {
        let keys = imageValueKeys
        visitNodes { n in
            if let i = n.image { body(i, n.location) }
            for k in keys.sorted() {
                if let v = n.focusedValue[k] { body(v, n.location) }
                if let v = n.focusedSceneValue[k] { body(v, n.location) }
            }
        }
    }
}
