import AXDiff
import AXSnapshot
import XCTest

/// `label.untranslated` from the XCUITest seed's Spanish run: "Remove one
/// Spanish translation and confirm the equality assertion catches the
/// English fallback."
final class LabelUntranslatedTests: XCTestCase {
    static let ids = ["sign_in_heading", "email_field", "password_field", "password_visibility_button", "sign_in_button"]
    static let roles: [Role] = [.heading, .textField, .secureTextField, .button, .button]
    static let english = ["Sign in", "Email address", "Password", "Show password", "Sign in"]
    static let spanish = ["Iniciar sesión", "Correo electrónico", "Contraseña", "Mostrar contraseña", "Iniciar sesión"]

    func signIn(_ locale: String, _ labels: [String]) -> Snapshot {
        let nodes = zip(Self.ids, zip(Self.roles, labels)).map { Node(id: $0, role: $1.0, label: $1.1) }
        return Snapshot(screen: "SignIn", platform: .ios, locale: locale, elements: nodes)
    }

    func diff(_ old: [String], _ new: [String], source: [String] = english) -> ScreenDiff {
        ScreenDiffer.diff(old: signIn("es", old), new: signIn("es", new), path: "Snapshots/es/SignIn.json",
                          source: LocaleSource(new: signIn("en", source)))
    }

    func testRemovingOneSpanishTranslationIsCaught() {
        var missing = Self.spanish
        missing[3] = "Show password"
        let d = diff(Self.spanish, missing)
        let found = d.all(.labelUntranslated)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.severity, .warning)
        XCTAssertEqual(found.first?.wcag, ["3.1.2"])
        XCTAssertEqual(found.first?.elements.map(\.id), ["password_visibility_button"])
        XCTAssertEqual(found.first?.before, "Mostrar contraseña")
        XCTAssertEqual(found.first?.after, "Show password")
        XCTAssertEqual(found.first?.message, "#password_visibility_button reads \"Show password\" in es, the same as in en: its translation is missing")
        // The label change is said as well, as a note.
        XCTAssertEqual(d.kinds().sorted(), [.labelChanged, .labelUntranslated])
    }

    func testATranslationChangedToAnotherSpanishTextIsNotUntranslated() {
        var other = Self.spanish
        other[3] = "Ver contraseña"
        XCTAssertEqual(diff(Self.spanish, other).kinds(), [.labelChanged])
    }

    func testAlreadyUntranslatedIsNotReportedAgainButLintSaysIt() {
        var missing = Self.spanish
        missing[3] = "Show password"
        var moreChanged = missing
        moreChanged[1] = "Correo"
        XCTAssertTrue(diff(missing, moreChanged).all(.labelUntranslated).isEmpty)
        let lint = ScreenDiffer.lint(signIn("es", missing), path: "Snapshots/es/SignIn.json", source: signIn("en", Self.english))
        XCTAssertEqual(lint.all(.labelUntranslated).map(\.elements.first?.id), ["password_visibility_button"])
        XCTAssertEqual(lint.changes.count, 1)
    }

    func testAScreenNotTranslatedAtAllOrTheSourceItselfIsNotReported() {
        // Every label in English: this locale is not translated yet, nothing "went missing".
        XCTAssertTrue(diff(Self.spanish, Self.english).all(.labelUntranslated).isEmpty)
        // More fallbacks than translations: not "otherwise translated".
        let mostly = ["Sign in", "Email address", "Password", "Mostrar contraseña", "Iniciar sesión"]
        XCTAssertTrue(diff(Self.spanish, mostly).all(.labelUntranslated).isEmpty)
        // Half and half still counts.
        let half = ["Sign in", "Email address", "Contraseña", "Mostrar contraseña", "Iniciar sesión"]
        XCTAssertEqual(diff(Self.spanish, half).all(.labelUntranslated).map(\.elements.first?.id), ["sign_in_heading", "email_field"])
        // No source beside it: nothing to compare with.
        var missing = Self.spanish
        missing[3] = "Show password"
        XCTAssertTrue(ScreenDiffer.diff(old: signIn("es", Self.spanish), new: signIn("es", missing), path: "es/SignIn.json").all(.labelUntranslated).isEmpty)
    }

    func testTheOldSourceDecidesWhatWasAlreadyUntranslated() {
        // The English text changed and the Spanish snapshot followed it word for word.
        var newEnglish = Self.english
        newEnglish[3] = "Reveal password"
        var followed = Self.spanish
        followed[3] = "Reveal password"
        let d = ScreenDiffer.diff(old: signIn("es", Self.spanish), new: signIn("es", followed), path: "Snapshots/es/SignIn.json",
                                  source: LocaleSource(old: signIn("en", Self.english), new: signIn("en", newEnglish)))
        XCTAssertEqual(d.all(.labelUntranslated).count, 1)
    }

    func testSiblingPathsNameTheSourceLocale() {
        XCTAssertEqual(LocaleSiblings.sourcePaths(for: "Snapshots/es/SignIn.json", locale: "es", sourceLocale: "en"), ["Snapshots/en/SignIn.json"])
        XCTAssertEqual(LocaleSiblings.sourcePaths(for: "Snapshots/es-MX/SignIn.json", locale: "es_MX", sourceLocale: "en"), ["Snapshots/en/SignIn.json"])
        XCTAssertEqual(LocaleSiblings.sourcePaths(for: "App/es.lproj/SignIn.json", locale: "es-ES", sourceLocale: "en"), ["App/en.lproj/SignIn.json"])
        XCTAssertEqual(LocaleSiblings.sourcePaths(for: "Snapshots/SignIn.es.json", locale: "es", sourceLocale: "en"), ["Snapshots/SignIn.en.json"])
        XCTAssertEqual(LocaleSiblings.sourcePaths(for: "Snapshots/en-GB/SignIn.json", locale: "en-GB", sourceLocale: "en"), [])
        XCTAssertEqual(LocaleSiblings.sourcePaths(for: "Snapshots/SignIn.json", locale: "es", sourceLocale: "en"), [])
        XCTAssertEqual(LocaleSiblings.sourcePaths(for: "Snapshots//x.json", locale: "", sourceLocale: "en"), [])
        XCTAssertTrue(LocaleSiblings.isSource("EN_us", sourceLocale: "en"))
        XCTAssertFalse(LocaleSiblings.isSource("es", sourceLocale: "en"))
    }
}
