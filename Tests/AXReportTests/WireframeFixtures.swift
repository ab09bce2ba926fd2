import AXDiff
import AXReport
import AXSnapshot
import Foundation

/// Screens for the wireframe tests, diffed by the real engine: the seeds'
/// screens from `Config/examples/story` and a few built here.
enum WireframeFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func snapshot(_ json: String, file: String = "Snapshots/Screen.json") throws -> Snapshot {
        try SnapshotReader.read(Array(json.utf8), file: file)
    }

    static func story(_ step: String, _ screen: String) throws -> Snapshot {
        let path = root.appendingPathComponent("Config/examples/story/\(step)/Snapshots/\(screen).json")
        return try SnapshotReader.read(Array(try Data(contentsOf: path)), file: "Snapshots/\(screen).json")
    }

    static func diff(_ old: Snapshot?, _ new: Snapshot?, path: String = "Snapshots/Screen.json") -> ScreenDiff {
        ScreenDiffer.diff(old: old, new: new, path: path)
    }

    /// Reading Order Drift: the price now read before the product's name.
    static func productCardDrift() throws -> ScreenDiff {
        diff(try story("01-initial", "ProductCard"), try story("02-price-first", "ProductCard"), path: "Snapshots/ProductCard.json")
    }

    /// Label Soup: the order card's parts read one by one, its thumbnail unlabelled.
    static func orderSoup() throws -> ScreenDiff {
        diff(try story("01-initial", "Orders"), try story("05-order-soup", "Orders"), path: "Snapshots/Orders.json")
    }

    /// Mystery Icon: a toolbar of small icon buttons, one reading its asset name, one saying nothing.
    static func mysteryToolbar() throws -> ScreenDiff {
        func toolbar(_ share: String) -> String {
            """
            {"axsnapshot": 1, "screen": "Toolbar", "platform": "ios", "elements": [
              {"role": "heading", "label": "Receipt", "frame": [16, 60, 200, 30]},
              {"id": "back", "role": "button", "label": "Back", "frame": [8, 8, 44, 44]},
              {"id": "share", "role": "button", "label": "\(share)", "frame": [298, 12, 28, 28]},
              {"id": "more", "role": "button", "label": "", "frame": [338, 12, 28, 28]},
              {"role": "text", "label": "Total $24.80", "frame": [16, 100, 200, 20]}
            ]}
            """
        }
        return diff(try snapshot(toolbar("Share receipt")), try snapshot(toolbar("square.and.arrow.up")), path: "Snapshots/Toolbar.json")
    }

    /// A right-to-left screen whose button moved from the end of the reading order to its start.
    static func rightToLeft() throws -> ScreenDiff {
        func screen(_ buttonFirst: Bool) -> String {
            let title = #"{"id": "title", "role": "heading", "label": "سلة التسوق", "frame": [90, 20, 284, 30]}"#
            let total = #"{"id": "total", "role": "text", "label": "المجموع ٢٤٫٨٠", "frame": [174, 60, 200, 20]}"#
            let pay = #"{"id": "pay", "role": "button", "label": "ادفع", "frame": [16, 20, 60, 44]}"#
            let items = buttonFirst ? [pay, title, total] : [title, total, pay]
            return #"{"axsnapshot": 1, "screen": "Cart", "platform": "ios", "layoutDirection": "rtl", "locale": "ar", "elements": ["#
                + items.joined(separator: ",\n") + "]}"
        }
        return diff(try snapshot(screen(false)), try snapshot(screen(true)), path: "Snapshots/ar/Cart.json")
    }

    /// A two-column grid of twelve tiles where the last tile is now read first.
    static func gridFarMove() throws -> ScreenDiff {
        func tile(_ k: Int) -> String {
            let (row, column) = (k / 2, k % 2)
            return #"{"id": "tile\#(k)", "role": "button", "label": "Tile \#(k + 1)", "frame": [\#(16 + column * 187), \#(80 + row * 110), 171, 100]}"#
        }
        func screen(_ order: [Int]) -> String {
            #"{"axsnapshot": 1, "screen": "Grid", "platform": "ios", "elements": [{"role": "heading", "label": "Collections", "frame": [16, 20, 358, 40]},"#
                + order.map(tile).joined(separator: ",\n") + "]}"
        }
        return diff(try snapshot(screen(Array(0..<12))), try snapshot(screen([11] + Array(0..<11))), path: "Snapshots/Grid.json")
    }

    /// A settings screen with a navigation landmark (its own frame), a list
    /// (outlined around its stops) and a dialog whose name needs escaping;
    /// "Sound" and "Wi-Fi" swapped in the list (one move).
    static func containers() throws -> ScreenDiff {
        func screen(_ soundFirst: Bool) -> String {
            let sound = #"{"id": "sound", "role": "button", "label": "Sound", "frame": [16, 166, 358, 44]}"#
            let display = #"{"id": "display", "role": "button", "label": "Display", "frame": [16, 214, 358, 44]}"#
            let wifi = #"{"id": "wifi", "role": "button", "label": "Wi-Fi", "frame": [16, 118, 358, 44]}"#
            let rows = soundFirst ? [sound, wifi, display] : [wifi, sound, display]
            return #"""
            {"axsnapshot": 1, "screen": "Settings", "platform": "ios", "elements": [
              {"role": "navigation", "label": "Top bar", "frame": [0, 0, 390, 60], "children": [
                {"id": "back", "role": "button", "label": "Back", "frame": [8, 8, 44, 44]},
                {"id": "title", "role": "heading", "label": "Settings", "frame": [120, 14, 150, 32]}
              ]},
              {"role": "list", "label": "Connections", "children": [
            """# + rows.joined(separator: ",\n") + #"""
              ]},
              {"role": "dialog", "label": "Reset <all> & restart?", "frame": [24, 300, 342, 160], "children": [
                {"id": "reset", "role": "button", "label": "Reset", "frame": [40, 400, 140, 44]},
                {"id": "cancel", "role": "button", "label": "Cancel", "frame": [210, 400, 140, 44]}
              ]}
            ]}
            """#
        }
        return diff(try snapshot(screen(false)), try snapshot(screen(true)), path: "Snapshots/Settings.json")
    }

    /// A list of `rows` rows, 44 pt apart; `order` says which row is read at each place.
    static func list(rows: Int, order: [Int]? = nil, platform: Platform = .ios, label: (Int) -> String = { "Row \($0 + 1)" }) -> Snapshot {
        let order = order ?? Array(0..<rows)
        let nodes = order.map { row in
            Node(id: "row\(row)", role: .button, label: label(row), frame: Frame(x: 0, y: Double(row) * 44, width: 390, height: 44))
        }
        return Snapshot(screen: "List", platform: platform, elements: nodes)
    }
}
