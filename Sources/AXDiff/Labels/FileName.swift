/// A label shaped like a file name: a stem, a dot and a known extension
/// (`main.dart`, `Report.pdf`, `photo.png`), with no spaces.
///
/// What it means depends on where it is (see `LabelQuality`): an image's
/// asset name leaking, or the name of the document a row or tab shows.
struct FileName {
    var isImage: Bool
    var isDocument: Bool

    init?(_ label: String) {
        guard let dot = Self.lastDot(label), dot > label.startIndex else { return nil }
        let ext = label[label.index(after: dot)...].lowercased()
        guard !ext.isEmpty, ext.count <= 9 else { return nil }
        isImage = Self.imageExtensions.contains(ext)
        isDocument = Self.documentExtensions.contains(ext)
        guard isImage || isDocument else { return nil }
    }

    /// The last "." of a label without a space, nil for none or a space.
    ///
    /// On the bytes of an ASCII label: Foundation's search (`contains(" ")`)
    /// cost a sixth of judging a label, and `lastIndex(of:)`, which walks
    /// `Character`s from the end, most of the rest (callgrind). In ASCII a
    /// space or a dot is one byte and one character (no mark can combine
    /// with it), so the answers are the same.
    private static func lastDot(_ label: String) -> String.Index? {
        var bytes = label
        let found = bytes.withUTF8 { b -> Int?? in
            var dot: Int?
            for k in b.indices {
                if b[k] >= 0x80 { return nil }
                if b[k] == 0x20 { return .some(nil) }
                if b[k] == 0x2E { dot = k }
            }
            return .some(dot)
        }
        guard let found else {
            return label.contains(" ") ? nil : label.lastIndex(of: ".")
        }
        return found.map { label.utf8.index(label.utf8.startIndex, offsetBy: $0) }
    }

    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "svg", "heic", "webp", "imageset", "pdf-image", "ico", "bmp", "tiff"]
    /// Documents and source files a list, a tab or a link names by their file name.
    static let documentExtensions: Set<String> = [
        "pdf", "doc", "docx", "txt", "md", "rtf", "csv", "tsv", "xls", "xlsx", "ppt", "pptx", "key", "pages", "numbers",
        "json", "xml", "yaml", "yml", "toml", "html", "htm", "css", "swift", "dart", "kt", "java", "js", "ts", "tsx",
        "jsx", "py", "rb", "go", "rs", "c", "h", "cpp", "hpp", "m", "mm", "cs", "php", "sh", "sql", "zip", "tar", "gz",
        "mp3", "mp4", "mov", "wav", "m4a", "epub", "log", "ipynb", "gradle", "plist", "xib", "storyboard",
    ]
}
