import AXDiff
import AXReport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AXBase

/// `--wireframes DIR`: each changed screen's wireframe written as
/// `DIR/<screen>.svg` beside the report (for a CI job's artifacts), and
/// linked from a Markdown report. A screen without frames (an ARIA snapshot)
/// gets no file and no link; files already in DIR are left alone.
enum WireframeFiles {
    static func directory(_ a: Arguments) throws -> String? {
        guard let dir = a.option("wireframes") else { return nil }
        guard !dir.isEmpty, !dir.contains(where: { $0.isNewline }) else {
            throw UsageError("--wireframes needs a directory, e.g. --wireframes wireframes")
        }
        return dir
    }

    /// Writes the pictures and returns, by the report's path, each file as the
    /// report links it: `DIR/` (as given) and the file's name, the site's
    /// name for the screen (`snapshots-checkout-json-1a2b3c4d.svg`).
    static func write(_ report: DiffReport, to dir: String) throws -> [String: String] {
        do {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        } catch {
            throw InputError("cannot create the wireframes directory \(dir): \(ErrorDescription.localized(error))")
        }
        let prefix = dir.hasSuffix("/") ? dir : dir + "/"
        var links: [String: String] = [:]
        for screen in report.screens where !screen.changes.isEmpty {
            guard let svg = WireframeSVG.render(Wireframe(screen)) else { continue }
            let file = prefix + SiteSlug.screen(path: screen.path) + ".svg"
            do {
                try Data(svg.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
            } catch {
                throw InputError("cannot write the wireframe \(file): \(ErrorDescription.localized(error))")
            }
            links[screen.path] = file
        }
        return links
    }
}

extension CommandOption {
    static let wireframes = valued("wireframes", "DIR", "write each changed screen's wireframe to DIR/<screen>.svg (none for a screen without frames); a Markdown report links them")
}
