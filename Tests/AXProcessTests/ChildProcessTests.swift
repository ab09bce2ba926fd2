import AXProcess
import Foundation
import XCTest

/// `ChildProcess` runs real programs (`sh`, `env`, `grep`, `cat`): what each gets and what
/// comes back.
final class ChildProcessTests: XCTestCase {
    private let shell = "/bin/sh"

    /// Both streams, each larger than a pipe holds, come back whole and apart: a child that
    /// fills one pipe while the other is read would block for ever.
    func testBothStreamsLargerThanAPipeComeBackWhole() throws {
        let script = "head -c 300000 /dev/zero | tr '\\0' a; head -c 200000 /dev/zero | tr '\\0' b >&2; head -c 100000 /dev/zero | tr '\\0' c"
        let result = try ChildProcess(shell, ["-c", script]).run()
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout.count, 400_000)
        XCTAssertEqual(result.stdout.filter { $0 == UInt8(ascii: "a") }.count, 300_000)
        XCTAssertEqual(result.stdout.suffix(100_000).allSatisfy { $0 == UInt8(ascii: "c") }, true)
        XCTAssertEqual(result.stderr.count, 200_000)
        XCTAssertTrue(result.stderr.allSatisfy { $0 == UInt8(ascii: "b") })
    }

    func testTheExitCodeAndASignalAreTheStatus() throws {
        XCTAssertEqual(try ChildProcess(shell, ["-c", "exit 3"]).run().status, 3)
        XCTAssertEqual(try ChildProcess(shell, ["-c", "exit 0"]).run().status, 0)
        // A shell's convention: 128 + the signal's number (SIGTERM is 15).
        XCTAssertEqual(try ChildProcess(shell, ["-c", "kill -TERM $$; sleep 5"]).run().status, 128 + 15)
    }

    /// The child's environment is exactly the one given, and a bare name is found on its `PATH`.
    func testTheEnvironmentIsExactlyTheOneGiven() throws {
        let result = try ChildProcess("env", [], environment: ["B": "two words", "A": "1", "PATH": "/usr/bin:/bin"]).run()
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "A=1\nB=two words\nPATH=/usr/bin:/bin\n")
    }

    func testANameNotOnThePathIsAFailureNamingThePath() throws {
        XCTAssertThrowsError(try ChildProcess("git", ["--version"], environment: ["PATH": "/nonexistent:/also-not"]).run()) { error in
            XCTAssertEqual("\(error)", "git is not on PATH (/nonexistent:/also-not)")
        }
        XCTAssertThrowsError(try ChildProcess("/nonexistent/git", []).run()) { error in
            XCTAssertTrue("\(error)".hasPrefix("/nonexistent/git: "), "\(error)")
        }
    }

    /// The child leads a process group of its own, in this process's session: the terminal's
    /// Ctrl-C goes to axdiff's group, not to git's.
    func testTheChildHasAProcessGroupOfItsOwn() throws {
        let result = try ChildProcess("/bin/sh", ["-c", "echo $$ $(ps -o pgid= -p $$) $(ps -o sid= -p $$)"]).run()
        XCTAssertEqual(result.status, 0)
        let fields = String(decoding: result.stdout, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int32($0) }
        XCTAssertEqual(fields.count, 3, String(decoding: result.stdout, as: UTF8.self))
        guard fields.count == 3 else { return }
        XCTAssertEqual(fields[1], fields[0], "the child's process group is its own")
        XCTAssertNotEqual(fields[1], getpgrp())
        XCTAssertEqual(fields[2], getsid(0), "the child stays in this session")
    }

    /// Standard input is /dev/null: a program that reads it ends at once.
    func testStandardInputIsEmpty() throws {
        let result = try ChildProcess("/bin/cat", []).run()
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, [])
    }

    /// Output to a file replaces what the file held; discarded output is gone.
    func testOutputToAFileReplacesItAndDiscardedOutputIsGone() throws {
        let path = NSTemporaryDirectory() + "child-process-\(getpid()).txt"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try String(repeating: "old contents\n", count: 100).write(toFile: path, atomically: false, encoding: .utf8)
        let result = try ChildProcess(shell, ["-c", "echo out; echo err >&2"], stdout: .file(path), stderr: .discard).run()
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, [])
        XCTAssertEqual(result.stderr, [])
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "out\n")
    }

    /// A signal this process ignores or blocks (a daemon does both) is neither ignored nor
    /// blocked in the child: git must stop on SIGTERM and SIGPIPE like any command.
    func testTheChildNeitherIgnoresNorBlocksSignals() throws {
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        var blocked = sigset_t(), before = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &blocked, &before)
        defer { pthread_sigmask(SIG_SETMASK, &before, nil) }

        let result = try ChildProcess("/bin/grep", ["-E", "^Sig(Ign|Blk):", "/proc/self/status"]).run()
        XCTAssertEqual(result.status, 0)
        // Masks in hex, bit n - 1 for signal n (this process may have inherited others to ignore).
        var masks: [String: UInt64] = [:]
        for line in String(decoding: result.stdout, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "\t")
            if parts.count == 2 { masks[String(parts[0])] = UInt64(parts[1], radix: 16) }
        }
        let caught = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE].reduce(UInt64(0)) { $0 | 1 << UInt64($1 - 1) }
        XCTAssertEqual(masks["SigBlk:"].map { $0 & caught }, 0, "\(masks)")
        XCTAssertEqual(masks["SigIgn:"].map { $0 & caught }, 0, "\(masks)")
    }

    /// The input given is what the child reads, larger than a socket buffer holds while
    /// the child's output, as large, is read: neither side waits on the other.
    func testInputIsReadWholeWhileTheOutputIsDrained() throws {
        let text = (0..<40_000).map { "line \($0)\n" }.joined()
        let result = try ChildProcess("/bin/cat", [], input: Array(text.utf8)).run()
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout.count, text.utf8.count)
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), text)
        XCTAssertFalse(result.timedOut)
    }

    /// A child that exits without reading its input is no error and no SIGPIPE here.
    func testAChildThatIgnoresItsInputEndsTheRun() throws {
        let result = try ChildProcess(shell, ["-c", "echo done"], input: Array(repeating: UInt8(ascii: "x"), count: 1 << 20)).run()
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "done\n")
    }

    func testTheChildStartsInTheWorkingDirectory() throws {
        let result = try ChildProcess("/bin/pwd", [], workingDirectory: "/usr/bin").run()
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "/usr/bin\n")
        XCTAssertThrowsError(try ChildProcess("/bin/pwd", [], workingDirectory: "/nonexistent/dir").run())
    }

    /// A child past its timeout is ended with its process group (the shell's `sleep` too),
    /// and the run says so; what it wrote before is kept.
    func testAChildPastItsTimeoutIsEndedWithItsGroup() throws {
        let result = try ChildProcess(shell, ["-c", "echo started; sleep 30; echo late"], timeout: 0.5).run()
        XCTAssertTrue(result.timedOut)
        XCTAssertEqual(result.status, 128 + 15)
        XCTAssertEqual(String(decoding: result.stdout, as: UTF8.self), "started\n")
        XCTAssertFalse(try ChildProcess(shell, ["-c", "exit 0"], timeout: 5).run().timedOut)
    }
}
