#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard error, written with write(2) and nothing in between: a message never stops the program, whatever file
/// descriptor 2 is. Foundation's `FileHandle.standardError.write` traps when it cannot write (with standard error
/// closed, `convert` of an app with a warning to say died of SIGILL).
public enum ErrorStream {
    /// Writes `text` whole, or as much as descriptor 2 takes.
    public static func write(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let n = systemWrite(2, base + offset, raw.count - offset)
                if n < 0, errno == EINTR { continue }
                guard n > 0 else { return }
                offset += n
            }
        }
    }

    /// Standard input and standard error kept open: when the program was started with either closed, the next file
    /// it opened took its number, and a message went into that file (an output among them). /dev/null takes it.
    public static func keepStandardDescriptorsOpen() {
        for (fd, flags) in [(Int32(0), O_RDONLY), (Int32(2), O_WRONLY)] where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
            let null = open("/dev/null", flags | O_CLOEXEC)
            if null >= 0, null != fd {
                dup2(null, fd)
                close(null)
            }
        }
    }

    private static func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(fd, buffer, count)
        #else
            Darwin.write(fd, buffer, count)
        #endif
    }
}
