import AXSnapshot

/// The same screen in the shape Playwright writes its `.aria.yml` baselines:
/// numbers turned into `/regex/` names and texts, `[ref=eN]`, headings that
/// hold links, combo boxes with their options, block-scalar paragraphs and
/// mixed checkboxes: 10 nodes per section, as in `ariaYAML()`.
extension BenchScreen {
    func ariaBaselineYAML() -> [UInt8] {
        var out: [UInt8] = []
        var ref = 0
        func r() -> String {
            ref += 1
            return "[ref=e\(ref)]"
        }
        out += "- main \(r()):\n".utf8
        for (s, section) in sections.enumerated() {
            let label = section.items.first?.label ?? section.title
            out += "  - region \(SnapshotJSONWriter.quoted(section.title)) \(r()):\n".utf8
            out += "    - heading \(SnapshotJSONWriter.quoted(label)) [level=2] \(r()):\n".utf8
            out += "      - link \(SnapshotJSONWriter.quoted(label + " story")) \(r()):\n        - /url: /stories/\(s)\n".utf8
            out += "    - text: /Updated \\d+ minutes? ago/\n".utf8
            out += "    - button /Delete \\d+ items?/ \(r())\n".utf8
            out += "    - combobox \"Sort\" \(r()):\n      - option \"Newest\" [selected]\n      - option \"Oldest\"\n".utf8
            out += "    - paragraph \(r()): |\n        \(label) was last changed\n        on /\\d+-\\d+/\n".utf8
            out += "    - checkbox \(SnapshotJSONWriter.quoted("Pick " + label)) [checked=mixed] \(r())\n".utf8
        }
        return out
    }
}
