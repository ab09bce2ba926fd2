import AXBase

/// axdiff(1) in roff, generated from the commands' declarations. No date, so
/// the same version gives the same bytes.
enum ManPage {
    static func render() -> String {
        var lines = [
            #".TH AXDIFF 1 "" "\#(toolVersion)" "User Commands""#,
            ".SH NAME", #"axdiff \- what a screen reader will say, commit by commit"#,
            ".SH SYNOPSIS", ".B axdiff", #".I command"#, #"[\fIoptions\fR]"#,
            ".SH DESCRIPTION",
            text("axdiff compares accessibility-tree snapshots committed to a git repository (XCUITest debugDescription, "
                + "Playwright ARIA snapshots, Android uiautomator dumps, axsnapshot JSON) with their parent's version, "
                + "semantically, and writes what a screen reader user will notice as a git note on each commit "
                + "(git log --notes=axdiff). A gate (axdiff check, or the git hooks) fails a branch whose reading order regresses."),
            ".SH COMMANDS",
        ]
        for c in commands {
            lines.append(".SS " + quotedArgument(c.usage))
            lines.append(text(c.abstract))
            for a in c.arguments {
                lines += [".TP", #".I "# + quotedArgument(a.synopsis), text(a.help)]
            }
            for o in c.options {
                lines.append(".TP")
                lines.append(#".B \-\-"# + escaped(o.name) + (o.value.map { #" "\fI"# + escaped($0) + #"\fR""# } ?? ""))
                lines.append(text(Help.line(o)))
            }
            if !c.examples.isEmpty {
                lines += [".PP", "Example" + (c.examples.count == 1 ? ":" : "s:"), ".RS", ".nf"]
                lines += c.examples.map(text)
                lines += [".fi", ".RE"]
            }
        }
        lines += [
            ".SH EXIT STATUS",
            ".TP", ".B 0", text("clean: nothing at or above failOn, or the command did its work"),
            ".TP", ".B 1", text("a change at error severity (diff, lint), or the gate failed (check)"),
            ".TP", ".B 2", text("bad usage or unreadable input; one line on standard error names the file, the place and what was expected"),
            ".SH ENVIRONMENT",
            ".TP", ".B NO_COLOR", text("when set (to anything), --color auto prints no colour"),
            ".TP", ".B AXDIFF", text("the axdiff the git hooks run (default: axdiff on PATH)"),
            ".TP", ".B AXDIFF_CONFIG", text("for the pre-receive hook: a configuration file that wins over the pushed branch's"),
            ".SH FILES",
            ".TP", ".I .axdiff.json", text("configuration at the root of the snapshot repository, read from the commit being analysed"),
            ".TP", ".I <git-dir>/axdiff-watch.lock", text("held by the running watcher: pid, host and start time"),
            ".SH SEE ALSO",
            #".BR git-notes (1),"#, #".BR githooks (5),"#, #".BR systemd.service (5)"#,
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A line of running text: roff escapes, and no line starting with a control character.
    static func text(_ s: String) -> String {
        let e = escaped(s)
        return e.hasPrefix(".") || e.hasPrefix("'") ? #"\&"# + e : e
    }

    static func escaped(_ s: String) -> String {
        s.replacingEvery("\\", with: #"\e"#).replacingEvery("-", with: #"\-"#)
    }

    /// One argument of a request such as `.SS`, with its spaces kept.
    private static func quotedArgument(_ s: String) -> String {
        "\"" + escaped(s).replacingEvery("\"", with: #"\(dq"#) + "\""
    }
}
