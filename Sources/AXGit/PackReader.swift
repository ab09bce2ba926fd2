import Foundation

/// Reads objects straight from the repository's packs, keeping the objects it rebuilt.
///
/// Why not libgit2's reader: it keeps the bases it passed on the way to an object but not
/// the object, in one 16 MB cache per pack shared by every handle, and when that is full it
/// drops every entry at once. A history's blobs are chains of deltas (each version a delta
/// of the one next to it), so after each flush every read walked its chain to the start
/// again: 50,000 inflates where git needs 37,000 for the same history, and a fifth of a
/// backfill (perf). Here every object rebuilt is kept, within a budget of this handle's
/// own, so the next version of a file is one delta applied to the last.
///
/// Only packs are read, and only what they hold plainly: a loose object, one in a pack that
/// appeared later or in another object directory, or anything this reader does not take for
/// certain (a damaged entry, an index of another version, an object over the caller's limit)
/// comes back nil, and the caller asks libgit2, which answers — or reports — as before.
///
/// Belongs to one thread, like its `Repository`.
final class PackReader {
    enum Outcome {
        case object(type: Int, bytes: [UInt8])
        /// The object's size, larger than the limit asked for; nothing was rebuilt.
        case tooLarge(Int)
    }

    private struct Key: Hashable {
        let pack: Int
        let offset: Int
    }

    private struct Kept {
        let type: Int
        let bytes: [UInt8]
        var lastUse: Int
    }

    /// The longest delta chain followed (git's own `pack.depth` is at most 4,095).
    static let maxChain = 10_000
    /// Objects larger than this are not kept: one would push out many small ones.
    static let maxKept = 1 << 20

    private let directory: String
    private var loaded: [PackFile]?
    private let inflater = Inflater()
    private var kept: [Key: Kept] = [:]
    private var keptBytes = 0
    private let budget: Int
    private var clock = 0

    /// `directory`: the object directory (`objects/`).
    init(objectsDirectory directory: String, budget: Int = 8 << 20) {
        self.directory = directory
        self.budget = budget
    }

    /// The packs as they were at the first read: a reader lives for one handle, and what it
    /// does not find is asked of libgit2.
    private var packs: [PackFile] {
        if let loaded { return loaded }
        let folder = (directory as NSString).appendingPathComponent("pack")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".idx") }.sorted()
        let opened = names.compactMap { PackFile(idxPath: (folder as NSString).appendingPathComponent($0)) }
        loaded = opened
        return opened
    }

    /// The object `id` if a pack holds it and it is at most `maxBytes`; nil to ask libgit2.
    func read(_ id: ObjectID, maxBytes: Int) -> Outcome? {
        let packs = self.packs
        for (number, pack) in packs.enumerated() {
            if let offset = pack.offset(of: id) { return resolve(pack: number, offset: offset, in: pack, maxBytes: maxBytes) }
        }
        return nil
    }

    /// Rebuilds the entry at `offset`: follows its deltas down to a whole object or one kept,
    /// then applies them back up, keeping each object rebuilt on the way.
    ///
    /// - Complexity: O(d + s) for a chain of d deltas not kept and s bytes rebuilt; a loop,
    ///   not recursion, and at most `maxChain` deltas.
    private func resolve(pack number: Int, offset: Int, in pack: PackFile, maxBytes: Int) -> Outcome? {
        var deltas: [(key: Key, entry: PackFile.Entry)] = []
        var current = offset
        var type = 0
        var bytes: [UInt8] = []
        while true {
            let key = Key(pack: number, offset: current)
            if let hit = kept[key] {
                // The object itself, kept from an earlier read with a larger limit.
                if deltas.isEmpty, hit.bytes.count > maxBytes { return .tooLarge(hit.bytes.count) }
                clock += 1
                kept[key]?.lastUse = clock
                type = hit.type
                bytes = hit.bytes
                break
            }
            guard deltas.count < Self.maxChain, let entry = pack.entry(at: current) else { return nil }
            switch entry.kind {
            case .whole(let whole):
                guard entry.size <= maxBytes else { return deltas.isEmpty ? .tooLarge(entry.size) : nil }
                let (input, available) = pack.data(from: entry.dataOffset)
                guard let inflated = inflater.inflate(input, available: available, size: entry.size) else { return nil }
                type = whole
                bytes = inflated
                keep(bytes, type: type, key: key)
            case .offsetDelta(let base):
                deltas.append((key, entry))
                current = base
                continue
            case .referenceDelta(let id):
                guard let base = pack.offset(of: id) else { return nil }
                deltas.append((key, entry))
                current = base
                continue
            }
            break
        }
        for (index, (key, entry)) in deltas.enumerated().reversed() {
            let (input, available) = pack.data(from: entry.dataOffset)
            // A delta is its instructions and the bytes it inserts: much larger than the limit, and
            // its result cannot be within it. (Written so that `maxBytes` may be `Int.max`.)
            guard entry.size - 64 <= maxBytes, let delta = inflater.inflate(input, available: available, size: entry.size),
                  let sizes = DeltaPatch.header(delta) else { return nil }
            if sizes.result > maxBytes { return index == 0 ? .tooLarge(sizes.result) : nil }
            guard let patched = DeltaPatch.apply(delta, to: bytes) else { return nil }
            bytes = patched
            keep(bytes, type: type, key: key)
        }
        return .object(type: type, bytes: bytes)
    }

    /// Keeps an object rebuilt; past the budget, the least recently used half goes.
    ///
    /// - Complexity: amortised O(log k) in the k objects kept (a sort every k/2 insertions).
    private func keep(_ bytes: [UInt8], type: Int, key: Key) {
        guard bytes.count <= Self.maxKept, kept[key] == nil else { return }
        clock += 1
        kept[key] = Kept(type: type, bytes: bytes, lastUse: clock)
        keptBytes += bytes.count
        guard keptBytes > budget else { return }
        for (old, entry) in kept.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where keptBytes > budget / 2 {
            kept[old] = nil
            keptBytes -= entry.bytes.count
        }
    }
}
