#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AXGit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AXBase

/// Tells the watcher when refs may have changed: inotify on the directories
/// `RefLayout` names. Watches are not recursive, so every directory under
/// `refs/` gets its own, and new ones are added as they appear. Events are
/// only hints — the watcher re-resolves the refs — and a slow poll is the
/// fallback when inotify is unavailable.
///
/// In the git directories themselves only `RefLayout.namesThatCount` count: waking for
/// anything else written there (the watcher's own lock file with its last error) would make
/// the watcher wake itself.
final class RefMonitor {
    private var inotifyFD: Int32 = -1
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let layout: RefLayout
    private var watched: Set<String> = []
    /// Watch descriptors of the git directories themselves (`roots`), whose events are filtered by name.
    private var rootWatches: Set<Int32> = []
    /// Bounds the number of directories watched, so a hostile ref tree cannot exhaust watches.
    static let maxWatches = 4096

    init(_ layout: RefLayout) {
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
        self.layout = layout
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
        let dirs = layout.directories(limit: Self.maxWatches)
        let mask = UInt32(IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CLOSE_WRITE | IN_MODIFY)
        for dir in dirs where !watched.contains(dir) {
            let wd = inotify_add_watch(inotifyFD, dir, mask)
            guard wd >= 0 else { continue }
            watched.insert(dir)
            if layout.roots.contains(dir) { rootWatches.insert(wd) }
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
    /// Returns true when something happened (not a plain timeout). Events that say nothing
    /// about refs (see the type's comment) are read and waited past.
    @discardableResult
    func wait(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(max(0, min(timeout, 86_400)))
        while true {
            var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            if inotifyFD >= 0 { fds.append(pollfd(fd: inotifyFD, events: Int16(POLLIN), revents: 0)) }
            let ms = Int32((max(0, deadline.timeIntervalSinceNow) * 1000).rounded(.up))
            let ready = poll(&fds, nfds_t(fds.count), ms)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return false }
            var woken = fds[0].revents != 0
            drain(wakeRead)
            if inotifyFD >= 0, fds[1].revents != 0 {
                if readEvents() {
                    woken = true
                    // A new directory under refs/ (refs/heads/feature/) needs its own watch.
                    refreshWatches()
                }
            }
            if woken { return true }
            if deadline.timeIntervalSinceNow <= 0 { return false }
        }
    }

    /// Reads the pending inotify events; true when one of them may concern a ref.
    private func readEvents() -> Bool {
        #if !os(Linux)
        return true
        #else
        var relevant = false
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let n = read(inotifyFD, &buffer, buffer.count)
            guard n > 0 else { return relevant }
            var offset = 0
            // struct inotify_event: wd, mask, cookie, len (4 bytes each), then `len` bytes of name.
            while offset + 16 <= n {
                let (wd, mask, length) = buffer.withUnsafeBytes { raw in
                    (raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                     raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + 16)..<min(n, offset + 16 + length)].prefix { $0 != 0 }
                offset += 16 + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 || !rootWatches.contains(wd) {
                    relevant = true
                } else if RefLayout.namesThatCount.contains(String(decoding: nameBytes, as: UTF8.self)) {
                    relevant = true
                }
            }
        }
        #endif
    }

    private func drain(_ fd: Int32) {
        guard fd >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 8192)
        while read(fd, &buffer, buffer.count) > 0 {}
    }
}
