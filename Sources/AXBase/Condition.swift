#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A lock with a condition variable (a pthread mutex and cond), as `NSCondition` is:
/// `wait` releases the lock while it sleeps and takes it again before it returns.
package final class Condition: @unchecked Sendable {
    private let mutex = Lock()
    // Allocated once and never moved: a pthread condition variable must keep its address.
    private let cond: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        cond = .allocate(capacity: 1)
        cond.initialize(to: pthread_cond_t())
        pthread_cond_init(cond, nil)
    }

    deinit {
        pthread_cond_destroy(cond)
        cond.deinitialize(count: 1)
        cond.deallocate()
    }

    package func lock() { mutex.lock() }

    package func unlock() { mutex.unlock() }

    /// Sleeps until `broadcast` (or a spurious wake-up: callers wait in a loop on their predicate).
    package func wait() { pthread_cond_wait(cond, mutex.mutex) }

    package func broadcast() { pthread_cond_broadcast(cond) }
}
