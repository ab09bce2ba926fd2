import Foundation

extension Process {
    /// Waits for the child to exit. Foundation's `waitUntilExit` looks at the child from its
    /// run loop every 50 ms: 37–44 ms per short child, against 3.5–4.4 ms this way (`isRunning`
    /// turns false as soon as Foundation has reaped the child), and the suite starts
    /// thousands of them (git above all).
    package func waitForExit() {
        while isRunning { usleep(200) }
    }
}
