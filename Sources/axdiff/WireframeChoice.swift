import AXBase
import AXDiff
import AXReport

/// `--wireframe`: each changed screen's wireframe as numbers on a character
/// grid, after a text or Markdown report (where a picture cannot go).
enum WireframeChoice {
    static func flag(_ a: Arguments, report: Report) throws -> Bool {
        guard a.flag("wireframe") else { return false }
        guard report.name == "text" || report.name == "markdown" else {
            throw UsageError("--wireframe goes with --format text or markdown; --format svg draws the picture itself")
        }
        return true
    }

    /// The grids of the report's screens, each after a blank line; in Markdown, in a code block.
    static func grids(_ report: DiffReport, format: String) -> String {
        var out = ""
        for screen in report.screens {
            let grid = WireframeText.render(Wireframe(screen))
            // A screen name cannot close the fence: its backticks become quotes.
            out += format == "markdown" ? "\n```text\n" + grid.replacingEvery("`", with: "'") + "```\n" : "\n" + grid
        }
        return out
    }
}

extension CommandOption {
    static let wireframe = flag("wireframe", "after the report, each changed screen's wireframe: numbers in spoken order on a character grid, moved stops marked * (text and markdown)")
}
