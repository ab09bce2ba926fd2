import AXDiff
import AXSnapshot
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
