/// A property line (`- /url: /docs`, `- /placeholder: Email`) while it is
/// the innermost open item. It can hold no items and only a placeholder's
/// text is ever heard, so the builder keeps these few facts of it beside its
/// frames instead of a frame (a frame is made, filled and destroyed whole,
/// some hundreds of instructions, and every link Playwright writes holds a
/// `/url:` line).
struct AriaProperty {
    /// Column of the `-`.
    var indent: Int
    /// 1-based line number in the file.
    var line: Int
    /// The property name as written (`url`).
    var name: String
    /// Whether a value follows the `:` (only then may a plain one continue
    /// on the lines below).
    var hasValue: Bool
    /// The value of a `/placeholder:`, the hint of the item holding it;
    /// nil for any other property.
    var placeholder: String?
}
