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
            return try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        #endif
    }
}
