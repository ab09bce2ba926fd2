import Foundation

/// Tests too long for the default `swift test` (minutes, not seconds, on a
/// two-core machine) run only when `AXDIFF_FULL_TESTS=1` is set, as `.ci/run`
/// sets it. Each such test skips itself with `XCTSkipUnless(FullTests.enabled,
/// FullTests.reason)`, so a default run lists it as skipped, never as passed.
public enum FullTests {
    public static let variable = "AXDIFF_FULL_TESTS"

    public static var enabled: Bool { ProcessInfo.processInfo.environment[variable] == "1" }

    public static var reason: String { "a long test: set \(variable)=1 to run it (.ci/run does)" }
}
