import AXTestSupport
import Foundation
import XCTest

/// `Scripts/install.sh` into a temporary prefix, with the binary this test run
/// built (a release build and the Debian packages are what the script adds on
/// a real install; `--binary` and `--no-packages` leave those out here).
final class InstallScriptTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func sh(_ script: String, env: [String: String] = [:], cwd: URL? = nil) throws -> CLI.Result {
        try CLI.run(["-c", script], cwd: cwd, env: env, executable: URL(fileURLWithPath: "/bin/bash"))
    }

    func install(_ prefix: URL, _ extra: [String] = []) throws -> CLI.Result {
        try CLI.run(["--prefix", prefix.path, "--binary", CLI.binary.path, "--no-packages"] + extra, cwd: Self.root,
                    executable: Self.root.appendingPathComponent("Scripts/install.sh"))
    }

    func testInstallRunsFromThePrefixAndUninstallLeavesNothing() throws {
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
        let prefix = try CLI.tempDir(self).appendingPathComponent("prefix with space")
        try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
        let installed = try install(prefix)
        XCTAssertEqual(installed.code, 0, installed.err)
        let bin = prefix.appendingPathComponent("bin/axdiff")

        // The binary runs from there, and its demo finds the installed story from anywhere.
        let version = try CLI.run(["--version"], executable: bin)
        XCTAssertEqual(version.out, "axdiff 0.1.0\n")
        let demoRepo = try CLI.tempDir(self).appendingPathComponent("demo")
        let demo = try CLI.run(["demo", "--into", demoRepo.path], cwd: URL(fileURLWithPath: "/"), executable: bin)
        XCTAssertEqual(demo.code, 0, demo.err)
        XCTAssertTrue(demo.out.contains("with 6 commits"), demo.out)

        // The man page renders, by path and through MANPATH.
        let page = prefix.appendingPathComponent("share/man/man1/axdiff.1").path
        let man = try sh("MANWIDTH=120 man -l \"$1\" 2>&1; echo \"exit=$?\"".replacingOccurrences(of: "$1", with: page),
                         env: ["MANPAGER": "cat", "PAGER": "cat"])
        XCTAssertTrue(man.out.contains("exit=0"), man.out)
        XCTAssertTrue(man.out.contains("AXDIFF(1)"), man.out)
        let help = try CLI.run(["help"], executable: bin).out
        let listed = help.components(separatedBy: "Commands:\n")[1].components(separatedBy: "\n\n")[0]
            .split(separator: "\n").compactMap { $0.split(separator: " ").first }.map(String.init)
        XCTAssertEqual(listed.count, 16, help)
        for name in listed { XCTAssertTrue(man.out.contains("axdiff \(name)"), "the man page lacks \(name)") }
        let byName = try sh("man axdiff | head -3", env: ["MANPATH": prefix.appendingPathComponent("share/man").path, "MANPAGER": "cat"])
        XCTAssertTrue(byName.out.contains("AXDIFF(1)"), byName.out + byName.err)

        // bash loads the completion and completes a command, an option and a value.
        let completion = prefix.appendingPathComponent("share/bash-completion/completions/axdiff").path
        let bash = try sh("""
            source '\(completion)' || exit 9
            complete -p axdiff
            COMP_WORDS=(axdiff ba); COMP_CWORD=1; _axdiff; echo "1:${COMPREPLY[*]}"
            COMP_WORDS=(axdiff check --al); COMP_CWORD=2; _axdiff; echo "2:${COMPREPLY[*]}"
            COMP_WORDS=(axdiff check --format s); COMP_CWORD=3; _axdiff; echo "3:${COMPREPLY[*]}"
            """)
        XCTAssertEqual(bash.code, 0, bash.err)
        XCTAssertEqual(bash.out, "complete -o default -F _axdiff axdiff\n1:backfill\n2:--allow-missing-base\n3:sarif svg\n", bash.err)

        // zsh (when installed: Scripts/setup.sh installs it) finds the function on its fpath.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") {
            let site = prefix.appendingPathComponent("share/zsh/site-functions").path
            // compinit replaces its dump file (-d): it must be a file of the test's own.
            let dump = try CLI.tempDir(self).appendingPathComponent("zcompdump").path
            let zsh = try CLI.run(["-f", "-c", "fpath=('\(site)' $fpath); autoload -Uz compinit; compinit -u -d '\(dump)'; print -r -- ${_comps[axdiff]}"],
                                  executable: URL(fileURLWithPath: "/usr/bin/zsh"))
            XCTAssertEqual(zsh.out, "_axdiff\n", zsh.err)
            let syntax = try CLI.run(["-n", site + "/_axdiff"], executable: URL(fileURLWithPath: "/usr/bin/zsh"))
            XCTAssertEqual(syntax.code, 0, syntax.err)
            // An interactive zsh on a pseudo-terminal, asked to complete `axdiff check --form<TAB><TAB>`.
            let driver = try CLI.tempDir(self)
            try CLI.write("""
                zmodload zsh/zpty
                zpty z zsh -f -i
                zpty -w z "fpath=('\(site)' \\$fpath); autoload -Uz compinit; compinit -u -d '\(driver.path)/dump'; PS1='> '"
                zpty -w z $'axdiff check --form\\t\\t'
                out=""
                # Until the values are listed (a busy machine may take seconds), at most 30 s.
                for i in {1..60}; do
                  while zpty -r -t z chunk; do out+=$chunk; done
                  [[ $out == *sarif* ]] && break
                  sleep 0.5
                done
                zpty -d z
                print -r -- "$out"
                """, to: driver.appendingPathComponent("drive.zsh"))
            let typed = try CLI.run(["-f", driver.appendingPathComponent("drive.zsh").path], executable: URL(fileURLWithPath: "/usr/bin/zsh"), timeout: 60)
            let screen = typed.out.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
            XCTAssertTrue(screen.contains("axdiff check --format"), screen.debugDescription)
            for value in ["json", "junit", "markdown", "sarif", "svg", "text"] { XCTAssertTrue(screen.contains(value), "zsh offers \(value): \(screen.debugDescription)") }
        } else {
            print("InstallScriptTests: zsh is not installed; the zsh completion was not loaded (Scripts/setup.sh installs zsh)")
        }

        // The unit runs the installed binary.
        let unit = try String(contentsOf: prefix.appendingPathComponent("lib/systemd/system/axdiff-watch@.service"), encoding: .utf8)
        XCTAssertTrue(unit.contains("\nExecStart=\(bin.path) watch --repo %f"), unit)

        // Installing again replaces, and one uninstall removes everything, folders included.
        XCTAssertEqual(try install(prefix).code, 0)
        let manifest = try String(contentsOf: prefix.appendingPathComponent("share/axdiff/install-manifest"), encoding: .utf8)
        XCTAssertEqual(Set(manifest.split(separator: "\n")).count, manifest.split(separator: "\n").count, "a file listed twice")
        let removed = try install(prefix, ["--uninstall"])
        XCTAssertEqual(removed.code, 0, removed.err)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: prefix.path), [])
        XCTAssertEqual(try install(prefix, ["--uninstall"]).code, 1, "a second uninstall finds nothing to remove")
    }

    func testUninstallLeavesFilesItDidNotWrite() throws {
        let prefix = try CLI.tempDir(self)
        try CLI.write("mine\n", to: prefix.appendingPathComponent("bin/other-tool"))
        try CLI.write("mine\n", to: prefix.appendingPathComponent("share/man/man1/other.1"))
        XCTAssertEqual(try install(prefix).code, 0)
        XCTAssertEqual(try install(prefix, ["--uninstall"]).code, 0)
        let left = try sh("cd '\(prefix.path)' && find . | sort").out
        XCTAssertEqual(left, ".\n./bin\n./bin/other-tool\n./share\n./share/man\n./share/man/man1\n./share/man/man1/other.1\n")
    }

    func testAPrefixTheInstallCreatedIsRemovedAndNothingOutsideItIsTouched() throws {
        let parent = try CLI.tempDir(self)
        let prefix = parent.appendingPathComponent("new/prefix")
        XCTAssertEqual(try install(prefix).code, 0)
        // A manifest edited to name a file outside the prefix: that file stays.
        let outside = parent.appendingPathComponent("outside.txt")
        try CLI.write("keep me\n", to: outside)
        let manifest = prefix.appendingPathComponent("share/axdiff/install-manifest")
        try (try String(contentsOf: manifest, encoding: .utf8) + "file \(outside.path)\nfile \(prefix.path)/../../outside.txt\n")
            .write(to: manifest, atomically: true, encoding: .utf8)
        let r = try install(prefix, ["--uninstall"])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.err.contains("lists \(outside.path), outside \(prefix.path); left alone"), r.err)
        XCTAssertTrue(r.err.contains("lists \(prefix.path)/../../outside.txt, not a plain path; left alone"), r.err)
        XCTAssertEqual(try String(contentsOf: outside, encoding: .utf8), "keep me\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: prefix.path), "the prefix the install made is gone")
        XCTAssertTrue(FileManager.default.fileExists(atPath: parent.appendingPathComponent("new").path), "its parent, outside the prefix, stays")
    }

    func testBadArgumentsAreExitTwo() throws {
        let r = try CLI.run(["--prefx", "/tmp"], executable: Self.root.appendingPathComponent("Scripts/install.sh"))
        XCTAssertEqual(r.code, 2)
        XCTAssertTrue(r.err.hasPrefix("install.sh: unknown option '--prefx'"), r.err)
    }
}
