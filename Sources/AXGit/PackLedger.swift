#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The packs of notes that axdiff's writers wrote and have not merged yet, one per line
/// (`pack-<hash> <pid of the writer>`) in `<common dir>/axdiff-notes-packs`; a pack is
/// listed before its files are put in place. A run killed before its end leaves its batches'
/// packs listed, and the next run's merge (`NotesWriter.consolidatePacks`) takes them in:
/// without it every killed backfill left a pack per batch behind until `git gc`, and every
/// note read searched one more index for each.
///
/// Only names are kept here, never objects: a line lost or left over costs at most a pack
/// merged later (or by `git gc`). Lines are added with one `write` on a file opened for
/// appending, so writers running at once do not tear each other's lines; a rewrite can drop
/// a line another writer added meanwhile, which that writer does not miss — it merges the
/// packs it wrote itself.
struct PackLedger {
    let path: String
    /// Packs directory, where a killed writer's half-written files are looked for.
    let packDirectory: String

    init(commonDir: String, objectsDirectory: String) {
        path = (commonDir as NSString).appendingPathComponent("axdiff-notes-packs")
        packDirectory = (objectsDirectory as NSString).appendingPathComponent("pack")
    }

    private struct Line {
        let name: String
        let pid: Int32
    }

    /// Lists `names` as this process's (best effort: a pack left unlisted is only merged later).
    func add(_ names: [String]) {
        guard !names.isEmpty else { return }
        store(names.map { Line(name: $0, pid: getpid()) }, flags: O_APPEND)
    }

    /// True when the file is there (a pack is listed, or was: the file goes once none is).
    var hasEntries: Bool { access(path, F_OK) == 0 }

    /// The listed packs that are there (their index is), in the order they were listed, each once.
    func existing() -> [String] {
        var seen = Set<String>()
        return listed().map(\.name).filter { seen.insert($0).inserted && exists($0) }
    }

    /// Drops `names` from the list, and the packs that are gone (another live writer's pack
    /// whose index is still being written stays); the file goes once it lists nothing else.
    func remove(_ names: Set<String>) {
        let keep = listed().filter { line in
            !names.contains(line.name) && (exists(line.name) || (line.pid != getpid() && !Self.isGone(line.pid)))
        }
        guard !keep.isEmpty else {
            unlink(path)
            return
        }
        let temporary = path + ".tmp\(getpid())"
        unlink(temporary)
        let kept = Self(path: temporary, packDirectory: packDirectory)
        kept.store(keep, flags: O_EXCL)
        if rename(temporary, path) != 0 { unlink(temporary) }
    }

    /// Removes what a writer killed while writing a pack leaves behind, once that writer is no
    /// longer running: its temporary files (`tmp_axdiff_<pid>_…`, see `PackWriter`) and a listed
    /// pack file whose index was never written (git ignores it, `git gc` does not remove it).
    /// Anything of a process that lives, or may not be signalled, is left alone.
    func removeAbandonedFiles() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: packDirectory) else { return }
        for name in names where name.hasPrefix(Self.temporaryPrefix) {
            let rest = name.dropFirst(Self.temporaryPrefix.count)
            guard let pid = Int32(rest.prefix { $0.isNumber }), Self.isGone(pid) else { continue }
            unlink((packDirectory as NSString).appendingPathComponent(name))
        }
        for line in listed() where !exists(line.name) && Self.isGone(line.pid) {
            unlink((packDirectory as NSString).appendingPathComponent(line.name) + ".pack")
        }
    }

    static let temporaryPrefix = "tmp_axdiff_"

    private init(path: String, packDirectory: String) {
        self.path = path
        self.packDirectory = packDirectory
    }

    /// True when `pid` names no running process (and is not this one).
    private static func isGone(_ pid: Int32) -> Bool {
        guard pid > 0, pid != getpid() else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Writes `lines` in one `write` to the file opened with `flags` added.
    private func store(_ lines: [Line], flags: Int32) {
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | flags, 0o644)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let text = Array(lines.map { "\($0.name) \($0.pid)\n" }.joined().utf8)
        _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// The well-formed lines of the file (`pack-`, 40 hex digits, a space, a pid); nothing
    /// when it is missing.
    private func listed() -> [Line] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count == 2, fields[0].utf8.count == 45, fields[0].hasPrefix("pack-"),
                  ObjectID(hex: String(fields[0].dropFirst(5))) != nil, let pid = Int32(fields[1]) else { return nil }
            return Line(name: String(fields[0]), pid: pid)
        }
    }

    private func exists(_ name: String) -> Bool {
        access((packDirectory as NSString).appendingPathComponent(name) + ".idx", F_OK) == 0
    }
}
