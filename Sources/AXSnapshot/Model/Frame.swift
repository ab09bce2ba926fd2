/// A node's frame: origin at the top-left, y growing downwards, in the unit
/// of its snapshot's platform (`Platform.frameUnit`): points on iOS, dp on
/// Android (a uiautomator dump's pixels are converted when it is read), CSS
/// pixels on the web. Two frames of one snapshot share a unit; rules compare
/// frames only within a snapshot, or between two versions of one screen.
public struct Frame: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
}

/// The unit of a snapshot's frames (DESIGN §2).
public enum FrameUnit: String, Sendable {
    case points = "pt"
    case dp
    case cssPixels = "CSS px"
}

extension Platform {
    /// The unit of this platform's frames: uiautomator's device pixels are
    /// converted to dp by the reader, so no snapshot is in device pixels.
    public var frameUnit: FrameUnit {
        switch self {
        case .ios, .other: return .points
        case .android: return .dp
        case .web: return .cssPixels
        }
    }
}
