#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Threads started and left to run to their end (pthreads, detached), and sleeping on the
/// calling thread: what `Foundation.Thread` gave here.
package enum DetachedThread {
    /// Runs `body` on a new detached thread with a stack of `stackSize` bytes (the system's
    /// default when nil). False when the thread could not be created; `body` is then not run.
    @discardableResult
    package static func start(stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
        // The closure is handed to the thread retained once; the thread releases it.
        let box = Unmanaged.passRetained(Box(body))
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let created = pthread_create(&thread, &attributes, threadEntry, box.toOpaque())
        if created != 0 {
            box.release()
            return false
        }
        return true
    }

    /// Sleeps `seconds` (nothing when not positive), going back to sleep for what is left
    /// after a signal interrupts it.
    package static func sleep(seconds: Double) {
        guard seconds > 0 else { return }
        // An interval too long for `time_t` sleeps as long as nanosleep can.
        let whole = seconds.rounded(.towardZero)
        var request = whole < Double(Int.max)
            ? timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1_000_000_000))
            : timespec(tv_sec: Int.max, tv_nsec: 0)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR {
            request = remaining
        }
    }

    fileprivate final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}

// The new thread's start: runs the closure handed over in `start` and releases it. Darwin's
// pthread_create passes the context as non-optional, glibc's as optional.
#if canImport(Darwin)
private func threadEntry(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<DetachedThread.Box>.fromOpaque(context).takeRetainedValue().body()
    return nil
}
#else
private func threadEntry(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    if let context { Unmanaged<DetachedThread.Box>.fromOpaque(context).takeRetainedValue().body() }
    return nil
}
#endif
