import AXDiff

extension Report {
    /// JUnit XML for CI test tabs: one `<testsuite>` per screen, one
    /// `<testcase classname="axdiff.SCREEN" name="KIND">` per change kind
    /// checked on it (every kind but `screen.*`).
    ///
    /// A kind fails when it has a change not accepted at the failing severity
    /// — `failOn` for a gate verdict, else `error` — with a `<failure>` that
    /// lists those changes; its other changes (warnings, notes, accepted ones)
    /// go to the test case's `<system-out>`, and `screen.*` changes to the
    /// suite's. A report with no screen still has one passing test case, as
    /// CI servers treat a report without tests as broken.
    public static let junit = Report(name: "junit") { report, context in
        let model = ReportModel(report)
        let threshold = context.failOn ?? .error
        let fails = { (change: Change) in !change.accepted && threshold != .off && change.severity >= threshold }
        let kinds = ChangeKind.allCases.filter { !$0.rawValue.hasPrefix("screen.") }.sorted()
        var properties = [("tool", context.toolVersion)]
        if let commit = context.commit { properties.append(("commit", commit.sha)) }

        var suites: [String] = []
        var tests = 0, failures = 0
        for screen in model.screens {
            var cases: [String] = []
            var suiteFailures = 0
            for kind in kinds {
                let changes = screen.changes.filter { $0.kind == kind }
                let failing = changes.filter(fails)
                let others = changes.filter { !fails($0) }
                let open = #"    <testcase classname="\#(("axdiff." + screen.screen).xmlEscaped(attribute: true))" name="\#(kind.rawValue)""#
                guard !changes.isEmpty else {
                    cases.append(open + "/>")
                    continue
                }
                var body = [open + ">"]
                if let first = failing.first {
                    suiteFailures += 1
                    var message = first.message.oneLine
                    if failing.count > 1 { message += " (and \(failing.count - 1) more)" }
                    let text = failing.flatMap(junitLines).joined(separator: "\n")
                    body.append(#"      <failure message="\#(message.xmlEscaped(attribute: true))" type="\#(kind.rawValue)">"#
                                + text.xmlEscaped(attribute: false) + "</failure>")
                }
                if !others.isEmpty {
                    body.append(junitSystemOut(others, indent: "      "))
                }
                body.append("    </testcase>")
                cases.append(body.joined(separator: "\n"))
            }
            let screenChanges = screen.changes.filter { $0.kind.rawValue.hasPrefix("screen.") }
            if !screenChanges.isEmpty { cases.append(junitSystemOut(screenChanges, indent: "    ")) }
            tests += kinds.count
            failures += suiteFailures
            suites.append(junitSuite(name: screen.screen, tests: kinds.count, failures: suiteFailures,
                                     properties: properties + [("path", screen.path)], cases: cases))
        }
        if suites.isEmpty {
            tests = 1
            let summary = "axdiff: " + model.headline
            suites.append(junitSuite(name: "axdiff", tests: 1, failures: 0, properties: properties, cases: [
                #"    <testcase classname="axdiff" name="snapshots">"#,
                "      <system-out>\(summary.xmlEscaped(attribute: false))</system-out>",
                "    </testcase>",
            ]))
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="axdiff" tests="\(tests)" failures="\(failures)" errors="0">
            \(suites.joined(separator: "\n"))
            </testsuites>

            """
    }

    private static func junitSuite(name: String, tests: Int, failures: Int,
                                   properties: [(String, String)], cases: [String]) -> String {
        var lines = [#"  <testsuite name="\#(name.xmlEscaped(attribute: true))" tests="\#(tests)" failures="\#(failures)" errors="0" skipped="0">"#]
        lines.append("    <properties>")
        for (key, value) in properties {
            lines.append(#"      <property name="\#(key)" value="\#(value.xmlEscaped(attribute: true))"/>"#)
        }
        lines.append("    </properties>")
        lines += cases
        lines.append("  </testsuite>")
        return lines.joined(separator: "\n")
    }

    private static func junitSystemOut(_ changes: [Change], indent: String) -> String {
        let text = changes.flatMap(junitLines).joined(separator: "\n")
        return indent + "<system-out>" + text.xmlEscaped(attribute: false) + "</system-out>"
    }

    /// A change as the text format shows it, without the text format's indent.
    private static func junitLines(_ change: Change) -> [String] {
        textLines(change).map { String($0.dropFirst(2)) }
    }
}
