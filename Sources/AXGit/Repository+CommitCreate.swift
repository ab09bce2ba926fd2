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

extension Repository {
    /// The bytes of a commit object, laid out as libgit2 and git write them. The author and
    /// committer come from `withSignature`: the configured identity, else
    /// "axdiff <axdiff@localhost>", at the current time. The commit is not written: a notes
    /// commit goes into its batch's pack with the trees it names (`ObjectBatch`).
    func commitObject(tree: ObjectID, parents: [ObjectID], message: String) throws -> [UInt8] {
        try withSignature { signature in
            let who = signature.pointee
            let offset = Int(who.when.offset)
            let sign = offset < 0 || who.when.sign == CChar(UInt8(ascii: "-")) ? "-" : "+"
            let zone = sign + CFormat.string("%02d%02d", abs(offset) / 60, abs(offset) % 60)
            let person = "\(String(cString: who.name)) <\(String(cString: who.email))> \(UInt32(truncatingIfNeeded: who.when.time)) \(zone)\n"
            var text = "tree \(tree.hex)\n"
            for parent in parents { text += "parent \(parent.hex)\n" }
            text += "author " + person + "committer " + person + "\n" + message
            return Array(text.utf8)
        }
    }
}
