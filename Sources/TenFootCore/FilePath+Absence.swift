import Foundation

extension FilePath {
    /// Why `path` cannot be looked at, as the end of a sentence that names it ("is a loop of symbolic links…"), when
    /// it says more than that the path does not exist (a loop of links, no permission, too long a name); nil when the
    /// path can be looked at or is simply not there. Links are followed.
    public static func unusualAbsence(_ path: String) -> String? {
        var info = stat()
        if stat(path, &info) == 0 { return nil }
        let code = errno
        switch code {
        case ELOOP, EACCES, ENAMETOOLONG: return absence(errno: code)
        default: return nil
        }
    }

    /// Why a path cannot be looked at, for the error a look at it gave, as the end of a sentence that names it.
    public static func absence(errno code: Int32) -> String {
        switch code {
        case ELOOP: "is a loop of symbolic links, or a chain of more than 40"
        case EACCES: "cannot be looked at (permission denied)"
        case ENAMETOOLONG: "has a name too long for the file system"
        case ENOTDIR: "does not exist (a part of its path is not a folder)"
        default: "does not exist"
        }
    }

    /// What keeps `folder` from being written in, as a sentence ("the folder out does not exist", "out is not a
    /// folder"), or nil when it is a folder (links followed).
    public static func folderProblem(_ folder: String) -> String? {
        var info = stat()
        if stat(folder, &info) == 0 {
            return (info.st_mode & S_IFMT) == S_IFDIR ? nil : "\(folder) is not a folder"
        }
        return "the folder \(folder) \(absence(errno: errno))"
    }

    /// Whether two paths that both exist are one file (the same device and inode, links followed).
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        var x = stat()
        var y = stat()
        return stat(a, &x) == 0 && stat(b, &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino
    }

    /// What a file that is not a regular one is, for a sentence ("is a folder").
    public static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a pipe"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "not a regular file"
        }
    }
}
