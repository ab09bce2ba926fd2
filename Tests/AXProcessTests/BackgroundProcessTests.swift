import AXProcess
import Foundation
import XCTest

/// `ChildProcess.start` leaves a real program (`sh`) running: its output as it comes, its exit and its signals.
final class BackgroundProcessTests: XCTestCase {
    private let shell = "/bin/sh"

    /// Output written before the program waits is there while it still runs; both streams
    /// come, in the order written; a signal ends it with 128 + the signal's number.
    func testOutputComesWhileItRunsAndASignalEndsIt() throws {
        let process = try ChildProcess(shell, ["-c", "echo one; echo two >&2; exec sleep 30"]).start()
        let deadline = Date().addingTimeInterval(10)
        while process.output != "one\ntwo\n", Date() < deadline { usleep(2_000) }
        XCTAssertEqual(process.output, "one\ntwo\n")
        XCTAssertTrue(process.isRunning)
        XCTAssertNil(process.waitForExit(timeout: 0.05))
        process.signal(SIGTERM)
        XCTAssertEqual(process.waitForExit(timeout: 10), 128 + SIGTERM)
        XCTAssertFalse(process.isRunning)
    }

    /// The exit code is the status, and every byte written before the exit is read, however much.
    func testTheExitCodeAndTheWholeOutput() throws {
        let process = try ChildProcess(shell, ["-c", "head -c 200000 /dev/zero | tr '\\0' a; exit 4"]).start()
        XCTAssertEqual(process.waitForExit(timeout: 20), 4)
        let deadline = Date().addingTimeInterval(10)
        while process.output.utf8.count < 200_000, Date() < deadline { usleep(2_000) }
        XCTAssertEqual(process.output.utf8.count, 200_000)
        XCTAssertTrue(process.output.utf8.allSatisfy { $0 == UInt8(ascii: "a") })
    }

    func testANameNotOnThePathIsAFailure() throws {
        XCTAssertThrowsError(try ChildProcess("git", [], environment: ["PATH": "/nonexistent"]).start()) { error in
            XCTAssertEqual("\(error)", "git is not on PATH (/nonexistent)")
        }
    }
}
