/// A node's frame: origin at the top-left, y growing downwards, in the unit
/// it carries. Once read, a snapshot's frames are in its platform's unit
/// (`Platform.frameUnit`): points on iOS, dp on Android (a uiautomator dump's
/// device pixels are converted when it is read), CSS pixels on the web. A rule
/// that holds a frame to a size in a unit checks the frame's unit first, so
/// pixels are never taken for points.
public struct Frame: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public var unit: FrameUnit

    public init(x: Double, y: Double, width: Double, height: Double, unit: FrameUnit = .points) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.unit = unit
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
}

/// The unit of a snapshot's frames (DESIGN §2).
public enum FrameUnit: String, Sendable {
    case points = "pt"
    case dp
    case cssPixels = "CSS px"
    /// A device's physical pixels, as a uiautomator dump writes its bounds.
    case devicePixels = "px"
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
