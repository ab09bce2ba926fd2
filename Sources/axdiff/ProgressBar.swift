#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress bar on stderr, shown only when stderr is a terminal.
struct ProgressBar {
    let total: Int
    let enabled: Bool
    private var lastDrawn = -1

    init(total: Int) {
        self.total = total
        enabled = Console.stderrIsTerminal && total > 0
    }

    mutating func update(_ done: Int) {
        guard enabled else { return }
        let width = 30
        let filled = total == 0 ? width : done * width / total
        guard filled != lastDrawn || done == total else { return }
        lastDrawn = filled
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        fputs("\r[\(bar)] \(done)/\(total)", stderr)
        if done == total { fputs("\n", stderr) }
    }
}
