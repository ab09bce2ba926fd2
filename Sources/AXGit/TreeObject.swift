import CLibgit2

/// The entries of one git tree, edited in memory and encoded the way git writes trees, so
/// that a batch of notes trees can be hashed and packed without a round trip through the
/// object database for each tree (`git_treebuilder_write` re-scans the pack directory for
/// every new object it writes).
struct TreeObject {
    struct Entry {
        var mode: UInt32
        var id: ObjectID
        var isTree: Bool { mode & 0o170000 == 0o040000 }
    }

    static let treeMode: UInt32 = 0o040000
    static let blobMode: UInt32 = 0o100644

    private(set) var entries: [String: Entry] = [:]
    /// True once an entry was added, replaced or removed: an untouched tree keeps its id.
    private(set) var isModified = false

    init() {}

    /// The entries of an existing tree, as libgit2 parsed them.
    init(_ tree: OpaquePointer) {
        let count = git_tree_entrycount(tree)
        entries.reserveCapacity(count)
        for index in 0..<count {
            guard let entry = git_tree_entry_byindex(tree, index) else { continue }
            let name = String(cString: git_tree_entry_name(entry))
            entries[name] = Entry(mode: UInt32(git_tree_entry_filemode_raw(entry).rawValue),
                                  id: ObjectID(git_tree_entry_id(entry)))
        }
    }

    subscript(name: String) -> Entry? { entries[name] }

    mutating func set(_ name: String, id: ObjectID, mode: UInt32) {
        if let old = entries[name], old.id == id, old.mode == mode { return }
        entries[name] = Entry(mode: mode, id: id)
        isModified = true
    }

    mutating func remove(_ name: String) {
        if entries.removeValue(forKey: name) != nil { isModified = true }
    }

    /// The tree is now stored as it is: later edits are measured from here.
    mutating func markWritten() {
        isModified = false
    }

    /// True when the tree holds a fan-out directory (a tree named by two hex digits).
    var hasFanoutDirectories: Bool {
        entries.contains { $0.value.isTree && NotesLayout.isFanoutName($0.key) }
    }

    /// The tree object's bytes: `<octal mode> <name>\0<20-byte id>` per entry, in git's order.
    ///
    /// - Complexity: O(n log n) in the entries (the sort).
    func encoded() -> [UInt8] {
        let sorted = entries.sorted { Self.precedes($0.key, $0.value, $1.key, $1.value) }
        var out: [UInt8] = []
        out.reserveCapacity(sorted.count * 64)
        for (name, entry) in sorted {
            if entry.mode == Self.blobMode { out += Self.blobModeText } else { out += String(entry.mode, radix: 8).utf8 }
            out.append(0x20)
            out += name.utf8
            out.append(0)
            entry.id.append(to: &out)
        }
        return out
    }

    private static let blobModeText = Array("100644".utf8)

    /// git's tree order (`base_name_compare`): bytewise, with a tree's name compared as if it
    /// ended in "/" — so a directory `ab` sorts after a file `ab.c`, as git requires.
    static func precedes(_ a: String, _ ea: Entry, _ b: String, _ eb: Entry) -> Bool {
        var ia = a.utf8.makeIterator(), ib = b.utf8.makeIterator()
        let slash = UInt8(ascii: "/")
        while true {
            switch (ia.next(), ib.next()) {
            case let (x?, y?):
                if x != y { return x < y }
            case let (x?, nil):
                return x < (eb.isTree ? slash : 0)
            case let (nil, y?):
                return (ea.isTree ? slash : 0) < y
            case (nil, nil):
                return (ea.isTree ? slash : 0) < (eb.isTree ? slash : 0)
            }
        }
    }
}
