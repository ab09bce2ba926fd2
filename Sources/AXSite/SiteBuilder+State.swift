#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AXReport
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AXBase

/// What the site keeps between runs in `.axdiff-site.json`: each commit's
/// line of the index and each screen's trend, so that an update needs to
/// analyse only new commits. Written with sorted keys, so the same site gives
/// the same bytes.
struct SiteState: Codable, Equatable {
    static let currentFormat = 1

    var format: Int
    var toolVersion: String
    /// Oldest first, in the order of the history walk.
    var commits: [SiteCommitSummary]
    /// Sorted by path.
    var screens: [ScreenTrend]
    var branches: [BranchVerdict]

    static func empty(toolVersion: String) -> SiteState {
        SiteState(format: currentFormat, toolVersion: toolVersion, commits: [], screens: [], branches: [])
    }

    /// The state in `directory`, or nil when there is none or it cannot be
    /// read (the site is then rebuilt: the state is a cache, never the truth).
    static func load(directory: String) -> SiteState? {
        let path = FilePath.appending(directory, SiteBuilder.stateFileName)
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(SiteState.self, from: data)
    }
}

/// The site's folder: pages written only when their bytes change, each
/// replaced atomically.
struct SiteFiles {
    let directory: String

    private func url(_ relative: String) -> URL {
        URL(fileURLWithPath: directory).appendingPathComponent(relative)
    }

    /// Whether the folder holds a site axdiff wrote.
    var hasState: Bool {
        FileManager.default.fileExists(atPath: url(SiteBuilder.stateFileName).path)
    }

    /// Creates the folder and its `commits/` and `screens/`.
    func prepare() throws {
        for sub in ["", "commits", "screens"] {
            do {
                try FileManager.default.createDirectory(at: url(sub), withIntermediateDirectories: true)
            } catch {
                throw SiteError("cannot create \(FilePath.appending(directory, sub)): \(ErrorDescription.localized(error))")
            }
        }
    }

    /// Writes `text` to `relative` unless the file already holds those bytes.
    ///
    /// A page that is there already is replaced through a temporary file beside it, renamed
    /// over it: a reader sees the old page or the new one, never half of one. A page that is
    /// not there yet is created in place (`O_EXCL`): nothing links to it until the index,
    /// written after every page, does — and a temporary name and a rename per page are a good
    /// part of the file system's work for a new site. There is no
    /// fsync — a page lost to a power cut is rewritten by the next build — which keeps 2,000
    /// pages from costing 2,000 disk flushes.
    /// - Returns: whether the file was written.
    func write(_ text: String, to relative: String) throws -> Bool {
        let data = Data(text.utf8)
        let target = FilePath.appending(directory, relative)
        let created = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if created >= 0 {
            do {
                try Self.write(data, closing: created)
            } catch {
                unlink(target)
                throw SiteError("cannot write \(target): \(Self.reason(error))")
            }
            return true
        }
        guard errno == EEXIST else { throw SiteError("cannot write \(target): \(String(cString: strerror(errno)))") }
        if let existing = FileManager.default.contents(atPath: target), existing == data { return false }
        let temporary = FilePath.appending(FilePath.deletingLastComponent(target), ".\(FilePath.lastComponent(target)).\(getpid()).tmp")
        do {
            let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw SiteError("cannot write \(temporary): \(String(cString: strerror(errno)))") }
            try Self.write(data, closing: fd)
            guard rename(temporary, target) == 0 else { throw SiteError("cannot write \(target): \(String(cString: strerror(errno)))") }
        } catch {
            unlink(temporary)
            throw error as? SiteError ?? SiteError("cannot write \(target): \(Self.reason(error))")
        }
        return true
    }

    /// Writes all of `data` to `fd` (on after a short or interrupted write) and closes it,
    /// without the fsync Foundation's file writes add: these bytes do not need it.
    private static func write(_ data: Data, closing fd: Int32) throws {
        var failed: Int32 = 0
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = systemWrite(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failed = errno
                    return
                }
                offset += n
            }
        }
        if close(fd) != 0 && failed == 0 { failed = errno }
        if failed != 0 { throw WriteFailure(code: failed) }
    }

    /// A failed `write` or `close`, by its errno.
    private struct WriteFailure: Error {
        let code: Int32
    }

    /// The system's words for a failed write (`No space left on device`).
    private static func reason(_ error: Error) -> String {
        if let failure = error as? WriteFailure { return String(cString: strerror(failure.code)) }
        return ErrorDescription.localized(error)
    }

    /// - Returns: whether there was a file to remove.
    func remove(_ relative: String) throws -> Bool {
        let target = url(relative)
        guard FileManager.default.fileExists(atPath: target.path) else { return false }
        try FileManager.default.removeItem(at: target)
        return true
    }

    /// Removes the `.html` files in `commits/` and `screens/` that are not in
    /// `keep` (paths relative to the site); nothing else is touched.
    /// - Returns: how many were removed.
    func removePages(except keep: Set<String>) throws -> Int {
        var removed = 0
        for sub in ["commits", "screens"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url(sub).path)) ?? []
            for name in names.sorted() where name.hasSuffix(".html") && !keep.contains(sub + "/" + name) {
                if try remove(sub + "/" + name) { removed += 1 }
            }
        }
        return removed
    }

    func writeState(_ state: SiteState) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(state)
        _ = try write(String(decoding: data, as: UTF8.self) + "\n", to: SiteBuilder.stateFileName)
    }
}

/// The site cannot be written (a folder that cannot be created, a full disk).
package struct SiteError: Error, CustomStringConvertible, Sendable {
    package var description: String
    package init(_ message: String) { description = message }
}

// The C call under another name: `SiteFiles.write` hides it inside the type.
#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
