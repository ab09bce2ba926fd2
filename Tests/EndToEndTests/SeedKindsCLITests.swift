import Foundation
import XCTest

/// The seeds' later kinds through the command line: `diff` on directories and
/// `lint` on a directory find the source-locale sibling; every kind is in
/// the JSON report with its count.
final class SeedKindsCLITests: XCTestCase {
    func signIn(_ locale: String, _ labels: [String], extra: String = "") -> String {
        let ids = ["sign_in_heading", "email_field", "password_field", "password_visibility_button", "sign_in_button"]
        let roles = ["heading", "textField", "secureTextField", "button", "button"]
        let elements = (0..<5).map { "{\"id\": \"\(ids[$0])\", \"role\": \"\(roles[$0])\", \"label\": \"\(labels[$0])\", \"frame\": [16, \(100 + 60 * $0), 358, 44]}" }
        return "{\"axsnapshot\": 1, \"screen\": \"SignIn\", \"platform\": \"ios\", \"locale\": \"\(locale)\", \"elements\": [\n  "
            + (elements + (extra.isEmpty ? [] : [extra])).joined(separator: ",\n  ") + "\n]}\n"
    }
    let english = ["Sign in", "Email address", "Password", "Show password", "Sign in"]
    let spanish = ["Iniciar sesión", "Correo electrónico", "Contraseña", "Mostrar contraseña", "Iniciar sesión"]

    func kinds(_ json: String) throws -> [String] {
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return (object["changes"] as? [[String: Any]] ?? []).map { "\($0["kind"] ?? "")@\($0["path"] ?? "")" }.sorted()
    }

    func testDiffOnDirectoriesAndLintOnADirectoryCatchTheEnglishFallback() throws {
        let dir = try CLI.tempDir(self)
        var missing = spanish
        missing[3] = "Show password"
        let tiny = "{\"id\": \"close\", \"role\": \"button\", \"label\": \"Close\", \"frame\": [350, 10, 24, 24]}"
        try CLI.write(signIn("en", english), to: dir.appendingPathComponent("old/Snapshots/en/SignIn.json"))
        try CLI.write(signIn("es", spanish), to: dir.appendingPathComponent("old/Snapshots/es/SignIn.json"))
        try CLI.write(signIn("en", english), to: dir.appendingPathComponent("new/Snapshots/en/SignIn.json"))
        try CLI.write(signIn("es", missing, extra: tiny), to: dir.appendingPathComponent("new/Snapshots/es/SignIn.json"))

        let diff = try CLI.run(["diff", "old", "new", "--format", "json"], cwd: dir)
        XCTAssertEqual(diff.code, 0, diff.err)
        XCTAssertEqual(try kinds(diff.out), [
            "label.changed@Snapshots/es/SignIn.json", "label.untranslated@Snapshots/es/SignIn.json",
            "stop.added@Snapshots/es/SignIn.json", "target.small@Snapshots/es/SignIn.json",
        ])
        let text = try CLI.run(["diff", "old", "new"], cwd: dir)
        XCTAssertTrue(text.out.contains("! label.untranslated  #password_visibility_button reads \"Show password\" in es, the same as in en: its translation is missing  [3.1.2]"), text.out)

        let lint = try CLI.run(["lint", "new", "--format", "json"], cwd: dir)
        XCTAssertEqual(lint.code, 0, lint.err)
        XCTAssertEqual(try kinds(lint.out), ["label.untranslated@new/Snapshots/es/SignIn.json", "target.small@new/Snapshots/es/SignIn.json"])
        // With Spanish as the source, the English snapshot is the translation
        // and its "Show password" reads like the Spanish one.
        try CLI.write("{\"sourceLocale\": \"es\"}", to: dir.appendingPathComponent("cfg.json"))
        let asSource = try CLI.run(["lint", "new", "--format", "json", "--config", "cfg.json"], cwd: dir)
        XCTAssertEqual(try kinds(asSource.out), ["label.untranslated@new/Snapshots/en/SignIn.json", "target.small@new/Snapshots/es/SignIn.json"])
    }

    /// Each version of a translation is compared with its source as it was in
    /// that version: a label that already read like the old source is not
    /// reported again when both change alike.
    func testDiffOnDirectoriesComparesEachVersionWithItsOwnSource() throws {
        let dir = try CLI.tempDir(self)
        var (oldEnglish, oldSpanish, newEnglish, newSpanish) = (english, spanish, english, spanish)
        oldSpanish[3] = "Show password"
        newEnglish[3] = "Reveal password"
        newSpanish[3] = "Reveal password"
        try CLI.write(signIn("en", oldEnglish), to: dir.appendingPathComponent("old/Snapshots/en/SignIn.json"))
        try CLI.write(signIn("es", oldSpanish), to: dir.appendingPathComponent("old/Snapshots/es/SignIn.json"))
        try CLI.write(signIn("en", newEnglish), to: dir.appendingPathComponent("new/Snapshots/en/SignIn.json"))
        try CLI.write(signIn("es", newSpanish), to: dir.appendingPathComponent("new/Snapshots/es/SignIn.json"))
        let diff = try CLI.run(["diff", "old", "new", "--format", "json"], cwd: dir)
        XCTAssertFalse(try kinds(diff.out).contains("label.untranslated@Snapshots/es/SignIn.json"), diff.out)
        XCTAssertTrue(try kinds(diff.out).contains("label.changed@Snapshots/es/SignIn.json"), diff.out)
        // Translated in the old version: the fallback is new, and reported.
        try CLI.write(signIn("es", spanish), to: dir.appendingPathComponent("old/Snapshots/es/SignIn.json"))
        let fallback = try CLI.run(["diff", "old", "new", "--format", "json"], cwd: dir)
        XCTAssertEqual(try kinds(fallback.out).filter { $0.hasPrefix("label.untranslated") }, ["label.untranslated@Snapshots/es/SignIn.json"], fallback.out)
    }

    func testACustomActionLostFailsTheDiffAndSpeakSaysActionsAvailable() throws {
        let dir = try CLI.tempDir(self)
        let card = { (actions: String) in
            "{\"axsnapshot\": 1, \"screen\": \"Orders\", \"platform\": \"ios\", \"elements\": [{\"id\": \"order_1042\", \"role\": \"cell\", \"element\": true, \"label\": \"Order 1042\", \"value\": \"Delivered, $24.80\", \"actions\": [\(actions)]}]}"
        }
        try CLI.write(card("\"Reorder\""), to: dir.appendingPathComponent("old.json"))
        try CLI.write(card(""), to: dir.appendingPathComponent("new.json"))
        let r = try CLI.run(["diff", "old.json", "new.json"], cwd: dir)
        XCTAssertEqual(r.code, 1)
        XCTAssertTrue(r.out.hasPrefix("axdiff: 1 error in 1 of 1 snapshot\n"), r.out)
        XCTAssertTrue(r.out.contains("✗ action.lost  \"Order 1042\" no longer offers the action \"Reorder\""), r.out)
        let speak = try CLI.run(["speak", "old.json"], cwd: dir)
        XCTAssertEqual(speak.out, "Order 1042, Delivered, $24.80, Actions available\n")
    }
}
