import XCTest
import Dispatch
@testable import AXBase

/// `Lock`, `Condition` and `DetachedThread`: what the pools and the background reader build on.
final class ThreadingTests: XCTestCase {
    /// Eight threads add to one counter under the lock and count down under the condition:
    /// a lost update or a lost wake-up shows as a wrong sum or a wait that never ends.
    func testThreadsUnderTheLockAndTheCondition() {
        let lock = Lock()
        let condition = Condition()
        final class State: @unchecked Sendable { var sum = 0; var running = 8 }
        let state = State()
        for _ in 0..<8 {
            XCTAssertTrue(DetachedThread.start(stackSize: 1 << 20) {
                for _ in 0..<10_000 { lock.withLock { state.sum += 1 } }
                condition.lock()
                state.running -= 1
                condition.broadcast()
                condition.unlock()
            })
        }
        condition.lock()
        while state.running > 0 { condition.wait() }
        condition.unlock()
        XCTAssertEqual(lock.withLock { state.sum }, 80_000)
    }

    func testSleepWaitsAtLeastItsTime() {
        let start = DispatchTime.now().uptimeNanoseconds
        DetachedThread.sleep(seconds: 0.05)
        XCTAssertGreaterThanOrEqual(DispatchTime.now().uptimeNanoseconds - start, 50_000_000)
        DetachedThread.sleep(seconds: -1)
        DetachedThread.sleep(seconds: 0)
    }
}
