import AXTestSupport
import Foundation
import XCTest

/// The release archive (Scripts/package.sh) unpacked into a temporary folder:
/// its binary runs the demo and the gate with a clean environment, every
/// library it loads outside glibc comes from the archive, and
/// `Scripts/install.sh --archive` installs it.
final class ReleaseArchiveTests: XCTestCase {
    /// A release build (several minutes the first time): long, so CI runs it.
    override func setUpWithError() throws {
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// glibc's own libraries, which every system has and the archive does not carry.
    static func isGlibc(_ soname: String) -> Bool {
        soname.hasPrefix("ld-linux") || ["linux-vdso", "linux-gate", "libc", "libm", "libmvec", "libpthread", "libdl", "librt", "libresolv",
                                         "libutil", "libanl", "libnsl", "libBrokenLocale"].contains { soname.hasPrefix($0 + ".so") }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var packaged: URL?

    /// `AXDIFF_ARCHIVE` when set; else the archive Scripts/package.sh builds, once per
    /// test run, in its own scratch folder (`swift test` holds `.build`).
    static func archive() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["AXDIFF_ARCHIVE"], !path.isEmpty { return URL(fileURLWithPath: path) }
        lock.lock()
        defer { lock.unlock() }
        if let packaged { return packaged }
        let out = root.appendingPathComponent(".build/package-test/dist")
        let r = try CLI.run([root.appendingPathComponent("Scripts/package.sh").path, "--out", out.path,
                             "--scratch-path", root.appendingPathComponent(".build/package-test/scratch").path],
                            cwd: root, executable: URL(fileURLWithPath: "/bin/bash"), timeout: 3600)
        guard r.code == 0 else { throw NSError(domain: "package.sh", code: Int(r.code), userInfo: [NSLocalizedDescriptionKey: r.err]) }
        let name = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: out.path).first { $0.hasSuffix(".tar.gz") })
        packaged = out.appendingPathComponent(name)
        return out.appendingPathComponent(name)
    }

    /// The archive unpacked; returns its top folder.
    private func unpack(_ archive: URL) throws -> URL {
        let dir = try CLI.tempDir(self)
        let r = try CLI.run(["-xzf", archive.path, "-C", dir.path], executable: URL(fileURLWithPath: "/bin/tar"))
        XCTAssertEqual(r.code, 0, r.err)
        let top = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: dir.path).first)
        return dir.appendingPathComponent(top)
    }

    /// Runs with nothing from this environment: no PATH beyond the system's, no Swift, no LD_LIBRARY_PATH.
    private func clean(_ binary: URL, _ args: [String], home: URL, cwd: URL? = nil) throws -> CLI.Result {
        try CLI.run(["-i", "PATH=/usr/bin:/bin", "HOME=\(home.path)", "LANG=C.UTF-8", binary.path] + args, cwd: cwd,
                    executable: URL(fileURLWithPath: "/usr/bin/env"))
    }

    func testTheArchiveRunsAloneAndCarriesEveryLibraryBeyondGlibc() throws {
        let archive = try Self.archive()
        let name = archive.lastPathComponent
        XCTAssertTrue(name.hasPrefix("axdiff-0.1.0-linux-") && name.hasSuffix(".tar.gz"), name)
        let sum = try String(contentsOf: URL(fileURLWithPath: archive.path + ".sha256"), encoding: .utf8)
        let computed = try CLI.run(["sha256sum", archive.path], executable: URL(fileURLWithPath: "/usr/bin/env")).out
        XCTAssertEqual(sum.split(separator: " ").first, computed.split(separator: " ").first)
        let size = (try FileManager.default.attributesOfItem(atPath: archive.path)[.size] as? Int) ?? 0
        print("release archive \(name): \(size) bytes")

        let top = try unpack(archive)
        XCTAssertEqual(top.lastPathComponent + ".tar.gz", name)
        let binary = top.appendingPathComponent("bin/axdiff")
        for file in ["share/man/man1/axdiff.1", "share/bash-completion/completions/axdiff", "share/zsh/site-functions/_axdiff",
                     "share/axdiff/axdiff.json", "share/axdiff/axdiff.schema.json", "share/axdiff/axdiff-watch@.service",
                     "share/axdiff/examples/story/01-initial/commit.txt"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: top.appendingPathComponent(file).path), file)
        }

        // Every library outside glibc resolves inside the archive.
        let ldd = try CLI.run(["ldd", binary.path], executable: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(ldd.code, 0, ldd.err)
        XCTAssertFalse(ldd.out.contains("not found"), ldd.out)
        var bundled = 0
        for line in ldd.out.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count >= 3, parts[1] == "=>" else { continue }
            let soname = String(parts[0].trimmingCharacters(in: .whitespaces))
            if Self.isGlibc(soname) { continue }
            let resolved = URL(fileURLWithPath: String(parts[2])).standardizedFileURL.path
            XCTAssertTrue(resolved.hasPrefix(top.standardizedFileURL.path + "/lib/axdiff/"), "\(soname) resolves outside the archive: \(line)")
            bundled += 1
        }
        XCTAssertTrue(ldd.out.contains("libgit2"), ldd.out)
        XCTAssertGreaterThanOrEqual(bundled, 3, "libgit2, libdeflate, jemalloc at least: \(ldd.out)")
        XCTAssertFalse(ldd.out.contains("/opt/swift") || ldd.out.contains("libswiftCore"), "the Swift runtime is linked in: \(ldd.out)")

        // The demo finds its story beside the binary, from any directory, with a clean environment.
        let home = try CLI.tempDir(self)
        let demo = try clean(binary, ["demo", "--into", home.appendingPathComponent("demo").path], home: home, cwd: URL(fileURLWithPath: "/"))
        XCTAssertEqual(demo.code, 0, demo.err)
        XCTAssertTrue(demo.out.contains("with 6 commits"), demo.out)

        // The gate on a branch that regresses the reading order.
        let repo = try GitFixture(self)
        try repo.commit("Checkout", ["Snapshots/Checkout.json": GateRemote.checkout])
        try repo.git(["checkout", "-q", "-b", "feature"])
        try repo.commit("Retry first", ["Snapshots/Checkout.json": GateRemote.drifted])
        let check = try clean(binary, ["check", "--repo", repo.path], home: home)
        XCTAssertEqual(check.code, 1, check.err)
        XCTAssertTrue(check.out.contains("order.regressed"), check.out)
        XCTAssertEqual(try clean(binary, ["check", "--repo", repo.path, "main"], home: home).code, 0)
    }

    func testInstallShInstallsTheArchiveAndUninstallLeavesNothing() throws {
        let archive = try Self.archive()
        let prefix = try CLI.tempDir(self).appendingPathComponent("prefix")
        let install = try CLI.run([Self.root.appendingPathComponent("Scripts/install.sh").path, "--archive", archive.path,
                                   "--prefix", prefix.path, "--no-packages"], executable: URL(fileURLWithPath: "/bin/bash"), timeout: 600)
        XCTAssertEqual(install.code, 0, install.err)
        let binary = prefix.appendingPathComponent("bin/axdiff")
        let home = try CLI.tempDir(self)
        XCTAssertEqual(try clean(binary, ["--version"], home: home).out, "axdiff 0.1.0\n")
        let demo = try clean(binary, ["demo", "--into", home.appendingPathComponent("demo").path], home: home, cwd: URL(fileURLWithPath: "/"))
        XCTAssertEqual(demo.code, 0, demo.err)
        let libraries = try FileManager.default.contentsOfDirectory(atPath: prefix.appendingPathComponent("lib/axdiff").path)
        XCTAssertTrue(libraries.contains { $0.hasPrefix("libgit2") }, "\(libraries)")
        let ldd = try CLI.run(["ldd", binary.path], executable: URL(fileURLWithPath: "/usr/bin/env")).out
        XCTAssertTrue(ldd.contains(prefix.path + "/bin/../lib/axdiff/libgit2"), ldd)

        let bad = try CLI.tempDir(self).appendingPathComponent("bad.tar.gz")
        try CLI.write("not an archive", to: bad)
        let refused = try CLI.run([Self.root.appendingPathComponent("Scripts/install.sh").path, "--archive", bad.path,
                                   "--prefix", prefix.path + "2", "--no-packages"], executable: URL(fileURLWithPath: "/bin/bash"))
        XCTAssertEqual(refused.code, 2)
        XCTAssertTrue(refused.err.contains("not a gzip-compressed tar archive"), refused.err)

        let uninstall = try CLI.run([Self.root.appendingPathComponent("Scripts/install.sh").path, "--uninstall", "--prefix", prefix.path],
                                    executable: URL(fileURLWithPath: "/bin/bash"))
        XCTAssertEqual(uninstall.code, 0, uninstall.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: prefix.path), "the prefix the install created is gone")
    }
}
