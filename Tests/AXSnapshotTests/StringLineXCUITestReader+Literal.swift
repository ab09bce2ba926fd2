@testable import AXSnapshot

/// The lldb form of a dump: `po app.debugDescription` prints the String as
/// one Swift string literal, `"Attributes: …\nElement subtree:\n →Application, …\n…"`,
/// with `\n` and `\'` escapes. It is decoded before the lines are read.
extension StringLineXCUITestReader {
    /// Decodes the Swift string literal that starts at `quote` (the offset of
    /// its opening `"`): `\n`, `\t`, `\r`, `\0`, `\\`, `\'`, `\"`, `\u{…}`.
    ///
    /// - Returns: the decoded bytes and, for each decoded line, the file line it came from.
    /// - Throws: `SnapshotError` for an unknown escape or a missing closing quote.
    static func decodeLiteral(_ bytes: UnsafeBufferPointer<UInt8>, quote: Int, line: Int, file: String) throws -> (bytes: [UInt8], lineNumbers: [Int]) {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count - quote)
        var lineNumbers = [line]
        var physical = line
        var physicalStart = quote
        while physicalStart > 0, bytes[physicalStart - 1] != 0x0A { physicalStart -= 1 }
        var i = quote + 1

        func column(_ at: Int) -> Int {
            // Characters approximated by scalars: count the bytes that start one.
            var n = 1
            for k in physicalStart..<at where bytes[k] & 0xC0 != 0x80 { n += 1 }
            return n
        }
        func fail(_ at: Int, _ message: String) -> SnapshotError {
            SnapshotError(file: file, line: physical, column: column(at), message: message)
        }

        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case 0x22: // closing "
                return (out, lineNumbers)
            case 0x0A: // a raw newline: the paste wrapped the literal
                physical += 1
                physicalStart = i + 1
                out.append(0x0A)
                lineNumbers.append(physical)
                i += 1
            case 0x5C: // backslash
                guard i + 1 < bytes.count else { throw fail(i, "unterminated escape at the end of the string literal, expected \\n, \\t, \\', \\\", \\\\ or \\u{…}") }
                let e = bytes[i + 1]
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A); lineNumbers.append(physical)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "0"): out.append(0x20) // a NUL would be invisible; read it as a blank
                case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""): out.append(e)
                case UInt8(ascii: "u"):
                    var k = i + 2
                    guard k < bytes.count, bytes[k] == UInt8(ascii: "{") else {
                        throw fail(i, "invalid escape \\u in the string literal, expected \\u{hex digits}")
                    }
                    k += 1
                    var scalarValue: UInt32 = 0
                    var digits = 0
                    while k < bytes.count, let d = hexValue(bytes[k]), digits < 8 {
                        scalarValue = scalarValue &* 16 &+ UInt32(d)
                        digits += 1
                        k += 1
                    }
                    guard digits > 0, k < bytes.count, bytes[k] == UInt8(ascii: "}"),
                          let scalar = Unicode.Scalar(scalarValue) else {
                        throw fail(i, "invalid escape \\u in the string literal, expected \\u{hex digits} naming a Unicode scalar")
                    }
                    out.append(contentsOf: String(Character(scalar)).utf8)
                    i = k + 1
                    continue
                default:
                    let shown = e > 0x20 && e < 0x7F ? String(UnicodeScalar(e)) : "x" + String(e, radix: 16, uppercase: true) // DEL and blanks as hex
                    throw fail(i, "invalid escape \\\(shown) in the string literal, expected \\n, \\t, \\', \\\", \\\\ or \\u{…}")
                }
                i += 2
            default:
                out.append(b)
                i += 1
            }
        }
        throw SnapshotError(file: file, line: line, column: nil,
                            message: "unterminated string literal: expected a closing \" (this looks like lldb `po` output)")
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
