/// The least a reader of a text format must do: look at every byte once and
/// split the file into lines (each line's end kept, as a reader keeps where
/// it is for its errors). No reader can be faster than this on the same
/// bytes, so the `parse.*.floor` rows quote each reader's MB/s beside it.
enum ParseFloor {
    /// The number of lines in `bytes`, and a sum of the bytes so the pass is not optimised away.
    static func scan(_ bytes: [UInt8]) -> (lines: Int, sum: UInt32) {
        var ends: [Int] = []
        ends.reserveCapacity(bytes.count / 32 + 1)
        var sum: UInt32 = 0
        bytes.withUnsafeBufferPointer { p in
            for i in 0..<p.count {
                let b = p[i]
                sum &+= UInt32(b)
                if b == UInt8(ascii: "\n") { ends.append(i) }
            }
        }
        return (ends.count, sum)
    }

    /// Megabytes (2^20 bytes) per second.
    static func rate(bytes: Int, seconds: Double) -> Double {
        seconds > 0 ? Double(bytes) / 1_048_576 / seconds : .infinity
    }
}
