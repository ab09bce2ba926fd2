#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Tells the watcher when refs may have changed: inotify on the ref
/// directories and on the git directory (for `packed-refs`), which git
/// updates by renaming `X.lock` over `X`. Watches are not recursive, so every
/// directory under `refs/` gets its own, and new ones are added as they
/// appear. Events are only hints — the watcher re-resolves the refs — and a
/// slow poll is the fallback when inotify is unavailable.
final class RefMonitor {
    private var inotifyFD: Int32 = -1
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let roots: [String]
    private var watched: Set<String> = []
    /// Bounds the number of directories watched, so a hostile ref tree cannot exhaust watches.
    static let maxWatches = 4096

    init(gitDir: String, commonDir: String) {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            wakeRead = fds[0]
            wakeWrite = fds[1]
            _ = fcntl(wakeRead, F_SETFL, fcntl(wakeRead, F_GETFL) | O_NONBLOCK)
            _ = fcntl(wakeWrite, F_SETFL, fcntl(wakeWrite, F_GETFL) | O_NONBLOCK)
        } else {
            wakeRead = -1
            wakeWrite = -1
        }
        roots = Array(Set([gitDir, commonDir]))
        #if os(Linux)
        inotifyFD = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        #endif
        refreshWatches()
    }

    deinit {
        if inotifyFD >= 0 { close(inotifyFD) }
        if wakeRead >= 0 { close(wakeRead) }
        if wakeWrite >= 0 { close(wakeWrite) }
    }

    var usesInotify: Bool { inotifyFD >= 0 }

    /// Adds watches for the git directories and every directory under `refs/`.
    func refreshWatches() {
        #if os(Linux)
        guard inotifyFD >= 0 else { return }
        var dirs = roots
        for root in roots {
            let refs = (root as NSString).appendingPathComponent("refs")
            dirs.append(refs)
            if let walker = FileManager.default.enumerator(atPath: refs) {
                while let rel = walker.nextObject() as? String, dirs.count < Self.maxWatches {
                    let full = (refs as NSString).appendingPathComponent(rel)
                    var isDir: ObjCBool = false
                    if FileManager.default.fileExists(atPath: full, isDirectory: &isDir), isDir.boolValue { dirs.append(full) }
                }
            }
        }
        let mask = UInt32(IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CLOSE_WRITE | IN_MODIFY)
        for dir in dirs where !watched.contains(dir) {
            if inotify_add_watch(inotifyFD, dir, mask) >= 0 { watched.insert(dir) }
        }
        #endif
    }

    /// Wakes `wait` from another thread (a signal handler's queue).
    func wake() {
        guard wakeWrite >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Blocks until a ref may have changed, `wake()` is called, or `timeout` seconds pass.
    /// Returns true when something happened (not a plain timeout).
    @discardableResult
    func wait(timeout: TimeInterval) -> Bool {
        var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        if inotifyFD >= 0 { fds.append(pollfd(fd: inotifyFD, events: Int16(POLLIN), revents: 0)) }
        let ms = Int32(max(0, min(timeout, 86_400)) * 1000)
        let ready = poll(&fds, nfds_t(fds.count), ms)
        guard ready > 0 else { return false }
        drain(wakeRead)
        if inotifyFD >= 0 {
            drain(inotifyFD)
            // A new directory under refs/ (refs/heads/feature/) needs its own watch.
            refreshWatches()
        }
        return true
    }

    private func drain(_ fd: Int32) {
        guard fd >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 8192)
        while read(fd, &buffer, buffer.count) > 0 {}
    }
}
