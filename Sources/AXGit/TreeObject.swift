import CLibgit2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The entries of one git tree, edited in memory and encoded the way git writes trees, so
/// that a batch of notes trees can be hashed and packed without a round trip through the
/// object database for each tree (`git_treebuilder_write` re-scans the pack directory for
/// every new object it writes).
struct TreeObject {
    struct Entry {
        var name: String
        var mode: UInt32
        var id: ObjectID
        var isTree: Bool { Self.isTree(mode) }
        static func isTree(_ mode: UInt32) -> Bool { mode & 0o170000 == 0o040000 }
    }

    static let treeMode: UInt32 = 0o040000
    static let blobMode: UInt32 = 0o100644

    /// The entries in git's order, found by binary search. A batch of notes re-encodes some
    /// 160 fan-out trees, each larger with every batch: kept sorted (sorting each tree again
    /// was a sixth of writing 5,000 notes) and in one array (a dictionary beside the order
    /// hashed every name again on each encoding; perf).
    private(set) var entries: [Entry] = []
    /// True once an entry was added, replaced or removed: an untouched tree keeps its id.
    private(set) var isModified = false

    init() {}

    /// The entries of an existing tree, as libgit2 parsed them (in git's order).
    init(_ tree: OpaquePointer) {
        let count = git_tree_entrycount(tree)
        entries.reserveCapacity(count)
        var names = Set<String>()
        for index in 0..<count {
            guard let entry = git_tree_entry_byindex(tree, index) else { continue }
            let name = String(cString: git_tree_entry_name(entry))
            // A damaged tree naming an entry twice: the first one counts.
            guard names.insert(name).inserted else { continue }
            entries.append(Entry(name: name, mode: UInt32(git_tree_entry_filemode_raw(entry).rawValue),
                                 id: ObjectID(git_tree_entry_id(entry))))
        }
        // A tree written by someone else in another order is put in git's.
        if !zip(entries, entries.dropFirst()).allSatisfy({ Self.precedes($0.0, $0.1) }) {
            entries.sort(by: Self.precedes)
        }
    }

    /// The entry named `name`, file or tree.
    subscript(name: String) -> Entry? {
        index(of: name).map { entries[$0] }
    }

    mutating func set(_ name: String, id: ObjectID, mode: UInt32) {
        let new = Entry(name: name, mode: mode, id: id)
        if let at = index(of: name) {
            let old = entries[at]
            if old.id == id, old.mode == mode { return }
            if old.isTree == new.isTree {
                entries[at] = new
            } else {
                // A file that becomes a tree (or back) moves in git's order.
                entries.remove(at: at)
                entries.insert(new, at: insertionPoint(name, isTree: new.isTree))
            }
        } else {
            entries.insert(new, at: insertionPoint(name, isTree: new.isTree))
        }
        isModified = true
    }

    mutating func remove(_ name: String) {
        guard let at = index(of: name) else { return }
        entries.remove(at: at)
        isModified = true
    }

    /// Where an entry `name` of the given kind goes in `entries`.
    ///
    /// - Complexity: O(log n) name comparisons.
    private func insertionPoint(_ name: String, isTree: Bool) -> Int {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if Self.precedes(entries[middle].name, entries[middle].isTree, name, isTree) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The index of the entry named `name`: looked for as a file, then as a tree (each kind
    /// has its own place in git's order).
    private func index(of name: String) -> Int? {
        for isTree in [false, true] {
            let at = insertionPoint(name, isTree: isTree)
            if at < entries.count, entries[at].isTree == isTree, entries[at].name == name { return at }
        }
        return nil
    }

    /// The tree is now stored as it is: later edits are measured from here.
    mutating func markWritten() {
        isModified = false
    }

    /// True when the tree holds a fan-out directory (a tree named by two hex digits).
    var hasFanoutDirectories: Bool {
        entries.contains { $0.isTree && NotesLayout.isFanoutName($0.name) }
    }

    /// The tree object's bytes: `<octal mode> <name>\0<20-byte id>` per entry, in git's order.
    ///
    /// - Complexity: O(n) in the entries.
    func encoded() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(entries.count * 64)
        for entry in entries {
            if entry.mode == Self.blobMode { out += Self.blobModeText } else { out += String(entry.mode, radix: 8).utf8 }
            out.append(0x20)
            out += entry.name.utf8
            out.append(0)
            entry.id.append(to: &out)
        }
        return out
    }

    private static let blobModeText = Array("100644".utf8)

    static func precedes(_ a: Entry, _ b: Entry) -> Bool {
        precedes(a.name, a.isTree, b.name, b.isTree)
    }

    /// git's tree order (`base_name_compare`): bytewise, with a tree's name compared as if it
    /// ended in "/" — so a directory `ab` sorts after a file `ab.c`, as git requires.
    static func precedes(_ a: String, _ aIsTree: Bool, _ b: String, _ bIsTree: Bool) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let common = min(x.count, y.count)
                if common > 0, let p = x.baseAddress, let q = y.baseAddress {
                    let order = memcmp(p, q, common)
                    if order != 0 { return order < 0 }
                }
                // At most one name goes on; one that ends reads as "/" (a tree) or as nothing.
                let slash = UInt8(ascii: "/")
                let nextA = x.count > common ? x[common] : (aIsTree ? slash : 0)
                let nextB = y.count > common ? y[common] : (bIsTree ? slash : 0)
                return nextA < nextB
            }
        }
    }
}
