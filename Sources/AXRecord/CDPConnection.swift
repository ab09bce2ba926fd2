#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AXSnapshot
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AXBase

/// The Chrome DevTools Protocol over a pipe pair: each message is one JSON
/// object followed by a NUL byte. Commands carry an `id` and get a reply with
/// the same `id`; events carry a `method` and no `id`. With flattened
/// sessions every message for a page carries its `sessionId`.
///
/// Every wait has a deadline: a browser that stops answering is an error,
/// never a hang.
final class CDPConnection {
    private let writeFD: Int32
    private let readFD: Int32
    private var nextID = 0
    private var buffer: [UInt8] = []
    /// Where the next message starts in `buffer`, and how far it was
    /// searched for a NUL (so a long message is scanned once, not once per read).
    private var start = 0
    private var scanned = 0
    private let decoder = JSONDecoder()
    /// Seconds spent decoding messages so far (what the benchmark separates
    /// from the browser's own time).
    private(set) var decodeSeconds = 0.0

    /// Called for every event that arrives while a reply is awaited.
    var onEvent: ((Event) throws -> Void)?

    struct Event {
        var method: String
        var sessionId: String?
        /// The whole message, for decoding its `params`.
        var bytes: [UInt8]
    }

    /// What went wrong talking to the browser.
    enum Failure: Error {
        /// The browser closed its end: it exited or crashed.
        case closed
        case timedOut(method: String)
        /// The browser answered a command with an error.
        case command(method: String, message: String)
        case malformed(String)
    }

    init(writeFD: Int32, readFD: Int32) {
        self.writeFD = writeFD
        self.readFD = readFD
    }

    /// Sends a command without waiting for its reply; returns its id.
    @discardableResult
    func send(_ method: String, _ params: [String: Any] = [:], session: String? = nil) throws -> Int {
        nextID += 1
        var message: [String: Any] = ["id": nextID, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var bytes = try CDPMessage.json(message)
        bytes.append(0)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(writeFD, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure.closed
            }
            offset += n
        }
        return nextID
    }

    /// Sends a command and decodes the `result` of its reply as `R`.
    func call<R: Decodable>(_ method: String, _ params: [String: Any] = [:], session: String? = nil,
                            until deadline: Date, as type: R.Type) throws -> R {
        let id = try send(method, params, session: session)
        let bytes = try reply(to: id, method: method, until: deadline)
        let start = Date()
        defer { decodeSeconds += Date().timeIntervalSince(start) }
        do {
            return try decoder.decode(Reply<R>.self, from: Data(bytes)).result
        } catch {
            throw Failure.malformed("\(method): \(error)")
        }
    }

    /// Sends a command and returns the `result` of its reply as parsed JSON
    /// (for replies too large for `JSONDecoder`).
    func callParsed(_ method: String, _ params: [String: Any] = [:], session: String? = nil, until deadline: Date) throws -> JSONValue {
        let id = try send(method, params, session: session)
        let bytes = try reply(to: id, method: method, until: deadline)
        let start = Date()
        defer { decodeSeconds += Date().timeIntervalSince(start) }
        do {
            guard let result = try JSONParser.parse(bytes)["result"] else { throw Failure.malformed("\(method): a reply without a result") }
            return result
        } catch let f as JSONParser.Failure {
            throw Failure.malformed("\(method): \(f.message) at \(f.line):\(f.column)")
        }
    }

    /// Sends a command and waits for its reply, ignoring the result.
    func call(_ method: String, _ params: [String: Any] = [:], session: String? = nil, until deadline: Date) throws {
        let id = try send(method, params, session: session)
        _ = try reply(to: id, method: method, until: deadline)
    }

    /// Handles events until `done()` holds; throws `timedOut(method: what)` at the deadline.
    func pump(until deadline: Date, waitingFor what: String, _ done: () -> Bool) throws {
        while !done() {
            guard let message = try nextMessage(until: deadline) else { throw Failure.timedOut(method: what) }
            let head = try envelope(message)
            if head.id == nil, let method = head.method {
                try onEvent?(Event(method: method, sessionId: head.sessionId, bytes: message))
            }
        }
    }

    func decodeParams<P: Decodable>(_ event: Event, as type: P.Type) throws -> P {
        do {
            return try decoder.decode(EventParams<P>.self, from: Data(event.bytes)).params
        } catch {
            throw Failure.malformed("\(event.method): \(error)")
        }
    }

    private func reply(to id: Int, method: String, until deadline: Date) throws -> [UInt8] {
        while true {
            guard let message = try nextMessage(until: deadline) else { throw Failure.timedOut(method: method) }
            let head = try envelope(message)
            if head.id == id {
                if let error = head.error { throw Failure.command(method: method, message: error.message) }
                return message
            }
            if head.id == nil, let event = head.method {
                try onEvent?(Event(method: event, sessionId: head.sessionId, bytes: message))
            }
            // Replies to commands sent without waiting (`send`) are dropped here.
        }
    }

    /// The message's `id`, `method`, `sessionId` and `error`. A reply
    /// without an error starts `{"id":N,"result":` as Chromium writes it;
    /// that is read from its first bytes, so a reply of many megabytes (the
    /// accessibility tree) is parsed once, by its caller, not twice.
    private func envelope(_ message: [UInt8]) throws -> Envelope {
        if let id = Self.replyID(message) { return Envelope(id: id) }
        let start = Date()
        defer { decodeSeconds += Date().timeIntervalSince(start) }
        do {
            return try decoder.decode(Envelope.self, from: Data(message))
        } catch {
            throw Failure.malformed("a message that is not a DevTools object: \(error)")
        }
    }

    /// The next NUL-terminated message, or nil at the deadline.
    private func nextMessage(until deadline: Date) throws -> [UInt8]? {
        while true {
            if let nul = buffer[scanned...].firstIndex(of: 0) {
                let message = Array(buffer[start..<nul])
                start = nul + 1
                scanned = start
                if start > 1 << 20, start * 2 > buffer.count {
                    buffer.removeFirst(start)
                    scanned -= start
                    start = 0
                }
                return message
            }
            scanned = buffer.count
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var pfd = pollfd(fd: readFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, Int32(min(left * 1000, 1000).rounded(.up)))
            if ready < 0 {
                if errno == EINTR { continue }
                throw Failure.closed
            }
            if ready == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = chunk.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw Failure.closed
            }
            if n == 0 { throw Failure.closed }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }

    /// N from a message that starts `{"id":N,"result":`, else nil.
    static func replyID(_ m: [UInt8]) -> Int? {
        let head = Array(#"{"id":"#.utf8), result = Array(#","result":"#.utf8)
        guard m.count > head.count + result.count, m.starts(with: head) else { return nil }
        var i = head.count, id = 0
        while i < m.count, i < head.count + 18, m[i] >= 0x30, m[i] <= 0x39 {
            id = id * 10 + Int(m[i] - 0x30)
            i += 1
        }
        guard i > head.count, m[i...].starts(with: result) else { return nil }
        return id
    }

    private struct Envelope: Decodable {
        var id: Int?
        var method: String?
        var sessionId: String?
        var error: ErrorBody?
    }

    private struct ErrorBody: Decodable {
        var message: String
    }

    private struct Reply<R: Decodable>: Decodable {
        var result: R
    }

    private struct EventParams<P: Decodable>: Decodable {
        var params: P
    }
}

/// A reply whose result is not needed.
struct Empty: Decodable {}
