#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AXBase

/// One slot per index, filled from several threads (each index by one
/// thread), read once all are done. The lock makes the writes visible to the
/// reader; it is taken once per slot, so it costs nothing next to the work.
final class ResultSlots<Value>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = Lock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: Value) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    /// The values in index order; every slot must have been set.
    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}
