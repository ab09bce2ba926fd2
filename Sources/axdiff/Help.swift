import AXDiff
import AXReport

/// The help texts, derived from the commands' declarations and the change kinds' rules.
enum Help {
    static func overview() -> String {
        var lines = ["\(toolVersion): what a screen reader will say, commit by commit.", "", "Usage: axdiff <command> [options]", "", "Commands:"]
        let width = commands.map { $0.name.count }.max().map { $0 + 2 } ?? 12
        for c in commands { lines.append("  " + c.name.padding(width) + c.abstract) }
        lines += ["", "See 'axdiff help <command>' (or 'axdiff <command> --help') for a command's options,",
                  "and 'axdiff help <kind>' (axdiff help label.lost) for what a change kind means.",
                  "", "Example:", "  axdiff demo"]
        return lines.joined(separator: "\n")
    }

    /// Every argument and option with its default, then the examples.
    static func command(_ c: any Command.Type) -> String {
        var lines = ["axdiff \(c.name): \(c.abstract)", "", "Usage: \(c.usage)"]
        let rows = c.arguments.map { ($0.synopsis, $0.help) }
        let optionRows = c.options.map { ($0.synopsis, line($0)) } + [("-h, --help", "show this help")]
        let width = (rows + optionRows).map(\.0.count).max().map { min($0, 26) + 2 } ?? 12
        if !rows.isEmpty {
            lines += ["", "Arguments:"] + rows.map { "  " + $0.0.padding(width) + $0.1 }
        }
        lines += ["", "Options:"] + optionRows.map { "  " + $0.0.padding(width) + $0.1 }
        if !c.examples.isEmpty {
            lines += ["", c.examples.count == 1 ? "Example:" : "Examples:"] + c.examples.map { "  " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    /// A change kind as its rule describes it: summary, default severity,
    /// the WCAG criteria it cites, and what it means and what fixes it.
    static func kind(_ kind: ChangeKind) -> String {
        var lines = ["\(kind.rawValue): \(kind.summary)", "",
                     "Default severity: " + kind.severities.map(\.rawValue).joined(separator: " or ")]
        if !kind.wcag.isEmpty {
            lines.append("WCAG 2.2: " + kind.wcag.map { number in
                WCAGCriterion.numbered(number).map { "\($0.number) \($0.name) (Level \($0.level))" } ?? number
            }.joined(separator: "; "))
        }
        lines += [""] + wrapped(kind.help) + ["",
                  "Its severity is set in .axdiff.json (\"off\" drops the kind):",
                  "  \"severity\": {\"\(kind.rawValue)\": \"warning\"}"]
        return lines.joined(separator: "\n")
    }

    /// `text` in lines of at most `width` characters, broken at spaces.
    static func wrapped(_ text: String, width: Int = 78) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// An option's help with its default: `report format … (default: text)`.
    static func line(_ o: CommandOption) -> String {
        o.help + (o.required ? " (required)" : "") + (o.defaultValue.map { " (default: \($0))" } ?? "")
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
