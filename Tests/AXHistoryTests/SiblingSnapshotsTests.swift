@testable import AXHistory
import AXGit
import AXSnapshot
import AXTestSupport
import XCTest

/// The source-locale siblings the analyser keeps apart from its prepared versions: one
/// read serves every translation of a screen, by path and blob, within a byte budget.
final class SiblingSnapshotsTests: XCTestCase {
    func blob(_ c: Character) throws -> ObjectID { try XCTUnwrap(ObjectID(hex: String(repeating: c, count: 40))) }

    func testKeptByPathAndBlobWithinTheLimitAndTheBudget() throws {
        let (a, b, c) = (try blob("a"), try blob("b"), try blob("c"))
        let siblings = SiblingSnapshots(maxBytes: 100)
        siblings.keep(Snapshot.empty(screen: "A"), path: "en/A.json", blob: a, size: 40)
        siblings.keep(Snapshot.empty(screen: "B"), path: "en/B.json", blob: b, size: 40)
        XCTAssertEqual(siblings.snapshot(path: "en/A.json", blob: a, limit: 40)?.screen, "A", "a used last")
        XCTAssertNil(siblings.snapshot(path: "en/A.json", blob: a, limit: 39), "over the caller's limit")
        XCTAssertNil(siblings.snapshot(path: "fr/A.json", blob: a, limit: .max), "another path: another file name")
        XCTAssertNil(siblings.snapshot(path: "en/A.json", blob: b, limit: .max))
        siblings.keep(Snapshot.empty(screen: "C"), path: "en/C.json", blob: c, size: 40)
        XCTAssertEqual(siblings.count, 2)
        XCTAssertNil(siblings.snapshot(path: "en/B.json", blob: b, limit: .max), "b was the least recently used")
        XCTAssertEqual(siblings.snapshot(path: "en/C.json", blob: c, limit: .max)?.screen, "C")
        siblings.keep(Snapshot.empty(screen: "D"), path: "en/D.json", blob: a, size: 101)
        XCTAssertNil(siblings.snapshot(path: "en/D.json", blob: a, limit: .max), "larger than the budget: not kept")
        siblings.removeAll()
        XCTAssertEqual(siblings.count, 0)
    }

    /// Three translations changed in one commit, then one again: the English source, which
    /// no commit after the first changes, is kept once and each translation is checked.
    func testOneSourceServesEveryTranslation() throws {
        let repo = try GitFixture(self)
        let english = ["Sign in", "Email address", "Password", "Show password", "Sign in"]
        let untranslated = { (locale: String, word: String) in
            SignInSnapshot.json(locale, [word, word + " 2", word + " 3", "Show password", word + " 5"])
        }
        _ = try repo.commit("Sign in", [
            "Snapshots/en/SignIn.json": SignInSnapshot.json("en", english),
            "Snapshots/es/SignIn.json": SignInSnapshot.json("es", ["Iniciar", "Correo", "Clave", "Mostrar", "Iniciar"]),
            "Snapshots/fr/SignIn.json": SignInSnapshot.json("fr", ["Connexion", "Courriel", "Mot", "Afficher", "Connexion"]),
            "Snapshots/de/SignIn.json": SignInSnapshot.json("de", ["Anmelden", "E-Mail", "Passwort", "Zeigen", "Anmelden"]),
        ])
        let all = try repo.commit("Lose a translation in three locales", [
            "Snapshots/es/SignIn.json": untranslated("es", "Iniciar"),
            "Snapshots/fr/SignIn.json": untranslated("fr", "Connexion"),
            "Snapshots/de/SignIn.json": untranslated("de", "Anmelden"),
        ])
        let one = try repo.commit("Reword Spanish", ["Snapshots/es/SignIn.json": untranslated("es", "Entrar")])
        let analyzer = CommitAnalyzer(repository: try Repository.open(path: repo.path))
        let note = String(decoding: try analyzer.analyze(XCTUnwrap(ObjectID(hex: all))).noteBytes, as: UTF8.self)
        XCTAssertEqual(note.components(separatedBy: "\n").filter { $0.contains(" label.untranslated ") }.count, 3, note)
        XCTAssertEqual(analyzer.siblingsKept, 1, "one English source for three translations")
        _ = try analyzer.analyze(XCTUnwrap(ObjectID(hex: one)))
        XCTAssertEqual(analyzer.siblingsKept, 1, "the same English blob, kept")
    }
}
