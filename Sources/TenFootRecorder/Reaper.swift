import Foundation
import TenFootCore

#if canImport(Glibc)
    import Glibc
#endif

/// What runs ffmpeg and ffprobe for tenfoot: `tenfoot --tenfoot-reaper PARENT PROGRAM ARGUMENT…`, a process of its own
/// between tenfoot and the program, the subreaper of all the program starts (`PR_SET_CHILD_SUBREAPER`). Whatever the
/// program leaves behind (a wrapper's children, a double fork's grandchild, a session of its own, one that closed every
/// descriptor or keeps forking) becomes the reaper's child, and nothing else does: when the program ends, or tenfoot
/// asks (SIGTERM) or is gone, the reaper stops all of it, reaps it, and ends as the program did. Made tenfoot itself the
/// subreaper, an orphan of the program could not be told from one of a job the shell had started before `exec tenfoot`,
/// which was then stopped too.
///
/// It tells tenfoot on descriptor 3 that it runs (``ready``), then whether the program started: end of file, or errno. It runs only as tenfoot
/// starts it, its parent the one named and no child of its own yet: run by hand from a shell that `exec`s it, the
/// shell's jobs would be its children, stopped with the program's.
public enum Reaper {
    /// The first argument that makes `tenfoot` a reaper.
    public static let flag = "--tenfoot-reaper"
    /// What it says first: it runs, and is about to start the program.
    static let ready: Int32 = 0x5245_4150

    /// `tenfoot`'s first act: runs the reaper and exits when `raw` (the command line after the program's name)
    /// ask for one; otherwise returns, the programs this process runs from now on running under a reaper (this same
    /// executable, started again).
    public static func main(_ raw: [[UInt8]]) {
        if raw.count >= 3, raw[0].elementsEqual(flag.utf8) {
            // (What tenfoot passes is UTF-8: it was Swift strings.)
            let arguments = raw.map { String(decoding: $0, as: UTF8.self) }
            if let parent = pid_t(arguments[1]) {
                run(parent: parent, program: arguments[2], arguments: Array(arguments.dropFirst(3)))
            }
        }
        // Under the dynamic loader, /proc/self/exe is the loader: it is given tenfoot to run, as it was when started
        // (through a descriptor kept on it, so a rebuild replacing the file meanwhile changes nothing).
        Child.reaper = ["/proc/self/exe"] + (Executable.loadedProgramAgain.map { [$0] } ?? [])
    }

    /// The signals it waits for: a child's end, and tenfoot's asking it to stop.
    private static let awaited: sigset_t = {
        var set = sigset_t()
        sigemptyset(&set)
        for s in [SIGCHLD, SIGTERM, SIGINT, SIGHUP] { sigaddset(&set, s) }
        return set
    }()

    private static func run(parent: pid_t, program: String, arguments: [String]) -> Never {
        let status: Int32 = 3
        guard getppid() == parent, Child.children(of: getpid()).isEmpty else {
            let said = "tenfoot: \(flag) runs only as tenfoot starts it\n"
            _ = said.utf8CString.withUnsafeBytes { writeFD(2, $0.baseAddress!, $0.count - 1) }
            _exit(2)
        }
        _ = Child.prctl?(Child.setChildSubreaper, 1, 0, 0, 0)
        // Blocked, to be taken by sigtimedwait; every other signal a program can send it but a fault's, ignored (one
        // that ended it, SIGUSR1 or SIGALRM, left what the program started running). The program gets them all
        // unblocked and at their defaults.
        var blocked = awaited
        sigprocmask(SIG_BLOCK, &blocked, nil)
        let faults = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS]
        for s in Int32(1)..<Int32(32) where sigismember(&blocked, s) == 0 && s != SIGKILL && s != SIGSTOP {
            if !faults.contains(s) { Glibc.signal(s, SIG_IGN) }
        }
        var runs = ready
        _ = withUnsafeBytes(of: &runs) { writeFD(status, $0.baseAddress!, 4) }
        let started = Child.start(program, arguments, stdin: 0, stdout: 1, stderr: 2, group: false)
        var code = 0
        switch started {
        case .success(let pid):
            closeFD(status)
            code = Int(watch(pid, parent: parent))
        case .failure(let error):
            var e = error.number
            _ = withUnsafeBytes(of: &e) { writeFD(status, $0.baseAddress!, 4) }
            _exit(127)
        }
        // Ends as the program did: its exit status, or its signal (with no core file of this process).
        if code >= 0 { _exit(Int32(code)) }
        let signal = Int32(-code)
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(Int32(RLIMIT_CORE.rawValue), &none)
        Glibc.signal(signal, SIG_DFL)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, signal)
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
        kill(getpid(), signal)
        _exit(128 + signal)
    }

    /// Reaps everything until the program ends, tenfoot asks or tenfoot is gone; then stops what is left. The program's
    /// exit status, or minus its signal (SIGKILL when it was stopped).
    private static func watch(_ program: pid_t, parent: pid_t) -> Int32 {
        var set = awaited
        while true {
            var raw: Int32 = 0
            while case let r = waitpid(-1, &raw, WNOHANG), r > 0 {
                guard r == program else { continue }
                stopEverything()
                let signal = raw & 0x7F
                return signal == 0 ? (raw >> 8) & 0xFF : -signal
            }
            // Woken by a child's end, by tenfoot, or once a second to see whether tenfoot is still there.
            var second = timespec(tv_sec: 1, tv_nsec: 0)
            let s = sigtimedwait(&set, nil, &second)
            if s == SIGTERM || s == SIGINT || s == SIGHUP || getppid() != parent {
                stopEverything()
                return -SIGKILL
            }
        }
    }

    /// Stops every process handed to it and reaps them, in rounds (a stopped process's children come to it next),
    /// for at most two seconds (one in the kernel's uninterruptible sleep ends when it wakes). Where a child is in a
    /// session of its own, its whole process group is stopped at once: a process that forks as fast as it can is
    /// stopped with its children, not chased one at a time. (A group in the reaper's own session may hold the user's
    /// shell: those are stopped one by one.)
    private static func stopEverything() {
        let session = getsid(0)
        let start = Stopwatch.now()
        while Stopwatch.now() - start < 2 {
            var raw: Int32 = 0
            while waitpid(-1, &raw, WNOHANG) > 0 {}
            let children = Child.children(of: getpid())
            if children.isEmpty { return }
            for child in children {
                if let fields = Child.statFields(child), fields.count > 3, let group = pid_t(fields[2]),
                    let sid = pid_t(fields[3]), sid != session, group > 1
                {
                    kill(-group, SIGKILL)
                }
                kill(child, SIGKILL)
            }
            usleep(1_000)
        }
    }
}
