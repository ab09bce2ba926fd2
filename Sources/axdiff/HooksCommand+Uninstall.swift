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

extension HooksCommand {
    /// Removes the hooks axdiff wrote (recognised by their header, so a hook from
    /// an older axdiff goes too) and renames the newest `NAME.axdiff-old*` kept
    /// by `install --force` back into place. A hook axdiff did not write is left alone.
    func removeHooks() throws -> Int32 {
        let repository = try repo.open()
        let directory = try hooksDirectory(repository)
        let files = FileManager.default
        for (name, _) in HookScripts.all {
            let path = directory + "/" + name
            guard let data = files.contents(atPath: path) else {
                if let backup = newestBackup(of: path) { Console.out("no \(path); \(backup) left as it is") }
                continue
            }
            guard Self.isAxdiffHook(data, name: name) else {
                Console.out("left \(path): not written by axdiff")
                continue
            }
            if let backup = newestBackup(of: path) {
                guard rename(backup, path) == 0 else { throw InputError("\(backup): cannot restore it over \(path) (errno \(errno))") }
                Console.out("restored \(path) from \(backup)")
            } else {
                guard unlink(path) == 0 else { throw InputError("\(path): cannot remove it (errno \(errno))") }
                Console.out("removed \(path)")
            }
        }
        return ExitCode.clean
    }

    /// The header every axdiff hook starts with: `#!/bin/sh`, then `# axdiff NAME hook`.
    static func isAxdiffHook(_ data: Data, name: String) -> Bool {
        let head = String(decoding: data.prefix(200), as: UTF8.self).split(separator: "\n", maxSplits: 2)
        return head.count >= 2 && head[1].hasPrefix("# axdiff \(name) hook")
    }

    /// `NAME.axdiff-old.N` with the largest N, else `NAME.axdiff-old` (the order
    /// `install --force` numbers them in).
    private func newestBackup(of path: String) -> String? {
        let files = FileManager.default
        var newest: String?
        var candidate = path + ".axdiff-old"
        var n = 1
        while files.fileExists(atPath: candidate) {
            newest = candidate
            n += 1
            candidate = path + ".axdiff-old.\(n)"
        }
        return newest
    }
}
