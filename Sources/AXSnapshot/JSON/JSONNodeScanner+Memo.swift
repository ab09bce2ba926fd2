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
        var found = -1, reframe = -1
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
                        if leaves[k].depth == depth, range.upperBound <= previousBytes.count {
                            if range.count <= remaining, memcmp(here, old + range.lowerBound, range.count) == 0 {
                                found = k
                                return
                            }
                            if reframe < 0, leaves[k].frame != nil { reframe = k }
                        }
                    }
                    i = (i + 1) & previous.mask
                }
            }
        }
        if found < 0, reframe >= 0 { return reframedLeaf(reframe, from: previous, depth: depth, print: print) }
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
                       innerStart: innerStart, hasChildren: leaf.hasChildren, frame: leaf.frame)
        }
        return node
    }

    /// Leaf `k` of `previous` (an element without children, read at `depth`) when the
    /// bytes at `pos` are its bytes with another `frame` value: its node with the
    /// frame read here; nil otherwise, and nothing consumed.
    ///
    /// The same as decoding: the members before and after the frame are the
    /// same bytes, so they read the same and leave the scanner where they
    /// left it, and the frame is read by the code that decodes it.
    ///
    /// - Complexity: O(b) in the element's bytes.
    mutating func reframedLeaf(_ k: Int, from previous: JSONScanMemo, depth: Int, print: UInt64) -> Node? {
        let leaf = previous.leaves[k]
        guard !leaf.hasChildren, let frame = leaf.frame, let here = bytes.baseAddress, let old = previousBytes.baseAddress,
              leaf.range.upperBound <= previousBytes.count, frame.upperBound <= leaf.range.count, pos + frame.lowerBound <= bytes.count,
              memcmp(here + pos, old + leaf.range.lowerBound, frame.lowerBound) == 0 else { return nil }
        let (start, startLine) = (pos, line)
        pos += frame.lowerBound
        guard let value = try? frameOrNull(depth: depth + 1) else {
            (pos, line) = (start, startLine)
            return nil
        }
        let newFrame = frame.lowerBound..<(pos - start)
        let after = leaf.range.count - frame.upperBound
        guard pos + after <= bytes.count,
              memcmp(here + pos, old + leaf.range.lowerBound + frame.upperBound, after) == 0,
              var node = previous.node(k) else {
            (pos, line) = (start, startLine)
            return nil
        }
        pos += after
        // `frameOrNull` counted the line feeds inside the new frame; the rest are the old ones.
        var oldFrameLineFeeds = 0
        for i in (leaf.range.lowerBound + frame.lowerBound)..<(leaf.range.lowerBound + frame.upperBound)
        where old[i] == 0x0A { oldFrameLineFeeds += 1 }
        let lineFeeds = leaf.lineFeeds - oldFrameLineFeeds + (line - startLine)
        line = startLine + lineFeeds
        node.line = startLine
        node.frame = value
        if recording {
            recordLeaf(start..<pos, depth: depth, lineFeeds: lineFeeds, startLine: startLine, print: print,
                       innerStart: leaves.count, hasChildren: false, frame: newFrame)
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
    /// `frame`: where its own frame's value lies, from its first byte.
    mutating func recordLeaf(_ range: Range<Int>, depth: Int, lineFeeds: Int, startLine: Int, print: UInt64,
                             innerStart: Int, hasChildren: Bool, frame: Range<Int>?) {
        leaves.append(JSONScanMemo.Leaf(range: range, depth: depth, lineFeeds: lineFeeds, print: print,
                                        pathStart: Int32(truncatingIfNeeded: leafPaths.count),
                                        pathCount: Int32(truncatingIfNeeded: path.count),
                                        startLine: startLine, innerStart: Int32(truncatingIfNeeded: innerStart),
                                        hasChildren: hasChildren,
                                        frameStart: Int32(truncatingIfNeeded: frame?.lowerBound ?? -1),
                                        frameEnd: Int32(truncatingIfNeeded: frame?.upperBound ?? -1)))
        leafPaths += path
    }
}
