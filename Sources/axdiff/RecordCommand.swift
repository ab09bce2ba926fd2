import AXRecord
import AXSnapshot
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

/// `axdiff record URL-or-FILE…`: loads each page in headless Chromium and
/// writes its accessibility tree, with frames, as one axsnapshot JSON file.
struct RecordCommand: Command {
    static let name = "record"
    static let abstract = "Record web pages' accessibility trees and layout with headless Chromium, one snapshot each (none unless all load)."
    static let arguments = [CommandArgument(synopsis: "URL-or-FILE...",
                                            help: "pages to record: HTML files, file: URLs or http://localhost URLs", isPath: true)]
    static let options: [CommandOption] = [
        .valued("out", "DIR", default: "Snapshots/web", "where the snapshots go, one <screen>.json per page"),
        .valued("viewport", "WxH", default: "1280x800", "the window in CSS px"),
        .valued("wait-for", "SELECTOR", "read each page once this CSS selector matches (after its load event)"),
        .valued("name", "NAME", default: "the URL's path: /checkout is checkout, index.html is index",
                "the screen name and file name; once per page, in order"),
        .valued("timeout", "SECONDS", default: "30", "how long one page may take"),
        .valued("chromium", "PATH", default: "chromium on the PATH", "the browser to drive"),
        .flag("allow-empty", "write a page with no stops rather than refuse it (a page recorded before it rendered has none)"),
    ]
    static let examples = [
        "axdiff record dist/index.html dist/checkout.html",
        "axdiff record --viewport 390x844 --name Checkout --wait-for '#pay' http://localhost:3000/checkout",
    ]

    let pages: [String]
    let names: [String]
    let out: String
    let options: PageRecorder.Options
    let chromium: String?
    let allowEmpty: Bool

    init(_ args: [String]) throws {
        let a = try Self.parse(args)
        guard !a.positionals.isEmpty else { throw UsageError("expected at least one URL or FILE") }
        pages = a.positionals
        names = a.options("name")
        guard names.isEmpty || names.count == pages.count else {
            throw UsageError("--name given \(names.count) time(s) for \(pages.count) page(s): give one per page, in order")
        }
        out = a.option("out") ?? "Snapshots/web"
        var options = PageRecorder.Options(waitFor: a.option("wait-for"))
        if let viewport = a.option("viewport") {
            let parts = viewport.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...10_000).contains(w), (1...10_000).contains(h) else {
                throw UsageError("--viewport expects WIDTHxHEIGHT in CSS px, e.g. 390x844 (got '\(viewport)')")
            }
            (options.width, options.height) = (w, h)
        }
        if let timeout = a.option("timeout") {
            guard let t = Double(timeout), t > 0, t <= 3600 else { throw UsageError("--timeout expects seconds between 0 and 3600 (got '\(timeout)')") }
            options.timeout = t
        }
        self.options = options
        chromium = a.option("chromium")
        allowEmpty = a.flag("allow-empty")
    }

    func run() throws -> Int32 {
        let urls = try pages.map { page -> String in
            do { return try PageAddress.url(for: page) } catch let e as RecordError { throw InputError(e.description) }
        }
        guard let browser = chromium ?? PageRecorder.findChromium() else {
            throw InputError("no Chromium found on the PATH (install Debian's chromium, or pass --chromium PATH)")
        }
        var files: [(path: String, page: String, text: String, stops: Int)] = []
        do {
            let recorder = try PageRecorder(chromium: browser, timeout: options.timeout)
            defer { recorder.close() }
            var bar = ProgressBar(total: urls.count > 1 ? urls.count : 0)
            for (i, url) in urls.enumerated() {
                // Named by the address, not the title: a retitled page stays the same screen and file.
                let page = try recorder.record(url, name: names.isEmpty ? Self.screenName(url: url) : names[i], options: options)
                for blocked in page.blocked { Console.err("\(pages[i]): refused a request to \(blocked) (not local)") }
                if page.snapshot.stops.isEmpty && !allowEmpty {
                    throw InputError("\(pages[i]): the page has no stops (recorded before it rendered? wait with --wait-for SELECTOR, "
                        + "or pass --allow-empty if it is meant to be empty); nothing was written")
                }
                let path = out + "/" + Self.fileName(page.snapshot.screen) + ".json"
                if let other = files.first(where: { $0.path == path }) {
                    throw InputError("\(other.page) and \(pages[i]) would both be written to \(path): give each its own --name")
                }
                files.append((path, pages[i], SnapshotJSONWriter.json(page.snapshot), page.snapshot.stops.count))
                bar.update(i + 1)
            }
        } catch let e as RecordError {
            throw InputError(e.description)
        }
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            throw InputError("\(out): cannot create the directory (\(ErrorDescription.localized(error)))")
        }
        for file in files {
            try Self.write(file.text, to: file.path)
            Console.out("\(file.path)  \(file.stops) stop\(file.stops == 1 ? "" : "s")  (\(file.page))")
        }
        return ExitCode.clean
    }

    /// The screen a page's address names: the path of an http(s) URL
    /// (`/checkout` → `checkout`, `/shop/cart/` → `shop-cart`, `/` → `index`),
    /// the route of a hash-routed app at `/` (`/#/settings` → `settings`), the
    /// file name of a file; without the extension (`index.html` → `index`).
    static func screenName(url: String) -> String {
        guard let parsed = URL(string: url) else { return "index" }
        var path = parsed.isFileURL ? parsed.lastPathComponent : parsed.path
        if !parsed.isFileURL, path.trimming(.characters(in: "/")).isEmpty,
           let fragment = parsed.fragment, fragment.hasPrefix("/") {
            path = fragment
        }
        var parts = path.split(separator: "/").map(String.init).filter { $0 != "." && $0 != ".." }
        if let last = parts.last, let dot = last.lastIndex(of: "."), dot != last.startIndex {
            parts[parts.count - 1] = String(last[..<dot])
        }
        let name = fileName(parts.joined(separator: "-"))
        return name == "page" && parts.isEmpty ? "index" : name
    }

    /// A screen name as a file name: letters, digits, `.`, `_` and `-` kept,
    /// any other run of characters one `-`.
    static func fileName(_ screen: String) -> String {
        var name = ""
        for c in screen {
            if c.isLetter || c.isNumber || c == "." || c == "_" || c == "-" {
                name.append(c)
            } else if !name.hasSuffix("-") {
                name.append("-")
            }
        }
        while name.hasPrefix("-") || name.hasPrefix(".") { name.removeFirst() }
        while name.hasSuffix("-") { name.removeLast() }
        return name.isEmpty ? "page" : String(name.prefix(120))
    }

    /// Writes beside the target and renames over it, so the file is either
    /// the old one or the whole new one.
    static func write(_ text: String, to path: String) throws {
        let temp = path + ".tmp-\(getpid())"
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: temp))
            if rename(temp, path) != 0 { throw InputError(String(cString: strerror(errno))) }
        } catch {
            try? FileManager.default.removeItem(atPath: temp)
            throw InputError("\(path): cannot be written (\(error))")
        }
    }
}
