@testable import AXGit
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// A live writer in another PID namespace with the same host name (a second container on one
/// volume, `docker --network host`): its pid names no process here, and its `.keep` must stay
/// all the same — liveness is its lock, not its pid. Once it is killed, its leftovers go.
final class WriterNamespaceTests: XCTestCase {
    /// The built `axdiff` beside the test bundle (SwiftPM puts both in one products directory).
    private var binary: String? {
        if let path = ProcessInfo.processInfo.environment["AXDIFF_BIN"] { return path }
        return (Bundle.allBundles.map(\.bundleURL) + [Bundle.main.bundleURL])
            .flatMap { [$0, $0.deletingLastPathComponent()] }
            .map { $0.appendingPathComponent("axdiff").path }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private func children(of pid: Int32) -> [Int32] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0) }
    }

    private func wait(until condition: () -> Bool, seconds: Double = 60) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    func testALiveWritersKeepInAnotherPIDNamespaceStaysUntilItIsKilled() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
            throw XCTSkip("a PID namespace needs root and unshare(1)")
        }
        let axdiff = try XCTUnwrap(binary, "the axdiff executable is built with the tests")
        let fixture = try GitFixture()
        try fixture.fastImport(commits: 40)
        let pack = fixture.gitDir + "/objects/pack"
        let pause = FileManager.default.temporaryDirectory.appendingPathComponent("axgit-pause-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: pause, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: pause) }

        // The writer's pid in its namespace names no process in this one.
        var pid: Int32 = 30_000
        while kill(pid, 0) == 0 || errno != ESRCH { pid -= 1 }
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        writer.arguments = ["--pid", "--fork", "--kill-child", "--mount-proc", "sh", "-c",
                            "echo \(pid - 1) > /proc/sys/kernel/ns_last_pid && \"$0\" backfill --repo \"$1\" --batch 40 --jobs 1; exit $?",
                            axdiff, fixture.path]
        writer.environment = ProcessInfo.processInfo.environment.merging(["AXDIFF_TEST_PAUSE": pause]) { $1 }
        writer.standardOutput = FileHandle.nullDevice
        writer.standardError = FileHandle.nullDevice
        try writer.run()
        defer { if writer.isRunning { kill(writer.processIdentifier, SIGKILL) } }
        XCTAssertTrue(wait { FileManager.default.fileExists(atPath: pause + "/packed-1") }, "the writer reached its pack")

        // Its pack is in place, held by a `.keep` naming its pid, this host name and its token.
        let keeps = try FileManager.default.contentsOfDirectory(atPath: pack).filter { $0.hasSuffix(".keep") }
        XCTAssertEqual(keeps.count, 1, "\(keeps)")
        let keep = pack + "/" + (keeps.first ?? "")
        let text = (try? String(contentsOfFile: keep, encoding: .utf8)) ?? ""
        let identity = try XCTUnwrap(WriterIdentity(text: text), text)
        XCTAssertEqual(identity.pid, pid, "the pid in its own namespace")
        XCTAssertEqual(identity.host, WriterIdentity.current.host, "the same host name")
        XCTAssertNotNil(identity.token)
        XCTAssertEqual(kill(pid, 0), -1, "no process of that pid here")

        // Another writer, in this namespace, clears what gone writers left: not this.
        PackLeftovers.removeAbandoned(in: pack, commonDir: fixture.gitDir + "/")
        XCTAssertFalse(identity.isGone(commonDir: fixture.gitDir + "/"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: keep), "a live writer's .keep stays")
        let packFile = String(keep.dropLast(".keep".count)) + ".pack"
        XCTAssertTrue(FileManager.default.fileExists(atPath: packFile))

        // Killed with its whole namespace: the kernel drops its lock, and its `.keep` goes.
        let shell = children(of: writer.processIdentifier)
        let inside = shell.flatMap { children(of: $0) }
        XCTAssertEqual(inside.count, 1, "sh runs axdiff in the namespace")
        kill(writer.processIdentifier, SIGKILL)
        writer.waitUntilExit()
        XCTAssertTrue(wait(until: { identity.isGone(commonDir: self.fixturePath(fixture)) }, seconds: 10), "its lock went with it")
        PackLeftovers.removeAbandoned(in: pack, commonDir: fixture.gitDir + "/")
        XCTAssertFalse(FileManager.default.fileExists(atPath: keep), "a gone writer's .keep is removed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: packFile), "its indexed pack is git's to judge")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: pack).filter { $0.hasPrefix("tmp_") }, [])
        try fixture.git(["fsck", "--strict", "--no-progress"])
    }

    private func fixturePath(_ fixture: GitFixture) -> String { fixture.gitDir + "/" }
}
