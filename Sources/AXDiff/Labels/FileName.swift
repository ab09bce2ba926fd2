/// A label shaped like a file name: a stem, a dot and a known extension
/// (`main.dart`, `Report.pdf`, `photo.png`), with no spaces.
///
/// What it means depends on where it is (see `LabelQuality`): an image's
/// asset name leaking, or the name of the document a row or tab shows.
struct FileName {
    var isImage: Bool
    var isDocument: Bool

    init?(_ label: String) {
        guard !Self.containsSpace(label), let dot = label.lastIndex(of: "."), dot > label.startIndex else { return nil }
        let ext = label[label.index(after: dot)...].lowercased()
        guard !ext.isEmpty, ext.count <= 9 else { return nil }
        isImage = Self.imageExtensions.contains(ext)
        isDocument = Self.documentExtensions.contains(ext)
        guard isImage || isDocument else { return nil }
    }

    /// `label.contains(" ")`, on the bytes of an ASCII label: Foundation's search, which that
    /// call is, cost a sixth of judging a label. In ASCII a space is one byte and no mark can
    /// combine with it, so the answer is the same.
    private static func containsSpace(_ label: String) -> Bool {
        var label = label
        let ascii = label.withUTF8 { b -> Bool? in b.contains { $0 >= 0x80 } ? nil : b.contains(0x20) }
        return ascii ?? label.contains(" ")
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
