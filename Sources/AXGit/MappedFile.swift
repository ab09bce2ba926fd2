#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file mapped read-only into memory, unmapped when the last reference goes.
///
/// Why mapped and not read: a pack can be gigabytes, and a reader touches only the pages of
/// the objects it asks for. git never rewrites a pack in place (a repack writes new files and
/// deletes the old ones), so a mapping stays valid — and its bytes right — for as long as it is
/// held, even after `git gc` removed the file.
final class MappedFile {
    let base: UnsafeRawPointer
    let count: Int

    /// Nil when the file cannot be opened or mapped, or is empty.
    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0, let size = Int(exactly: info.st_size) else { return nil }
        let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let address, address != MAP_FAILED else { return nil }
        base = UnsafeRawPointer(address)
        count = size
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: base), count)
    }

    /// The big-endian 32-bit integer at `offset` (the caller checked the bounds).
    func bigEndian32(at offset: Int) -> UInt32 {
        UInt32(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
}
