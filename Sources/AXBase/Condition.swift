#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A lock with a condition variable (a pthread mutex and cond), as `NSCondition` is:
/// `wait` releases the lock while it sleeps and takes it again before it returns.
package final class Condition: @unchecked Sendable {
    // Allocated once and never moved: pthread objects must keep their addresses.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let cond: UnsafeMutablePointer<pthread_cond_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        cond = .allocate(capacity: 1)
        cond.initialize(to: pthread_cond_t())
        pthread_cond_init(cond, nil)
    }

    deinit {
        pthread_cond_destroy(cond)
        cond.deinitialize(count: 1)
        cond.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }

    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Sleeps until `broadcast` (or a spurious wake-up: callers wait in a loop on their predicate).
    package func wait() { pthread_cond_wait(cond, mutex) }

    package func broadcast() { pthread_cond_broadcast(cond) }
}
