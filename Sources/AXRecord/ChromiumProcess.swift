#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AXProcess
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AXBase

/// A headless Chromium started with `--remote-debugging-pipe`: it reads
/// DevTools commands on its fd 3 and writes replies and events on its fd 4
/// (NUL-separated JSON), so no port is opened and no other program on the
/// machine can drive it.
final class ChromiumProcess {
    private let process: BackgroundProcess
    var pid: pid_t { process.pid }
    /// Our ends of the two pipes.
    let toBrowser: Int32
    let fromBrowser: Int32
    /// A fresh profile, removed with the process.
    let profile: String
    private let stderrLog: String
    /// `stop` ran: the pipes are closed (closing them twice could close a
    /// descriptor some other file has been given since).
    private var stopped = false

    /// Flags that keep Chromium from reaching the network, on its own
    /// (updates, sync, safe browsing, time queries, DNS over HTTPS) or for a
    /// page (DNS for anything but localhost, and a dead proxy for every host
    /// that is not loopback, which Chromium never proxies; WebRTC's UDP, which
    /// bypasses proxies, and its mDNS; QUIC; prefetch, prerender, DNS prefetch
    /// and pings) — `RecordNetworkTests` checks each path in a network
    /// namespace under strace — and
    /// that make layout independent of the machine (overlay scrollbars, sRGB,
    /// one language, no font hinting).
    static let flags = [
        "--headless", "--remote-debugging-pipe", "--no-first-run", "--no-default-browser-check",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-default-apps", "--disable-extensions", "--disable-domain-reliability",
        "--disable-client-side-phishing-detection", "--disable-breakpad", "--disable-crash-reporter", "--metrics-recording-only",
        "--disable-features=Translate,OptimizationHints,MediaRouter,AutofillServerCommunication,InterestFeedContentSuggestions,"
            + "WebRtcHideLocalIpsWithMdns,NetworkPrediction,Prerender2,SpeculationRulesPrefetchFuture,DnsOverHttps,"
            + "NetworkTimeServiceQuerying,CertificateTransparencyComponentUpdater,DialMediaRouteProvider",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE *.localhost, EXCLUDE 127.0.0.1, EXCLUDE [::1]",
        "--proxy-server=127.0.0.1:9",
        // WebRTC sends STUN and TURN over UDP past any proxy, and announces candidates by
        // mDNS multicast: only proxied UDP (of which there is none) is allowed.
        "--force-webrtc-ip-handling-policy=disable_non_proxied_udp", "--webrtc-ip-handling-policy=disable_non_proxied_udp",
        "--enforce-webrtc-ip-permission-check",
        "--disable-quic", "--dns-prefetch-disable", "--no-pings", "--no-service-autorun",
        "--hide-scrollbars", "--mute-audio", "--disable-gpu", "--force-color-profile=srgb",
        "--font-render-hinting=none", "--lang=en-US", "--password-store=basic", "--use-mock-keychain",
    ]

    struct LaunchError: Error, CustomStringConvertible {
        var description: String
    }

    init(executable: String) throws {
        var template = Array((FilePath.temporaryDirectory + "axdiff-record-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw LaunchError(description: "cannot create a temporary profile directory: \(String(cString: strerror(errno)))")
        }
        profile = String(cString: made)
        stderrLog = profile + "/chromium.log"

        var args = [executable] + Self.flags + ["--user-data-dir=\(profile)"]
        // Chromium refuses to start its sandbox as root (containers, CI).
        if geteuid() == 0 { args.append("--no-sandbox") }
        args.append("about:blank")

        let (childReads, parentWrites) = try Self.pipePair()
        let (parentReads, childWrites) = try Self.pipePair()
        toBrowser = parentWrites
        fromBrowser = parentReads
        defer {
            close(childReads)
            close(childWrites)
        }

        var env = ProcessInfo.processInfo.environment
        env["TZ"] = "UTC"
        // Whatever Chromium keeps outside its profile (crash reports,
        // caches) goes into the temporary directory too, not the user's home.
        env["XDG_CONFIG_HOME"] = profile
        env["XDG_CACHE_HOME"] = profile
        var child = ChildProcess(executable, Array(args.dropFirst()), environment: env, stdout: .discard, stderr: .file(stderrLog))
        // The pipe ends sit above fd 9 (see `pipePair`), so none of them is a number the child gets.
        child.descriptors = [3: childReads, 4: childWrites]
        // Interrupted in a terminal, the browser ends with the recorder.
        child.ownProcessGroup = false
        do {
            process = try child.start()
        } catch {
            close(parentWrites)
            close(parentReads)
            try? FileManager.default.removeItem(atPath: profile)
            throw LaunchError(description: "cannot start Chromium at \(executable): \(error)")
        }
        // A write to a browser that died must be an error, not a SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
    }

    /// A pipe whose two ends are close-on-exec and numbered 10 or above.
    private static func pipePair() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw LaunchError(description: "cannot create a pipe: \(String(cString: strerror(errno)))") }
        let r = fcntl(fds[0], F_DUPFD_CLOEXEC, 10)
        let w = fcntl(fds[1], F_DUPFD_CLOEXEC, 10)
        close(fds[0])
        close(fds[1])
        guard r >= 0, w >= 0 else { throw LaunchError(description: "cannot move a pipe: \(String(cString: strerror(errno)))") }
        return (r, w)
    }

    /// The last lines Chromium wrote to stderr that say something (it logs
    /// D-Bus noise on machines without a session bus), for error messages.
    func stderrTail() -> String {
        guard let text = try? String(contentsOfFile: stderrLog, encoding: .utf8) else { return "" }
        let lines = text.split(separator: "\n").filter { !$0.contains("dbus") && !$0.contains("unexpected operator") }
        return lines.suffix(3).joined(separator: " | ")
    }

    /// Waits up to `seconds` for the browser to exit by itself, then kills it;
    /// either way reaps it and removes its profile.
    func stop(within seconds: Double) {
        guard !stopped else { return }
        stopped = true
        close(toBrowser)
        close(fromBrowser)
        if process.waitForExit(timeout: seconds) == nil {
            process.signal(SIGKILL)
            _ = process.waitForExit(timeout: 10)
        }
        try? FileManager.default.removeItem(atPath: profile)
    }

    deinit { stop(within: 0) }
}
