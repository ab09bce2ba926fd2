#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Taking unchanged elements from the previous version's scan (see `JSONScanMemo`).
extension JSONNodeScanner {
    /// The leaf element object at `pos`, taken from the previous version
    /// when the bytes there are exactly those of a leaf read at `depth`
    /// (see `JSONScanMemo`); nil otherwise, and nothing consumed.
    ///
    /// - Complexity: O(b) in the bytes of the candidates compared.
    mutating func reusedLeaf(depth: Int) -> Node? {
        guard let previous, pos + JSONScanMemo.prefixLength <= bytes.count,
              let here = bytes.baseAddress.map({ $0 + pos }), let old = previousBytes.baseAddress else { return nil }
        let print = JSONScanMemo.fingerprint(bytes, at: pos)
        let remaining = bytes.count - pos
        var found = -1
        // Leaf metadata is read through a buffer pointer: an element read
        // out of the array, or a closure over it, is copied.
        previous.leaves.withUnsafeBufferPointer { leaves in
            previous.slots.withUnsafeBufferPointer { slots in
                var i = Int(truncatingIfNeeded: print) & previous.mask
                var tries = 0
                while slots[i] != 0, tries < JSONScanMemo.maxTries {
                    let k = Int(slots[i]) - 1
                    if leaves[k].print == print {
                        tries += 1
                        let range = leaves[k].range
                        if leaves[k].depth == depth, range.count <= remaining, range.upperBound <= previousBytes.count,
                           memcmp(here, old + range.lowerBound, range.count) == 0 {
                            found = k
                            return
                        }
                    }
                    i = (i + 1) & previous.mask
                }
            }
        }
        guard found >= 0, var node = previous.node(found) else { return nil }
        let leaf = previous.leaves[found]
        // The same bytes read from another line: every line inside moves
        // by as much (lines are counted on the line feeds in the bytes).
        let shift = line - leaf.startLine
        node.line = line
        if shift != 0 { for i in node.children.indices { Self.shiftLines(&node.children[i], by: shift) } }
        let (start, startLine) = (pos, line)
        pos += leaf.range.count
        line += leaf.lineFeeds
        if recording {
            let innerStart = leaves.count
            if leaf.hasChildren { carryInnerEntries(of: found, from: previous, movedBy: start - leaf.range.lowerBound, lines: shift) }
            recordLeaf(start..<pos, depth: depth, lineFeeds: leaf.lineFeeds, startLine: startLine, print: print,
                       innerStart: innerStart, hasChildren: leaf.hasChildren)
        }
        return node
    }

    /// Adds `shift` to the line of `node` and of every node inside it.
    ///
    /// - Complexity: O(n) in the nodes of the subtree; recursion is bounded
    ///   by the depth the scanner accepts.
    static func shiftLines(_ node: inout Node, by shift: Int) {
        node.line = node.line.map { $0 + shift }
        for i in node.children.indices { shiftLines(&node.children[i], by: shift) }
    }

    /// Copies the entries inside element `k` of `previous`, taken whole at
    /// `path`, into this scan's memo: their bytes moved by `delta`, their
    /// paths now under `path`, their lines moved by `lines`.
    ///
    /// - Complexity: O(e + p) for its e inner entries with p path steps.
    mutating func carryInnerEntries(of k: Int, from previous: JSONScanMemo, movedBy delta: Int, lines: Int) {
        let outer = previous.leaves[k]
        let (oldBase, newBase) = (Int(outer.innerStart), leaves.count)
        let oldPrefix = Int(outer.pathCount)
        guard oldBase < k else { return }
        let prefix = path
        // Through buffer pointers, into storage reserved once: this runs for every entry
        // inside every element taken whole, and an array's element reads and its appends of
        // a few path steps at a time cost more than the copying itself (callgrind).
        previous.leaves.withUnsafeBufferPointer { old in
            previous.paths.withUnsafeBufferPointer { oldPaths in
                var steps = 0
                for i in oldBase..<k { steps += prefix.count + Int(old[i].pathCount) - oldPrefix }
                leafPaths.reserveCapacity(leafPaths.count + steps)
                leaves.reserveCapacity(leaves.count + k - oldBase)
                for i in oldBase..<k {
                    var inner = old[i]
                    inner.range = (inner.range.lowerBound + delta)..<(inner.range.upperBound + delta)
                    inner.startLine += lines
                    inner.innerStart = Int32(truncatingIfNeeded: Int(inner.innerStart) - oldBase + newBase)
                    let suffix = (Int(inner.pathStart) + oldPrefix)..<Int(inner.pathStart + inner.pathCount)
                    inner.pathStart = Int32(truncatingIfNeeded: leafPaths.count)
                    inner.pathCount = Int32(truncatingIfNeeded: prefix.count + suffix.count)
                    for step in prefix { leafPaths.append(step) }
                    for j in suffix { leafPaths.append(oldPaths[j]) }
                    leaves.append(inner)
                }
            }
        }
    }

    /// Notes the element just read (at `path`) for the next version's memo.
    mutating func recordLeaf(_ range: Range<Int>, depth: Int, lineFeeds: Int, startLine: Int, print: UInt64,
                                     innerStart: Int, hasChildren: Bool) {
        leaves.append(JSONScanMemo.Leaf(range: range, depth: depth, lineFeeds: lineFeeds, print: print,
                                        pathStart: Int32(truncatingIfNeeded: leafPaths.count),
                                        pathCount: Int32(truncatingIfNeeded: path.count),
                                        startLine: startLine, innerStart: Int32(truncatingIfNeeded: innerStart),
                                        hasChildren: hasChildren))
        leafPaths += path
    }
}
