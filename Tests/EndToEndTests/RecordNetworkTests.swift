import Foundation
import XCTest
import AXTestSupport

/// `axdiff record` reaches nothing beyond loopback, whatever the page tries. The recorder
/// runs inside a fresh network namespace (`unshare -n`), so nothing can leave the machine
/// whatever happens: loopback, and a veth pair whose two ends both stay in the namespace
/// (with a default route and addresses from the documentation ranges), so that Chromium
/// believes it is online and tries what it would try on a real network. `strace -f` logs
/// every network system call; any datagram or TCP connection towards an address other
/// than loopback fails the test. A UDP `connect` sends nothing (the kernel only picks a
/// route), so those are counted and printed, not failed.
final class RecordNetworkTests: XCTestCase {
    /// A page that tries every path Chromium has to the network, towards documentation-only
    /// addresses (192.0.2.0/24) and `.invalid` names.
    static let page = """
    <!doctype html>
    <html lang="en"><head><meta charset="utf-8"><title>Network probe</title>
    <link rel="dns-prefetch" href="//prefetch.invalid">
    <link rel="preconnect" href="http://192.0.2.10">
    <link rel="prefetch" href="http://192.0.2.11/next.html">
    <link rel="prerender" href="http://192.0.2.12/next.html">
    <script type="speculationrules">{"prefetch": [{"source": "list", "urls": ["http://192.0.2.13/a.html"]}]}</script>
    </head>
    <body>
    <h1>Network probe</h1>
    <img src="http://192.0.2.14/pixel.png" alt="">
    <a href="http://192.0.2.15/" ping="http://192.0.2.16/ping">A link with a ping</a>
    <script>
    const tried = [];
    function attempt(name, f) { try { const r = f(); if (r && r.catch) r.catch(() => {}); } catch (e) {} tried.push(name); }
    attempt("fetch .invalid", () => fetch("http://x.invalid/"));
    attempt("fetch address", () => fetch("http://192.0.2.1/"));
    attempt("WebSocket", () => new WebSocket("ws://192.0.2.2:80/"));
    attempt("beacon", () => navigator.sendBeacon("http://192.0.2.3/beacon", "x"));
    attempt("EventSource", () => new EventSource("http://192.0.2.4/events"));
    attempt("WebTransport (QUIC)", () => new WebTransport("https://192.0.2.5:4433/"));
    attempt("service worker", () => navigator.serviceWorker && navigator.serviceWorker.register("sw.js"));
    attempt("WebRTC STUN and TURN", () => {
      const pc = new RTCPeerConnection({iceServers: [{urls: "stun:192.0.2.1:3478"},
        {urls: "turn:192.0.2.6:3478", username: "u", credential: "p"}, {urls: "stun:stun.invalid:19302"}]});
      pc.createDataChannel("probe");
      return pc.createOffer().then(o => pc.setLocalDescription(o));
    });
    // Time for ICE gathering and mDNS before the recorder reads the page.
    setTimeout(() => { const p = document.createElement("p"); p.id = "done"; p.textContent = "Tried " + tried.length + " paths"; document.body.appendChild(p); }, 3000);
    </script>
    </body></html>
    """

    /// Sets up the namespace, then runs the command under strace, writing the trace to $1.
    static let runner = """
    #!/bin/sh
    ip link set lo up || exit 97
    ip link add probe0 type veth peer name probe1 && ip link set probe1 up && ip link set probe0 up &&
      ip addr add 192.0.2.100/24 dev probe0 && ip route add default dev probe0 &&
      ip -6 addr add 2001:db8::100/64 dev probe0 nodad && ip -6 route add default dev probe0 || exit 97
    out=$1; shift
    exec strace -f -qq -yy -e trace=%network,write,writev -o "$out" "$@"
    """

    struct Verdict {
        /// Trace lines that sent, or tried to connect, beyond loopback.
        var leaks: [String] = []
        /// UDP connects beyond loopback (no packet), by destination.
        var udpConnects: [String: Int] = [:]
    }

    /// Reads an `strace -yy` trace.
    static func judge(_ trace: String) -> Verdict {
        var verdict = Verdict()
        let calls = ["connect(", "sendto(", "sendmsg(", "sendmmsg(", "write(", "writev("]
        for line in trace.split(separator: "\n").map(String.init) {
            let body = line.drop { $0.isNumber || $0 == " " }
            guard let call = calls.first(where: { body.hasPrefix($0) }) else { continue }
            let outside = addresses(in: line).filter { !isLoopback($0) }
            guard !outside.isEmpty else { continue }
            if call == "connect(", body.contains("<UDP:") || body.contains("<UDPv6:") {
                if !body.contains("->") { verdict.udpConnects[outside.joined(separator: ", "), default: 0] += 1; continue }
            }
            verdict.leaks.append(line)
        }
        return verdict
    }

    /// The IP addresses a trace line names: destinations and, in `-yy` socket descriptions, peers.
    static func addresses(in line: String) -> [String] {
        let patterns = [#"inet_addr\("([^"]+)"\)"#, #"inet_pton\(AF_INET6?, "([^"]+)""#, #"->\[?\[?([0-9A-Fa-f:.]+?)\]?:\d+\]"#]
        var found: [String] = []
        for pattern in patterns {
            guard let regex = try? NSRegularExpression(pattern: pattern) else { continue }
            for match in regex.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                if let range = Range(match.range(at: 1), in: line) { found.append(String(line[range])) }
            }
        }
        return found
    }

    static func isLoopback(_ address: String) -> Bool {
        address.hasPrefix("127.") || address == "::1" || address.hasPrefix("::ffff:127.") || address == "0.0.0.0" || address == "::"
    }

    func requireTools() throws {
        try XCTSkipUnless(FullTests.enabled, FullTests.reason)
        for tool in ["unshare", "strace", "ip", "chromium"] {
            let found = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
                FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
            } || FileManager.default.isExecutableFile(atPath: "/usr/sbin/\(tool)")
            if !found { throw XCTSkip("\(tool) is not installed (Scripts/setup.sh installs it): the recorder's network was not tested") }
        }
    }

    /// Runs `command` in a fresh network namespace under strace; the trace's text.
    func inNamespace(_ command: [String], dir: URL) throws -> (result: CLI.Result, trace: String) {
        let runner = dir.appendingPathComponent("runner.sh")
        try CLI.write(Self.runner, to: runner)
        let trace = dir.appendingPathComponent("trace-\(UUID().uuidString).txt")
        // As root a network namespace needs nothing more; otherwise a user namespace maps us to root in it.
        let unshare = geteuid() == 0 ? ["-n"] : ["-r", "-n"]
        let r = try CLI.run(unshare + ["sh", runner.path, trace.path] + command, cwd: dir,
                            executable: URL(fileURLWithPath: "/usr/bin/unshare"), timeout: 180)
        if r.code == 97 || (r.code != 0 && r.err.contains("unshare")) {
            throw XCTSkip("no network namespace here (\(r.err.trimmingCharacters(in: .whitespacesAndNewlines))): the recorder's network was not tested")
        }
        return (r, (try? String(contentsOf: trace, encoding: .utf8)) ?? "")
    }

    func testTheRecorderReachesNothingBeyondLoopback() throws {
        try requireTools()
        let dir = try CLI.tempDir(self)
        try CLI.write(Self.page, to: dir.appendingPathComponent("probe.html"))

        // The judge catches what it must: a datagram and a TCP connection attempt from the same namespace.
        let probe = "import socket\nu = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\nu.sendto(b'x', ('192.0.2.1', 3478))\n"
            + "t = socket.socket()\nt.setblocking(False)\nt.connect_ex(('192.0.2.2', 80))\n"
        let control = try inNamespace(["python3", "-c", probe], dir: dir)
        XCTAssertEqual(control.result.code, 0, control.result.err)
        let caught = Self.judge(control.trace)
        XCTAssertEqual(caught.leaks.count, 2, control.trace)
        XCTAssertTrue(caught.leaks.contains { $0.contains("sendto(") && $0.contains("192.0.2.1") }, "\(caught.leaks)")
        XCTAssertTrue(caught.leaks.contains { $0.contains("connect(") && $0.contains("192.0.2.2") }, "\(caught.leaks)")

        let binary = CLI.binary.path
        let run = try inNamespace([binary, "record", "--out", "out", "--wait-for", "#done", "--name", "Probe", "probe.html"], dir: dir)
        XCTAssertEqual(run.result.code, 0, run.result.out + run.result.err)
        XCTAssertTrue(run.result.out.hasPrefix("out/Probe.json  "), run.result.out)
        // The page ran its attempts: those that go through the browser's loader were refused and named.
        for url in ["http://x.invalid/", "http://192.0.2.1/", "http://192.0.2.3/beacon"] {
            XCTAssertTrue(run.result.err.contains("refused a request to \(url) (not local)"), run.result.err)
        }
        XCTAssertGreaterThan(run.trace.split(separator: "\n").count, 100, "strace saw too little")
        let verdict = Self.judge(run.trace)
        print("RecordNetworkTests: \(verdict.leaks.count) sends or TCP connects beyond loopback; UDP connects without data: \(verdict.udpConnects)")
        XCTAssertEqual(verdict.leaks, [], "the recorder reached beyond loopback")
    }
}
