import AXSnapshot

/// The element a change is about, as reports name it.
public struct ElementRef: Sendable, Equatable, Hashable {
    public var id: String?
    public var label: String
    public var role: Role
    /// Position in the reading order of its version, from 0.
    public var index: Int
    public var line: Int?

    public init(id: String?, label: String, role: Role, index: Int, line: Int? = nil) {
        self.id = id
        self.label = label
        self.role = role
        self.index = index
        self.line = line
    }

    public init(_ stop: Stop) {
        self.init(id: stop.id, label: stop.label, role: stop.role, index: stop.index, line: stop.line)
    }

    /// How a message names it: the label in quotes, else the id, else the role and place.
    public var display: String {
        Self.display(label: label, id: id, role: role, index: index)
    }

    /// `display` of an element with these fields.
    static func display(label: String, id: String?, role: Role, index: Int) -> String {
        var text = MessageText()
        appendDisplay(label: label, id: id, role: role, index: index, to: &text)
        return text.string
    }

    /// `display(label:id:role:index:)`, written into `text`.
    static func appendDisplay(label: String, id: String?, role: Role, index: Int, to text: inout MessageText) {
        if !label.isEmpty {
            text.appendQuoted(label)
        } else if let id, !id.isEmpty {
            text.append("#")
            text.append(id)
        } else {
            text.append("the unlabelled ")
            text.append(role.rawValue)
            text.append(" at stop ")
            text.append(index + 1)
        }
    }
}
