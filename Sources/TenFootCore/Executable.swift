import Foundation

/// The running executable.
public enum Executable {
    /// Its path, links resolved (so a link to an installed tenfoot finds what lies beside it); nil when the system
    /// cannot say (no /proc). Never `Bundle.main`, which traps where /proc is not mounted (a chroot, a bare container):
    /// every command did.
    public static func path() -> String? {
        #if canImport(Darwin)
            var size: UInt32 = 0
            _ = _NSGetExecutablePath(nil, &size)
            var buffer = [CChar](repeating: 0, count: Int(size) + 1)
            guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
            return URL(fileURLWithPath: String(cString: buffer)).resolvingSymlinksInPath().path
        #else
            return loadedProgram ?? (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        #endif
    }

    /// Started through the dynamic loader (`ld-linux-x86-64.so.2 tenfoot …`), the program the loader runs, links
    /// resolved; nil otherwise. `/proc/self/exe` is then the loader, and what lies beside it is not tenfoot's; the
    /// loader puts the program's path in the auxiliary vector's `AT_EXECFN` (where the kernel put the loader's), as it
    /// was given, so it is resolved at the first call, before anything changes the working folder.
    public static var loadedProgram: String? { loaded }

    /// Where the loader can read that program again however its file changes (a rebuild deleting or replacing it while
    /// tenfoot runs): `/proc/PID/fd/N`, a descriptor this process keeps open on it (close-on-exec); nil when not
    /// started through the loader, or when it cannot be opened.
    public static var loadedProgramAgain: String? { loadedAgain }

    private static let loadedAgain: String? = {
        guard let program = loaded else { return nil }
        var fd = open(program, O_RDONLY | O_CLOEXEC)
        // Never one of the standard three, when they were closed: tenfoot opens /dev/null there.
        if fd >= 0, fd < 3 {
            let moved = fcntl(fd, F_DUPFD_CLOEXEC, 3)
            close(fd)
            fd = moved
        }
        return fd >= 0 ? "/proc/\(getpid())/fd/\(fd)" : nil
    }()

    private static let loaded: String? = {
        #if os(Linux)
            typealias GetAuxval = @convention(c) (UInt) -> UInt
            guard let symbol = dlsym(nil, "getauxval") else { return nil }
            let execfn = unsafeBitCast(symbol, to: GetAuxval.self)(31)  // AT_EXECFN
            guard execfn != 0, let resolved = realpath(UnsafePointer<CChar>(bitPattern: execfn), nil) else {
                return nil
            }
            defer { free(resolved) }
            var program = stat()
            var running = stat()
            guard stat(resolved, &program) == 0, stat("/proc/self/exe", &running) == 0,
                program.st_dev != running.st_dev || program.st_ino != running.st_ino,
                program.st_mode & S_IFMT == S_IFREG, access(resolved, X_OK) == 0
            else { return nil }
            return String(cString: resolved)
        #else
            return nil
        #endif
    }()
}
