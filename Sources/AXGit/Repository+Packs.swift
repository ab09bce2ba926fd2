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
    /// The packs of the repository's own object directory that git's maintenance may merge:
    /// those with an index and no `.keep` (what `git gc --auto` counts against
    /// `gc.autoPackLimit`), from one read of `objects/pack/`.
    package func mergeablePackCount() throws -> Int {
        let directory = FilePath.appending(try objectsDirectory(), "pack")
        let names = Set((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
        return names.filter { name in
            guard name.hasSuffix(".pack") else { return false }
            let base = name.dropLast(".pack".count)
            return names.contains(base + ".idx") && !names.contains(base + ".keep")
        }.count
    }
}
