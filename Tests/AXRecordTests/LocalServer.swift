#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A loopback HTTP server for tests: serves the files of one folder (404
/// for anything else), or, when `silent`, accepts connections and never
/// answers (a page that never loads).
final class LocalServer: @unchecked Sendable {
    let port: UInt16
    private let socket: Int32
    private let folder: URL
    private var running = true

    init(folder: URL, silent: Bool = false) throws {
        self.folder = folder
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.socket = socket
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        addr.sin_port = 0
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socket, 16) == 0 else { throw NSError(domain: "LocalServer", code: Int(errno)) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        port = UInt16(bigEndian: addr.sin_port)
        // Silent: connections wait in the backlog, and requests go unanswered.
        if !silent { Thread { [self] in serve() }.start() }
    }

    var base: String { "http://127.0.0.1:\(port)" }

    private func serve() {
        while running {
            let client = accept(socket, nil, nil)
            guard client >= 0 else { return }
            var request = [UInt8](repeating: 0, count: 8192)
            let n = read(client, &request, request.count)
            let line = String(decoding: request.prefix(max(0, n)), as: UTF8.self).split(separator: " ")
            let path = line.count > 1 ? String(line[1]) : "/"
            let file = folder.appendingPathComponent(String(path.dropFirst()))
            var response: Data
            if !path.contains(".."), let body = try? Data(contentsOf: file) {
                response = Data("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8)
                response.append(body)
            } else {
                response = Data("HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\nConnection: close\r\n\r\nnot found".utf8)
            }
            _ = response.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
            close(client)
        }
    }

    func stop() {
        running = false
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }
}
