@testable import AXDiff
import AXSnapshot
import XCTest

/// Error and status wording from real validation messages, so the
/// error-before-recovery reference (DESIGN §6) fires on them.
final class StatusTextTests: XCTestCase {
    /// Messages as forms, browsers and the seeds print them.
    static let validationMessages = [
        "Enter a valid email address.", // seed 004
        "Please enter a valid email.",
        "Please enter your password",
        "This field is required",
        "Passwords do not match",
        "Password must be at least 8 characters",
        "Username is already taken",
        "That email is already in use",
        "Something went wrong. Please try again.",
        "Invalid entry",
        "Payment failed",
        "We couldn't load your orders",
        "Your card was declined",
        "Request timed out",
        "No internet connection",
        "Please select a country",
        "Name is too short",
        "Introduce un correo electrónico válido o inténtalo de nuevo",
        "El correo no es válido",
        "Campo obligatorio",
        "Error loading file: Could not read file",
    ]

    static let plainTexts = [
        "Sign in", "Email address", "Welcome back", "Forgot password?", "Order 1042", "Keywords", "Statistics",
        "Settings", "Enter", "Valid until March", "Bienvenido",
    ]

    func stop(_ role: Role, _ label: String) -> Stop {
        Snapshot(screen: "S", elements: [Node(role: role, label: label)]).stops[0]
    }

    func testValidationMessagesReadAsStatus() {
        for message in Self.validationMessages {
            XCTAssertTrue(StatusText.isStatus(stop(.text, message)), message)
        }
        for text in Self.plainTexts {
            XCTAssertFalse(StatusText.isStatus(stop(.text, text)), text)
        }
        // A control is never the status: it is what recovers.
        XCTAssertFalse(StatusText.isStatus(stop(.button, "Try again")))
    }

    /// Seed 004: the error moved after the Sign in button is a regression.
    func testSeedErrorReadAfterSignInIsARegression() {
        for message in ["Enter a valid email address.", "Please enter a valid email."] {
            let old = [S.field("Email", id: "email"), S.text(message, id: "sign_in_error"), S.button("Sign in", id: "sign_in")]
            let new = [S.field("Email", id: "email"), S.button("Sign in", id: "sign_in"), S.text(message, id: "sign_in_error")]
            let d = S.diff(old, new)
            XCTAssertEqual(d.kinds(), [.orderRegressed], "\(message): \(d.changes.map(\.message))")
            // Two stops swapped: the one outside the kept order is the error.
            XCTAssertEqual(d.first(.orderRegressed)?.elements.map(\.label), [message])
            XCTAssertEqual(d.first(.orderRegressed)?.severity, .error)
        }
    }
}
