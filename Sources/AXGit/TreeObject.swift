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
    /// The names in git's order, kept so as entries come and go: encoding sorted every
    /// tree's entries again, and a batch of notes re-encodes some 160 fan-out trees, each
    /// larger with every batch (perf: a sixth of writing 5,000 notes).
    private var order: [String] = []
    /// True once an entry was added, replaced or removed: an untouched tree keeps its id.
    private(set) var isModified = false

    init() {}

    /// The entries of an existing tree, as libgit2 parsed them (in git's order).
    init(_ tree: OpaquePointer) {
        let count = git_tree_entrycount(tree)
        entries.reserveCapacity(count)
        order.reserveCapacity(count)
        for index in 0..<count {
            guard let entry = git_tree_entry_byindex(tree, index) else { continue }
            let name = String(cString: git_tree_entry_name(entry))
            guard entries[name] == nil else { continue }
            entries[name] = Entry(mode: UInt32(git_tree_entry_filemode_raw(entry).rawValue),
                                  id: ObjectID(git_tree_entry_id(entry)))
            order.append(name)
        }
        // A tree written by someone else in another order is put in git's.
        if !zip(order, order.dropFirst()).allSatisfy({ precedes($0.0, $0.1) }) {
            let byName = entries
            order.sort { a, b in
                guard let ea = byName[a], let eb = byName[b] else { return a < b }
                return Self.precedes(a, ea, b, eb)
            }
        }
    }

    subscript(name: String) -> Entry? { entries[name] }

    mutating func set(_ name: String, id: ObjectID, mode: UInt32) {
        let new = Entry(mode: mode, id: id)
        if let old = entries[name] {
            if old.id == id, old.mode == mode { return }
            // A file that becomes a tree (or back) moves in git's order: found by its old
            // kind, placed by its new one.
            if old.isTree != new.isTree {
                if let at = position(of: name, old) { order.remove(at: at) }
                entries[name] = nil
                order.insert(name, at: insertionPoint(name, new))
            }
            entries[name] = new
        } else {
            order.insert(name, at: insertionPoint(name, new))
            entries[name] = new
        }
        isModified = true
    }

    mutating func remove(_ name: String) {
        guard let old = entries.removeValue(forKey: name) else { return }
        if let at = position(of: name, old) { order.remove(at: at) }
        isModified = true
    }

    private func precedes(_ a: String, _ b: String) -> Bool {
        guard let ea = entries[a], let eb = entries[b] else { return a < b }
        return Self.precedes(a, ea, b, eb)
    }

    /// Where `name` (of `entry`'s kind) goes in `order`.
    ///
    /// - Complexity: O(log n) comparisons.
    private func insertionPoint(_ name: String, _ entry: Entry) -> Int {
        var low = 0, high = order.count
        while low < high {
            let middle = (low + high) / 2
            let other = order[middle]
            if let e = entries[other], Self.precedes(other, e, name, entry) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The index of `name` (of `entry`'s kind) in `order`.
    private func position(of name: String, _ entry: Entry) -> Int? {
        let at = insertionPoint(name, entry)
        return at < order.count && order[at] == name ? at : nil
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
    /// - Complexity: O(n) in the entries.
    func encoded() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(order.count * 64)
        for name in order {
            guard let entry = entries[name] else { continue }
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
