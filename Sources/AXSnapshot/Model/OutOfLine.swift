/// A value kept behind one reference, for the fields few nodes and stops have
/// (a hint, custom actions, a heading level, folded-in ids): 8 bytes in each
/// node or stop instead of 50 to 70. Arrays of nodes and of stops are most of
/// what a diff touches in memory, and every byte of them is paid again in page
/// faults (BENCHMARKS.md, "Diff").
///
/// Immutable: setting a field through it makes a new box, so a node or stop
/// that holds one is a value like any other. Readers set each such field once
/// per node. Nil when the value is the default, so the common node pays
/// neither an allocation nor a reference count. Inlinable, so that reading a
/// field of `stops[k]` from another module is two loads where the stop lies,
/// not a copy of the stop and a call.
@usableFromInline
struct OutOfLine<Value: OutOfLineFields>: Equatable, Sendable {
    @usableFromInline
    final class Box: Sendable {
        @usableFromInline let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Nil when the value is the default.
    @usableFromInline private(set) var box: Box?

    /// The default value: nothing kept.
    init() {}

    /// Keeps `value`, unless every field of it has its default.
    init(_ value: Value) {
        if !value.isDefault { box = Box(value) }
    }

    /// Changes a field. Nothing is made when nothing is kept and `clearing`
    /// (the new value is the field's default): a reader assigns every node's
    /// fields, and most have none of these.
    mutating func update(clearing: Bool, _ change: (inout Value) -> Void) {
        guard !clearing || box != nil else { return }
        var value = box?.value ?? .none
        change(&value)
        self = OutOfLine(value)
    }

    @usableFromInline
    static func == (a: Self, b: Self) -> Bool {
        a.box === b.box || a.box?.value == b.box?.value
    }
}

/// The fields an `OutOfLine` keeps: each has a default, and all of them
/// together tell whether anything is worth keeping.
@usableFromInline
protocol OutOfLineFields: Equatable, Sendable {
    /// Every field at its default.
    static var none: Self { get }
    /// Whether every field has its default.
    var isDefault: Bool { get }
}
