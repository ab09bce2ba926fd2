import AXDiff
import AXSnapshot
import AXTestSupport
import XCTest

/// The locale a path names (`PathLocale`), for files that do not say it, and
/// its agreement with where `LocaleSiblings` looks for the source snapshot.
final class PathLocaleTests: XCTestCase {
    func testLocalesInPaths() {
        let cases: [(String, String?)] = [
            ("Snapshots/es/SignIn.json", "es"), ("Snapshots/es-MX/SignIn.txt", "es-MX"), ("Snapshots/pt_BR/Home.xml", "pt_BR"),
            ("App/es.lproj/SignIn.txt", "es"), ("App/zh-Hans.lproj/SignIn.txt", "zh-Hans"), ("Snapshots/SignIn.es.txt", "es"),
            ("Snapshots/es-419/SignIn.yml", "es-419"), ("screens/he/about.xml", "he"),
            // The nearest wins: the file name, then the deepest directory.
            ("Snapshots/en/SignIn.fr.txt", "fr"), ("Snapshots/en/de/SignIn.txt", "de"),
            // Not locales: words, three-letter pieces, Base.lproj, upper-case directories, a two-part file name.
            ("Snapshots/ios/SignIn.json", nil), ("Snapshots/web/aria.yml", nil), ("App/Base.lproj/Main.txt", nil),
            ("Snapshots/ES/SignIn.json", nil), ("Snapshots/SignIn.aria.yml", nil), ("Snapshots/SignIn.json", nil),
            ("e2e/acceptance/404.spec.ts-snapshots/aria.yml", nil), ("Snapshots/xx/SignIn.json", nil), ("", nil),
            ("Snapshots/es-MXX/SignIn.json", nil), ("Snapshots/en-US-x-y/SignIn.json", nil),
        ]
        for (path, locale) in cases {
            XCTAssertEqual(PathLocale.locale(in: path), locale, path)
        }
    }

    /// The definition on characters, which the reader applies to bytes:
    /// seeded paths of locale-like pieces, separators, upper case, digits,
    /// ".lproj", and characters that are not ASCII (one that joins the
    /// separator before it among them).
    func testLocaleIsTheCharacterDefinition() {
        func isLocale(_ name: Substring) -> Bool {
            let pieces = name.split(separator: "-", omittingEmptySubsequences: false).flatMap {
                $0.split(separator: "_", omittingEmptySubsequences: false)
            }
            guard let language = pieces.first, language.count == 2, language.allSatisfy({ $0.isASCII && $0.isLowercase }),
                  ["es", "en", "pt", "zh", "he", "fr"].contains(String(language)), pieces.count <= 3 else { return false }
            var rest = pieces.dropFirst()
            if let script = rest.first, script.count == 4, script.allSatisfy({ $0.isASCII && $0.isLetter }) { rest = rest.dropFirst() }
            if let region = rest.first {
                let letters = region.count == 2 && region.allSatisfy { $0.isASCII && $0.isLetter }
                let digits = region.count == 3 && region.allSatisfy { $0.isASCII && $0.isNumber }
                guard letters || digits else { return false }
                rest = rest.dropFirst()
            }
            return rest.isEmpty
        }
        func segment(_ s: Substring) -> String? {
            var name = s
            if name.lowercased().hasSuffix(".lproj") { name = name.dropLast(6) }
            return isLocale(name) ? String(name) : nil
        }
        func reference(_ path: String) -> String? {
            var segments = path.split(separator: "/", omittingEmptySubsequences: true)
            guard let file = segments.popLast() else { return nil }
            let parts = file.split(separator: ".", omittingEmptySubsequences: false)
            if parts.count >= 3, let found = segment(parts[parts.count - 2]) { return found }
            for s in segments.reversed() { if let found = segment(s) { return found } }
            return nil
        }
        let seed: UInt64 = 0x10CA1E
        var rng = SeededGenerator(seed: seed)
        let pieces = ["es", "en", "pt", "zh", "he", "fr", "Hans", "MX", "BR", "419", "-", "_", "/", ".", "lproj", ".lproj", "x",
                      "ES", "é", "\u{301}", "ü", "\r\n", "json", "SignIn", "1"]
        func pick(_ list: [String]) -> String { list[Int.random(in: 0..<list.count, using: &rng)] }
        func part() -> String {
            switch Int.random(in: 0..<3, using: &rng) {
            case 0:  // locale-like: a language, then perhaps a script and a region, perhaps ".lproj"
                var text = pick(["es", "en", "pt", "zh", "he", "fr", "ES", "xx", "é"])
                if Bool.random(using: &rng) { text += pick(["-", "_", "-\u{301}"]) + pick(["Hans", "MX", "BR", "419", "1", "ü"]) }
                if Int.random(in: 0..<3, using: &rng) == 0 { text += pick(["-", "_"]) + pick(["MX", "419"]) }
                return text + (Int.random(in: 0..<4, using: &rng) == 0 ? pick([".lproj", ".LPROJ"]) : "")
            case 1:
                return pick(["SignIn", "json", "Home", "x"]) + "." + pick(["es", "fr", "MX", "é"]) + "." + pick(["txt", "yml"])
            default:
                return (0..<Int.random(in: 1...4, using: &rng)).map { _ in pick(pieces) }.joined()
            }
        }
        var named = 0
        for trial in 0..<5_000 {
            let path = (0..<Int.random(in: 0...4, using: &rng)).map { _ in part() }.joined(separator: pick(["/", "/", "//", "/\u{301}"]))
            let expected = reference(path)
            if expected != nil { named += 1 }
            XCTAssertEqual(PathLocale.locale(in: path).map { Array($0.utf8) }, expected.map { Array($0.utf8) },
                           "seed \(seed) trial \(trial): \(Array(path.unicodeScalars))")
        }
        XCTAssertGreaterThan(named, 500, "seed \(seed): paths name locales")
    }

    /// Where a path names a locale other than the source's, `LocaleSiblings` finds a place for the source.
    func testTheSiblingRuleLooksWhereThePathNamesTheLocale() {
        for path in ["Snapshots/es/SignIn.json", "Snapshots/es-MX/SignIn.txt", "App/es.lproj/SignIn.txt", "Snapshots/SignIn.es.txt",
                     "screens/he/about.xml", "Snapshots/pt_BR/Home.xml"] {
            guard let locale = PathLocale.locale(in: path) else { return XCTFail(path) }
            XCTAssertFalse(LocaleSiblings.sourcePaths(for: path, locale: locale, sourceLocale: "en").isEmpty, path)
        }
        XCTAssertEqual(LocaleSiblings.sourcePaths(for: "App/es.lproj/SignIn.txt", locale: "es", sourceLocale: "en"), ["App/en.lproj/SignIn.txt"])
    }

    /// The reader fills the locale from the path only when the file says none.
    func testTheFilesOwnLocaleWins() throws {
        let json = #"{"axsnapshot": 1, "screen": "SignIn", "platform": "ios", "locale": "fr", "elements": []}"#
        XCTAssertEqual(try SnapshotReader.read(Array(json.utf8), file: "Snapshots/es/SignIn.json").locale, "fr")
        let bare = #"{"axsnapshot": 1, "screen": "SignIn", "platform": "ios", "elements": []}"#
        XCTAssertEqual(try SnapshotReader.read(Array(bare.utf8), file: "Snapshots/es/SignIn.json").locale, "es")
        XCTAssertEqual(try SnapshotReader.read(Array("- button \"Entrar\"\n".utf8), file: "e2e/es-MX/aria.yml").locale, "es-MX")
    }
}
