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

extension Repository {
    /// The boundary commits of a shallow clone (listed in `<git-dir>/shallow`):
    /// their parents are not in the repository. Empty for a complete clone.
    ///
    /// - Throws: when the file exists and cannot be read (too few file descriptors, no
    ///   permission): taking the clone for a complete one would compare its boundary commits
    ///   with nothing.
    package func shallowCommits() throws -> Set<ObjectID> {
        let path = FilePath.appending(commonDir, "shallow")
        let fd = POSIXFile.openDescriptor(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return [] }
            throw GitError(.other(-1), "shallow", "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        close(fd)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw GitError(.other(-1), "shallow", "cannot read \(path)")
        }
        return Set(String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).compactMap { ObjectID(hex: $0) })
    }

    /// The same walk as `commits(from:hiding:hideWhere:)` for a shallow clone: parents
    /// before children (ties by commit time, then id), never past the boundary.
    ///
    /// - Complexity: O(c log c) in the commits reachable within the clone.
    func shallowWalk(from tips: [ObjectID], hiding: [ObjectID], hideWhere: ((ObjectID) -> Bool)?,
                     boundary: Set<ObjectID>) throws -> [ObjectID] {
        func parents(_ id: ObjectID) throws -> [ObjectID] { boundary.contains(id) ? [] : try commit(id).parents }
        // Everything reachable from `hiding` is excluded.
        var hidden = Set<ObjectID>()
        var stack = hiding.filter { (try? commit($0)) != nil }
        while let id = stack.popLast() {
            guard hidden.insert(id).inserted else { continue }
            stack.append(contentsOf: try parents(id))
        }
        var seen = Set<ObjectID>()
        var info: [ObjectID: (parents: [ObjectID], time: Double)] = [:]
        stack = tips.filter { !hidden.contains($0) && !(hideWhere?($0) ?? false) }
        while let id = stack.popLast() {
            guard seen.insert(id).inserted else { continue }
            let c = try commit(id)
            let ps = boundary.contains(id) ? [] : c.parents.filter { !hidden.contains($0) && !(hideWhere?($0) ?? false) }
            info[id] = (ps, c.committerTime.timeIntervalSince1970)
            stack.append(contentsOf: ps)
        }
        // Kahn's algorithm: a commit is ready once all its listed parents are out.
        var waiting: [ObjectID: Int] = [:]
        var children: [ObjectID: [ObjectID]] = [:]
        for (id, entry) in info {
            waiting[id] = entry.parents.count
            for p in entry.parents { children[p, default: []].append(id) }
        }
        var ready = info.keys.filter { waiting[$0] == 0 }
        var out: [ObjectID] = []
        while !ready.isEmpty {
            ready.sort { (info[$0]?.time ?? 0, $0) > (info[$1]?.time ?? 0, $1) }
            guard let next = ready.popLast() else { break }
            out.append(next)
            for child in children[next] ?? [] {
                waiting[child, default: 1] -= 1
                if waiting[child] == 0 { ready.append(child) }
            }
        }
        return out
    }
}
