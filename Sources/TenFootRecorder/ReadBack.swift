import Foundation

/// Why bytes are not a whole video read back in process (`MP4File`, `GIFFile`): what was wrong, at which byte.
public struct MalformedVideo: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String
    public var offset: Int
    public var description: String { "\(reason) (byte \(offset))" }
}

/// What the videos read back in process share: opening the file, and what the recorder says of one that is not what
/// was written.
enum ReadBack {
    /// `path` opened for reading, with the size it had then: a regular file only (a pipe there would block the reader,
    /// and a file something keeps writing would never end). The caller closes it.
    static func open(_ path: String) throws(MalformedVideo) -> (fd: Int32, size: Int) {
        let fd = Foundation.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw MalformedVideo(reason: "it cannot be opened: \(String(cString: strerror(errno)))", offset: 0)
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw MalformedVideo(reason: "it is not a regular file", offset: 0)
        }
        return (fd, Int(info.st_size))
    }

    /// What a video read back holds: its size, its frames, and what is wrong with its codec, if anything.
    struct Found {
        var width: Int
        var height: Int
        var frames: Int
        var codecProblem: String?
    }

    /// Throws what the recorder says of a video (`kind`, "an MP4") that `read` finds other than `width` × `height` with
    /// `frames` frames, or cannot read.
    static func check(
        _ kind: String, width: Int32, height: Int32, frames: Int, read: () throws(MalformedVideo) -> Found
    ) throws(RecordingError) {
        var problems: [String] = []
        do throws(MalformedVideo) {
            let found = try read()
            if let codec = found.codecProblem { problems.append(codec) }
            if found.width != Int(width) || found.height != Int(height) {
                problems.append("its size is \(found.width)x\(found.height), not \(width)x\(height)")
            }
            if found.frames != frames {
                problems.append("it holds \(found.frames == 0 ? "no" : "\(found.frames)") frames of \(frames)")
            }
        } catch {
            problems.append("it does not read as \(kind): \(error)")
        }
        guard problems.isEmpty else {
            throw .encoderFailed(
                "ffmpeg finished, but the video it wrote is not whole: " + problems.joined(separator: "; "))
        }
    }
}
