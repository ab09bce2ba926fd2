import AXDiff
import AXGit
import AXGate
import AXTracker
import AXTestSupport
import XCTest

/// `label.untranslated` in the tracker: the source-locale sibling is read
/// from the same commit's tree, and from its parent where the commit changed it.
final class LocaleSiblingTests: XCTestCase {
    static let english = ["Sign in", "Email address", "Password", "Show password", "Sign in"]
    static let spanish = ["Iniciar sesión", "Correo electrónico", "Contraseña", "Mostrar contraseña", "Iniciar sesión"]

    func annotate(_ repo: GitFixture) throws {
        let repository = try Repository.open(path: repo.path)
        let annotator = Annotator(repository: repository, options: .init())
        let tips = try repository.references(matching: ["refs/heads/*"]).map(\.commit)
        _ = try annotator.annotate(try annotator.pending(tips: tips))
    }

    func count(_ kind: String, in note: String?) -> Int {
        (note ?? "").components(separatedBy: "\n").filter { $0.contains(" \(kind) ") }.count
    }

    func testTheTrackerReadsTheSourceSiblingFromTheCommitsTree() throws {
        let repo = try GitFixture(self)
        try repo.commit("Sign in in two locales", [
            "Snapshots/en/SignIn.json": SignInSnapshot.json("en", Self.english),
            "Snapshots/es/SignIn.json": SignInSnapshot.json("es", Self.spanish),
        ])
        var missing = Self.spanish
        missing[3] = "Show password"
        // Only the Spanish snapshot changes: the English one is read from the tree.
        let fallback = try repo.commit("Lose a translation", ["Snapshots/es/SignIn.json": SignInSnapshot.json("es", missing)])
        var again = missing
        again[1] = "Correo"
        let edit = try repo.commit("Edit another", ["Snapshots/es/SignIn.json": SignInSnapshot.json("es", again)])
        // Both change at once: the English text moved on and the Spanish copied it.
        var english = Self.english
        english[2] = "Your password"
        var copied = again
        copied[2] = "Your password"
        let both = try repo.commit("Copy English", [
            "Snapshots/en/SignIn.json": SignInSnapshot.json("en", english),
            "Snapshots/es/SignIn.json": SignInSnapshot.json("es", copied),
        ])
        // A translation changed to another Spanish text.
        var reworded = copied
        reworded[0] = "Entrar"
        let spanishOnly = try repo.commit("Reword", ["Snapshots/es/SignIn.json": SignInSnapshot.json("es", reworded)])
        try annotate(repo)

        let note = repo.note(fallback)
        XCTAssertEqual(count("label.untranslated", in: note), 1, note ?? "")
        XCTAssertTrue(note?.contains("SignIn (Snapshots/es/SignIn.json)\n  ! label.untranslated  #password_visibility_button reads \"Show password\" in es, the same as in en") ?? false, note ?? "")
        XCTAssertEqual(count("label.untranslated", in: repo.note(edit)), 0, repo.note(edit) ?? "")
        let bothNote = repo.note(both)
        XCTAssertEqual(count("label.untranslated", in: bothNote), 1, bothNote ?? "")
        XCTAssertTrue(bothNote?.contains("#password_field reads \"Your password\"") ?? false, bothNote ?? "")
        XCTAssertEqual(count("label.untranslated", in: repo.note(spanishOnly)), 0, repo.note(spanishOnly) ?? "")
        _ = try repo.git(["fsck", "--strict"])
    }

    func testTheSourceLocaleComesFromTheCommittedConfiguration() throws {
        let repo = try GitFixture(self)
        try repo.commit("Two locales", [
            ".axdiff.json": "{\"sourceLocale\": \"es\"}\n",
            "Snapshots/en/SignIn.json": SignInSnapshot.json("en", Self.english),
            "Snapshots/es/SignIn.json": SignInSnapshot.json("es", Self.spanish),
        ])
        var missing = Self.spanish
        missing[3] = "Show password"
        // Spanish is the source now: the Spanish snapshot is not a translation.
        let commit = try repo.commit("Lose a translation", ["Snapshots/es/SignIn.json": SignInSnapshot.json("es", missing)])
        try annotate(repo)
        XCTAssertEqual(count("label.untranslated", in: repo.note(commit)), 0, repo.note(commit) ?? "")
        XCTAssertEqual(count("label.changed", in: repo.note(commit)), 1, repo.note(commit) ?? "")
    }

    func testTheGateFailsABranchThatLosesATranslationWhenWarningsFail() throws {
        let repo = try GitFixture(self)
        try repo.commit("Two locales", [
            ".axdiff.json": "{\"failOn\": \"warning\"}\n",
            "Snapshots/en/SignIn.json": SignInSnapshot.json("en", Self.english),
            "Snapshots/es/SignIn.json": SignInSnapshot.json("es", Self.spanish),
        ])
        try repo.git(["checkout", "-q", "-b", "feature"])
        var missing = Self.spanish
        missing[3] = "Show password"
        try repo.commit("Lose a translation", ["Snapshots/es/SignIn.json": SignInSnapshot.json("es", missing)])
        let verdict = try Gate(repository: try Repository.open(path: repo.path)).check(Gate.Options())
        XCTAssertTrue(verdict.fails)
        XCTAssertEqual(verdict.failing.map { "\($0.change.kind.rawValue)@\($0.change.elements.first?.id ?? "")" },
                       ["label.untranslated@password_visibility_button"])
    }

    /// Files that say no locale: the path says it (`es.lproj/`, `es/`,
    /// `SignIn.es.yml`), for XCUITest text, uiautomator XML and ARIA YAML.
    func testTheLocaleComesFromThePathForEveryFormat() throws {
        func xcuitest(_ labels: [String]) -> String {
            let ids = ["sign_in_heading", "email_field", "password_field", "password_visibility_button", "sign_in_button"]
            let types = ["StaticText", "TextField", "SecureTextField", "Button", "Button"]
            return "Attributes: Application, 0x600, pid: 4242, label: 'Demo'\nElement subtree:\n \u{2192}Application, 0x600, pid: 4242, label: 'Demo'\n"
                + (0..<5).map { "    \(types[$0]), 0x60\($0 + 1), {{16.0, \(100 + $0 * 60).0}, {358.0, 50.0}}, identifier: '\(ids[$0])', label: '\(labels[$0])'\n" }.joined()
        }
        func uiautomator(_ labels: [String]) -> String {
            let ids = ["title", "email", "password", "show_password", "sign_in"]
            let classes = ["android.widget.TextView", "android.widget.EditText", "android.widget.EditText", "android.widget.Button", "android.widget.Button"]
            let nodes = (0..<5).map { k in
                "<node index=\"\(k)\" text=\"\(labels[k])\" resource-id=\"com.example:id/\(ids[k])\" class=\"\(classes[k])\" package=\"com.example\" content-desc=\"\" checkable=\"false\" checked=\"false\" clickable=\"\(k > 0)\" enabled=\"true\" focusable=\"\(k > 0)\" focused=\"false\" scrollable=\"false\" long-clickable=\"false\" password=\"false\" selected=\"false\" bounds=\"[42,\(300 + k * 160)][1038,\(440 + k * 160)]\" />"
            }
            return "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\"><node index=\"0\" text=\"\" resource-id=\"\" class=\"android.widget.FrameLayout\" package=\"com.example\" content-desc=\"\" checkable=\"false\" checked=\"false\" clickable=\"false\" enabled=\"true\" focusable=\"false\" focused=\"false\" scrollable=\"false\" long-clickable=\"false\" password=\"false\" selected=\"false\" bounds=\"[0,0][1080,2400]\">"
                + nodes.joined() + "</node></hierarchy>\n"
        }
        func aria(_ labels: [String]) -> String {
            "- heading \"\(labels[0])\" [level=1]\n- textbox \"\(labels[1])\"\n- textbox \"\(labels[2])\"\n- button \"\(labels[3])\"\n- button \"\(labels[4])\"\n"
        }
        var missing = Self.spanish
        missing[3] = "Show password"
        let formats: [(String, ([String]) -> String, String, String)] = [
            ("XCUITest", xcuitest, "Snapshots/en.lproj/SignIn.txt", "Snapshots/es.lproj/SignIn.txt"),
            ("uiautomator", uiautomator, "Snapshots/en/signin.xml", "Snapshots/es-MX/signin.xml"),
            ("ARIA", aria, "Snapshots/SignIn.en.yml", "Snapshots/SignIn.es.yml"),
        ]
        for (format, write, source, translation) in formats {
            let repo = try GitFixture(self)
            try repo.commit("Sign in in two locales", [source: write(Self.english), translation: write(Self.spanish)])
            let lost = try repo.commit("Lose a translation", [translation: write(missing)])
            try annotate(repo)
            let note = repo.note(lost) ?? ""
            XCTAssertEqual(count("label.untranslated", in: note), 1, "\(format): \(note)")
            XCTAssertTrue(note.contains("reads \"Show password\" in es"), "\(format): \(note)")
            XCTAssertEqual(count("label.changed", in: note), 1, "\(format): \(note)")
        }
    }
}
