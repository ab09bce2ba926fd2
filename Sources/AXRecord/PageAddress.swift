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

/// What `record` may load: a local file, or a page served on this machine
/// (`http://localhost…`, `127.0.0.1`, `[::1]`). Everything a page asks for
/// beyond that is refused (see `isLocal`).
public enum PageAddress {
    /// The URL for a command-line argument: a `file:` or loopback `http(s):`
    /// URL as given, or a path to an existing file. Throws a message naming
    /// the argument otherwise.
    public static func url(for argument: String) throws -> String {
        if argument.contains("://") {
            guard let url = URL(string: argument), let scheme = url.scheme?.lowercased() else {
                throw RecordError(page: argument, message: "not a URL")
            }
            switch scheme {
            case "file":
                guard FileManager.default.fileExists(atPath: url.path) else {
                    throw RecordError(page: argument, message: "no such file")
                }
                return argument
            case "http", "https":
                guard isLoopback(url.host ?? "") else {
                    throw RecordError(page: argument, message: "record loads local files and http://localhost pages only")
                }
                return argument
            default:
                throw RecordError(page: argument, message: "record loads file: and http://localhost URLs only, not \(scheme):")
            }
        }
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), !isDirectory else {
            throw RecordError(page: argument, message: isDirectory ? "a directory, expected an HTML file" : "no such file")
        }
        let absolute = URL(fileURLWithPath: argument).standardizedFileURL
        return absolute.absoluteString
    }

    /// Whether a page may load this subresource: local schemes, and http,
    /// https and WebSocket URLs on a loopback host.
    static func isLocal(_ urlString: String) -> Bool {
        guard let colon = urlString.firstIndex(of: ":") else { return false }
        switch urlString[..<colon].lowercased() {
        case "file", "data", "blob", "about", "chrome-error", "devtools": return true
        case "http", "https", "ws", "wss":
            guard let url = URL(string: urlString), let host = url.host else { return false }
            return isLoopback(host)
        default: return false
        }
    }

    static func isLoopback(_ host: String) -> Bool {
        let h = host.lowercased().trimming(.characters(in: "[]"))
        return h == "localhost" || h.hasSuffix(".localhost") || h == "::1" || h.hasPrefix("127.")
            && h.split(separator: ".").count == 4 && h.split(separator: ".").allSatisfy { UInt8($0) != nil }
    }
}
