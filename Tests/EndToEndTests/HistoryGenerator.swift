import Foundation
import AXTestSupport

/// Builds a history of many commits at once with `git fast-import`, far faster
/// than one `git commit` per commit. Deterministic for a given count.
enum HistoryGenerator {
    /// `count` commits on `main`; each changes one of `screens` snapshots (a
    /// button's label and the order of two stops vary), every 50th touches no snapshot.
    static func build(_ repo: GitFixture, count: Int, screens: Int = 10) throws {
        var stream = ""
        for i in 0..<count {
            stream += "commit refs/heads/main\n"
            stream += "mark :\(i + 1)\n"
            stream += "committer Test <test@example.com> \(1_767_225_600 + i * 60) +0000\n"
            let message = "Commit \(i)\n"
            stream += "data \(message.utf8.count)\n\(message)\n"
            if i > 0 { stream += "from :\(i)\n" }
            if i % 50 == 49 {
                let doc = "note \(i)\n"
                stream += "M 100644 inline README.md\ndata \(doc.utf8.count)\n\(doc)\n"
            } else {
                let screen = i % screens
                var stops = [("text", "Title \(screen)"), ("button", "Action \(i % 7)"), ("text", "Detail")]
                if i % 3 == 0 { stops.swapAt(0, 2) }
                let json = screenJSON("Screen\(screen)", stops)
                stream += "M 100644 inline Snapshots/Screen\(screen).json\ndata \(json.utf8.count)\n\(json)\n"
            }
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fast-import-\(UUID().uuidString)")
        try Data(stream.utf8).write(to: dir)
        defer { try? FileManager.default.removeItem(at: dir) }
        let r = try CLI.run(["fast-import", "--quiet"], cwd: repo.url,
                            stdin: String(decoding: try Data(contentsOf: dir), as: UTF8.self),
                            executable: URL(fileURLWithPath: "/usr/bin/git"))
        guard r.code == 0 else { throw NSError(domain: "fast-import", code: Int(r.code), userInfo: [NSLocalizedDescriptionKey: r.err]) }
        try repo.git(["reset", "-q", "--hard", "main"])
    }

    /// `commit → note blob` for every note on the ref, as `git notes list` prints them.
    static func notes(_ repo: GitFixture) throws -> [String: String] {
        let list = (try? repo.git(["notes", "--ref=axdiff", "list"])) ?? ""
        var result: [String: String] = [:]
        for line in list.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 2 else { continue }
            result[String(parts[1])] = String(parts[0])
        }
        return result
    }
}
