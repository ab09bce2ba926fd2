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

    /// The markers' words as bytes, for the ASCII texts: compared with the
    /// text's words as `asciiWords` gives them. An ASCII marker is split as
    /// an ASCII text is, without `markerWords`: splitting every marker by
    /// `Character` cost more than the tests of a large screen's texts.
    static let markerBytes = markers.map { marker -> [[UInt8]] in
        guard WordKeys.isASCII(marker) else { return LabelText.words(marker).map { Array($0.utf8) } }
        var words: [[UInt8]] = []
        asciiWords(marker, to: &words)
        return words
    }

    /// The first key of each marker, sorted: a text whose keys include none
    /// of them contains no marker's keys (each marker has a word), found
    /// without testing the markers one by one for every text of a
    /// container the references check.
    static let markerFirstKeys = markerKeys.compactMap { $0.keys.first }.sorted()

    /// Bit `key >> 54` is set for each of `markerFirstKeys`: most keys of a
    /// text are no marker's first, and one bit read rules them out where a
    /// search among the first keys took a dozen steps (callgrind).
    static let firstKeyBits: [UInt64] = markerFirstKeys.reduce(into: [UInt64](repeating: 0, count: 16)) { bits, key in
        bits[Int(key >> 60)] |= 1 << ((key >> 54) & 63)
    }

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
        // no marker's keys, no marker's words (most texts end here), and only
        // a marker whose keys occur can occur. The name is label + ", " +
        // value, so its keys are the label's and the value's.
        if labelIsASCII ?? WordKeys.isASCII(stops[i].label), stops[i].value.isEmpty || WordKeys.isASCII(stops[i].value) {
            let label = labelKeys ?? WordKeys(stops[i].label).keys[...]
            var value: [UInt64] = []
            if !hasFirstKey(label) {
                guard !stops[i].value.isEmpty else { return false }
                value = WordKeys(stops[i].value).keys
                guard hasFirstKey(value[...]) else { return false }
            } else if !stops[i].value.isEmpty {
                value = WordKeys(stops[i].value).keys
            }
            let keys = WordKeys(keys: Array(label) + value)
            let matched = markerKeys.indices.filter { keys.mayContain(markerKeys[$0]) }
            guard !matched.isEmpty else { return false }
            // Confirmed on the words' bytes: splitting the name into `Substring`
            // words (lower-casing it as a `String` first) cost more than twenty
            // times the rest of the test, for each status (callgrind).
            var text: [[UInt8]] = []
            asciiWords(stops[i].label, to: &text)
            asciiWords(stops[i].value, to: &text)
            let bytes = markerBytes
            return matched.contains { m in
                let phrase = bytes[m]
                guard !phrase.isEmpty, text.count >= phrase.count else { return false }
                return (0...(text.count - phrase.count)).contains { text[$0..<$0 + phrase.count].elementsEqual(phrase) }
            }
        }
        let text = LabelText.words(LabelText.normalized(stops[i].name).replacingApostrophes())
        return markerWords.contains { LabelText.containsWords(text, $0) }
    }

    /// Appends the words of ASCII `text` as `LabelText.words` splits them
    /// (runs of letters and digits, lower-cased), as bytes.
    static func asciiWords(_ text: String, to words: inout [[UInt8]]) {
        let fold = WordKeys.wordFold
        var text = text
        // One contiguous buffer: iterating `String.UTF8View` costs several times more per byte.
        text.withUTF8 { bytes in
            var start = -1
            for (k, b) in bytes.enumerated() {
                if fold[Int(b)] != 0 {
                    if start < 0 { start = k }
                } else if start >= 0 {
                    words.append(bytes[start..<k].map { fold[Int($0)] })
                    start = -1
                }
            }
            if start >= 0 { words.append(bytes[start...].map { fold[Int($0)] }) }
        }
    }

    /// Whether one of `keys` is one of `markerFirstKeys`.
    private static func hasFirstKey(_ keys: ArraySlice<UInt64>) -> Bool {
        let bits = firstKeyBits
        for key in keys where bits[Int(key >> 60)] & (1 << ((key >> 54) & 63)) != 0 {
            if isFirstKey(key, of: markerFirstKeys) { return true }
        }
        return false
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
