#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// printf formatting (`vsnprintf`): what `String(format:)` printed for numeric conversions.
package enum CFormat {
    package static func string(_ format: String, _ arguments: CVarArg...) -> String {
        withVaList(arguments) { first in
            let needed = Int(vsnprintf(nil, 0, format, first))
            guard needed >= 0 else { return "" }
            var buffer = [CChar](repeating: 0, count: needed + 1)
            // A va_list is used once: the second pass gets its own.
            _ = withVaList(arguments) { second in vsnprintf(&buffer, buffer.count, format, second) }
            return String(decoding: buffer[..<needed].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}
