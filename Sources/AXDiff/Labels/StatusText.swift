import AXSnapshot

/// Recognises a text stop that reports an error or a status the user must
/// hear before acting ("Payment failed", "Invalid card number",
/// "We couldn't load your orders", "Enter a valid email address.").
///
/// The markers are phrases matched as whole words, in order. Beyond the
/// single words of failure, they hold the wording of real validation
/// messages (seed 004's "Enter a valid email address.", the browsers' and
/// form libraries' "Please enter a valid email.", "This field is required",
/// "Passwords do not match", "Must be at least 8 characters"), pinned by
/// `StatusTextTests`. Only English and Spanish wording is claimed.
enum StatusText {
    static let markers = [
        "failed", "failure", "error", "errors", "invalid", "couldn't", "could not", "can't", "cannot",
        "unable", "incorrect", "declined", "expired", "wrong", "required", "not valid", "problem",
        // Validation messages: what a form says about a field's value.
        "enter a valid", "please enter", "please provide", "please select", "please choose", "please fill",
        "please check", "please correct", "please try", "must be", "must contain", "must include", "must match",
        "must have", "too short", "too long", "doesn't match", "does not match", "don't match", "do not match",
        "already taken", "already in use", "already exists", "already registered", "not found", "try again",
        "went wrong", "timed out", "no connection", "no internet", "you're offline", "you are offline",
        "not allowed", "denied", "unavailable", "isn't valid", "not recognized", "not recognised",
        "does not exist", "doesn't exist",
        // Spanish.
        "no válido", "no válida", "no es válido", "no es válida", "inválido", "inválida", "incorrecto", "incorrecta", "obligatorio",
        "obligatoria", "introduce un", "introduce una", "introduzca un", "introduzca una", "inténtalo de nuevo",
        "no se pudo", "no coinciden", "ha fallado", "ha ocurrido un error",
    ]

    /// The markers' words, split once: the text is split once too, not once
    /// per marker (this ran for every text stop of both versions).
    static let markerWords = markers.map { LabelText.words($0) }

    static let markerKeys = markers.map { WordKeys($0) }

    /// The first key of each marker, sorted: a text whose keys include none
    /// of them contains no marker's keys (each marker has a word), found
    /// without testing the markers one by one for every text of a
    /// container the references check.
    static let markerFirstKeys = Set(markerKeys.compactMap(\.keys.first)).sorted()

    static func isStatus(_ stop: Stop) -> Bool {
        isStatus([stop], 0, labelKeys: nil, labelIsASCII: nil)
    }

    /// `isStatus(stops[i])`, given the label's word keys and whether it is
    /// ASCII when the caller has them (`WordKeys.scan`). The stop is read in
    /// place: passing `stops[i]` copied it (a retain and a release of each of
    /// its fields), which cost about a third as much as the test itself here
    /// (callgrind).
    static func isStatus(_ stops: [Stop], _ i: Int, labelKeys: ArraySlice<UInt64>?, labelIsASCII: Bool?) -> Bool {
        guard stops[i].role == .text || stops[i].role == .other, !stops[i].label.isEmpty else { return false }
        // For ASCII, normalizing and replacing apostrophes only touch what
        // `words` treats as separators anyway, so the name's word keys decide:
        // no marker's keys, no marker's words (most texts end here). The name
        // is label + ", " + value, so its keys are the label's and the value's.
        if labelIsASCII ?? WordKeys.isASCII(stops[i].label), stops[i].value.isEmpty || WordKeys.isASCII(stops[i].value) {
            let label = labelKeys ?? WordKeys(stops[i].label).keys[...]
            let value = stops[i].value.isEmpty ? [] : WordKeys(stops[i].value).keys
            let firstKeys = markerFirstKeys
            guard label.contains(where: { isFirstKey($0, of: firstKeys) })
                || value.contains(where: { isFirstKey($0, of: firstKeys) }) else { return false }
            let keys = WordKeys(keys: Array(label) + value)
            guard markerKeys.contains(where: { keys.mayContain($0) }) else { return false }
        }
        let text = LabelText.words(LabelText.normalized(stops[i].name).replacingApostrophes())
        return markerWords.contains { LabelText.containsWords(text, $0) }
    }

    /// Whether `key` is in `sorted` (`markerFirstKeys`, read once by the caller), by halves.
    private static func isFirstKey(_ key: UInt64, of sorted: [UInt64]) -> Bool {
        var (lo, hi) = (0, sorted.count)
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] < key { lo = mid + 1 } else { hi = mid }
        }
        return lo < sorted.count && sorted[lo] == key
    }
}

extension String {
    /// Typographic apostrophes as ASCII, so "couldn’t" matches "couldn't".
    func replacingApostrophes() -> String {
        // Most labels have none: skip the per-Character copy.
        guard unicodeScalars.contains("\u{2019}") else { return self }
        return String(map { $0 == "\u{2019}" ? "'" : $0 })
    }
}
