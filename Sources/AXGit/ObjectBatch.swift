import CLibgit2
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

/// Objects built in memory — note blobs, notes trees, the notes commit — and written to the object database
/// together: a few as loose objects, many as one pack (`PackWriter`).
///
/// Why: writing each object on its own cost a file (create, write, link, unlink) plus a re-scan
/// of `objects/pack/` (libgit2 refreshes the pack list whenever a new object is not found
/// there). A 5,000-commit backfill wrote some 8,000 loose files and read the pack directory
/// 8,000 times, and on a busy disk that was more than half of its time.
struct ObjectBatch {
    struct Object {
        let id: ObjectID
        let type: git_object_t
        let bytes: [UInt8]
    }

    /// Fewer objects than this are written loose (a watcher's round: a note, two trees):
    /// not worth a pack file each.
    static let packThreshold = 32

    private(set) var objects: [Object] = []
    private var known: Set<ObjectID> = []

    var count: Int { objects.count }

    /// Adds an object (once per id) and returns its id, as libgit2 hashes it (SHA-1 of
    /// `"<type> <size>\0"` and the bytes, with collision detection).
    @discardableResult
    mutating func add(_ type: git_object_t, _ bytes: [UInt8]) throws -> ObjectID {
        let id = try Self.id(of: type, bytes)
        if known.insert(id).inserted { objects.append(Object(id: id, type: type, bytes: bytes)) }
        return id
    }

    mutating func addBlob(_ bytes: [UInt8]) throws -> ObjectID { try add(GIT_OBJECT_BLOB, bytes) }

    mutating func addTree(_ tree: TreeObject) throws -> ObjectID { try add(GIT_OBJECT_TREE, tree.encoded()) }

    /// What `write` put on disk: a pack held by its `.keep` until the ref reaches it, or
    /// loose objects (which git may prune at once if they are unreachable: `ensureOnDisk`).
    struct Written {
        let pack: InFlightPack?
        fileprivate let loose: [Object]

        /// After the ref moved: writes again any loose object that is gone (a `git prune` ran
        /// between the write and the ref update; now the ref reaches them, so they stay).
        func ensureOnDisk(in repository: Repository) throws {
            guard !loose.isEmpty else { return }
            let odb = try repository.objectDatabase()
            defer { git_odb_free(odb) }
            let missing = loose.filter { object in
                var oid = object.id.oid
                return git_odb_exists(odb, &oid) == 0
            }
            if !missing.isEmpty { try ObjectBatch.writeLoose(missing, to: odb, in: repository) }
        }
    }

    /// Writes every object; afterwards each can be read through `repository`.
    func write(to repository: Repository) throws -> Written {
        guard !objects.isEmpty else { return Written(pack: nil, loose: []) }
        if objects.count < Self.packThreshold {
            let odb = try repository.objectDatabase()
            defer { git_odb_free(odb) }
            try Self.writeLoose(objects, to: odb, in: repository)
            return Written(pack: nil, loose: objects)
        }
        return Written(pack: try PackWriter.write(objects, to: repository), loose: [])
    }

    /// Writes loose objects, each file and its `objects/ab/` directory given the repository's
    /// shared permissions (libgit2 creates them with the umask's).
    fileprivate static func writeLoose(_ objects: [Object], to odb: OpaquePointer?, in repository: Repository) throws {
        let shared = SharedPermissions.shared(commonDir: repository.commonDir) != 0
        let objectsDirectory = shared ? try repository.objectsDirectory() : ""
        for object in objects {
            defer {
                if shared {
                    let hex = object.id.hex
                    let path = FilePath.appending(FilePath.appending(objectsDirectory, String(hex.prefix(2))),
                                                  String(hex.dropFirst(2)))
                    SharedPermissions.adjustPath(path, below: objectsDirectory, commonDir: repository.commonDir)
                }
            }
            var written = git_oid()
            try object.bytes.withUnsafeBytes { buffer in
                try check(git_odb_write(&written, odb, buffer.baseAddress, buffer.count, object.type), "git_odb_write")
            }
            guard ObjectID(written) == object.id else {
                throw GitError(.invalid, "objects", "object \(object.id.hex) was stored as \(ObjectID(written).hex)")
            }
        }
    }

    static func id(of type: git_object_t, _ bytes: [UInt8]) throws -> ObjectID {
        var oid = git_oid()
        try bytes.withUnsafeBytes { buffer in
            // An empty object still needs a valid pointer.
            try withUnsafeBytes(of: 0) { empty in
                try check(git_odb_hash(&oid, buffer.baseAddress ?? empty.baseAddress, buffer.count, type), "git_odb_hash")
            }
        }
        return ObjectID(oid)
    }
}
