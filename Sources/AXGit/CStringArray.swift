import CLibgit2
import Foundation

/// Owns C copies of Swift strings for the lifetime of a `git_strarray` passed to libgit2.
struct CStringArray {
    let strings: [String]

    init(_ strings: [String]) { self.strings = strings }

    func withStrarray<T>(_ body: (git_strarray) throws -> T) rethrows -> T {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        return try pointers.withUnsafeMutableBufferPointer { buffer in
            try body(git_strarray(strings: buffer.baseAddress, count: buffer.count))
        }
    }
}
