import AXDiff
import AXReport
import AXSnapshot

/// `axdiff diff OLD NEW`: compares two snapshot files, or two directories of
/// them paired by relative path.
struct DiffCommand: Command {
    static let name = "diff"
    static let abstract = "Compare two snapshots (or two directories of them) and say what changed for a screen reader user."
    static let arguments = [CommandArgument(synopsis: "OLD NEW", help: "two snapshot files, or two directories of them paired by relative path",
                                            isPath: true)]
    static let options: [CommandOption] = [.format, .wireframe, .wireframes, .category, .snapshotConfig, .color]
    static let examples = ["axdiff diff old/Checkout.json Snapshots/Checkout.json",
                           "axdiff diff --format markdown before/ Snapshots/",
                           "axdiff diff --format svg old/Checkout.json Snapshots/Checkout.json > Checkout.svg",
                           "axdiff diff --wireframe old/Checkout.json Snapshots/Checkout.json"]

    let old: String, new: String
    let report: Report
    let configPath: String?
    let category: String?
    let color: String?
    let wireframe: Bool
    let wireframes: String?

    init(_ args: [String]) throws {
        let a = try Self.parse(args)
        guard a.positionals.count == 2 else { throw UsageError("expected OLD and NEW, got \(a.positionals.count) argument(s)") }
        (old, new) = (a.positionals[0], a.positionals[1])
        report = try ReportChoice.named(a.option("format"))
        configPath = a.option("config")
        category = try ReportChoice.category(a)
        color = a.option("color")
        wireframe = try WireframeChoice.flag(a, report: report)
        wireframes = try WireframeFiles.directory(a)
    }

    func run() throws -> Int32 {
        let config = try SnapshotFiles.config(configPath, near: new)
        var pairs: [(path: String, old: String?, new: String?)] = []
        switch (SnapshotFiles.isDirectory(old), SnapshotFiles.isDirectory(new)) {
        case (true, true):
            let (a, b) = (Set(SnapshotFiles.list(old)), Set(SnapshotFiles.list(new)))
            for rel in a.union(b).sorted() {
                pairs.append((rel, a.contains(rel) ? old + "/" + rel : nil, b.contains(rel) ? new + "/" + rel : nil))
            }
        case (false, false):
            pairs.append((new, old, new))
        default:
            throw UsageError("OLD and NEW must both be files or both be directories")
        }
        var oldFiles: [String: String] = [:], newFiles: [String: String] = [:]
        for pair in pairs {
            oldFiles[pair.path] = pair.old
            newFiles[pair.path] = pair.new
        }
        // A translation is compared with its source-locale sibling as it is in each version.
        let (oldSources, newSources) = (LocaleSourceFinder(config: config, files: oldFiles), LocaleSourceFinder(config: config, files: newFiles))
        var screens: [ScreenDiff] = []
        var unreadable: [String] = []
        for pair in pairs {
            do {
                // Each version prepared as it is read, the old first (the new sized by its
                // stop count, as `ScreenDiffer.diff` does): the old node tree goes before the
                // new file is read, the new one before the diff runs.
                let o = try pair.old.map {
                    try SnapshotFiles.prepared($0, maxBytes: config.maxSnapshotBytes, maxElements: config.maxSnapshotElements)
                }
                let n = try pair.new.map {
                    try SnapshotFiles.prepared($0, maxBytes: config.maxSnapshotBytes, maxElements: config.maxSnapshotElements,
                                               expectedStops: o?.stops.count)
                }
                let screen = n?.facts.screen ?? o?.facts.screen ?? ""
                if config.ignores(screen: screen, path: pair.path) { continue }
                let source = n.flatMap { n in
                    newSources.source(for: pair.path, locale: n.facts.locale).map {
                        LocaleSource(old: o.flatMap { oldSources.source(for: pair.path, locale: $0.facts.locale) }, new: $0)
                    }
                }
                screens.append(ScreenDiffer.diff(old: o, new: n, path: pair.path, policy: config.policy, source: source))
            } catch let e as SnapshotError {
                unreadable.append(e.description)
                screens.append(ScreenDiffer.unreadable(path: pair.path, reason: e.description, error: e, policy: config.policy))
            }
        }
        let result = DiffReport(screens: screens.filter { !$0.changes.isEmpty }, snapshotsCompared: pairs.count)
        var context = ReportChoice.context(category: category)
        if report.name == Report.sarif.name {
            for pair in pairs {
                guard let newPath = pair.new, let new = try? SnapshotFiles.readBytes(newPath, maxBytes: config.maxSnapshotBytes) else { continue }
                let old = pair.old.flatMap { try? SnapshotFiles.readBytes($0, maxBytes: config.maxSnapshotBytes) }
                context.files[pair.path] = ReportContext.FileVersions(old: old, new: new)
            }
        }
        if let wireframes { context.wireframes = try WireframeFiles.write(result, to: wireframes) }
        var bytes = report.bytes(result, context)
        if wireframe { bytes += WireframeChoice.grids(result, format: report.name).utf8 }
        Console.out(Colour.output(bytes, format: report.name, choice: color))
        for line in unreadable { Console.err(line) }
        Console.end(!unreadable.isEmpty ? ExitCode.badInput : result.fails(at: config.policy.failOn) ? ExitCode.failed : ExitCode.clean)
    }
}
