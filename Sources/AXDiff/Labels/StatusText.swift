import AXSnapshot

/// Recognises a text stop that reports an error or a status the user must
/// hear before acting ("Payment failed", "Invalid card number",
/// "We couldn't load your orders").
enum StatusText {
    static let markers = [
        "failed", "failure", "error", "invalid", "couldn't", "could not", "can't", "cannot",
        "unable", "incorrect", "declined", "expired", "wrong", "required", "not valid", "problem",
    ]

    static func isStatus(_ stop: Stop) -> Bool {
        guard stop.role == .text || stop.role == .other, !stop.label.isEmpty else { return false }
        let text = LabelText.normalized(stop.name).replacingApostrophes()
        return markers.contains { LabelText.containsWords(text, $0) }
    }
}

extension String {
    /// Typographic apostrophes as ASCII, so "couldn’t" matches "couldn't".
    func replacingApostrophes() -> String {
        String(map { $0 == "\u{2019}" ? "'" : $0 })
    }
}
