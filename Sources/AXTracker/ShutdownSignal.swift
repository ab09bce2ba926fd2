#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AXBase

/// SIGTERM and SIGINT, delivered on a private queue: the first asks for a
/// graceful stop (finish the batch, exit 0); a second one exits at once.
final class ShutdownSignal: @unchecked Sendable {
    private let lock = Lock()
    private var requested = false
    private var sources: [DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "axdiff.signals")

    init(onRequest: @escaping @Sendable () -> Void) {
        for sig in [SIGTERM, SIGINT] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: queue)
            source.setEventHandler { [weak self] in
                guard let self else { return }
                if self.isRequested { _exit(128 + sig) }
                self.lock.lock()
                self.requested = true
                self.lock.unlock()
                onRequest()
            }
            source.resume()
            sources.append(source)
        }
    }

    var isRequested: Bool {
        lock.lock()
        defer { lock.unlock() }
        return requested
    }
}
