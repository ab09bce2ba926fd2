/// A generated screen: sections (containers with a frame) of stops laid out
/// two to a row, as a product list or a settings page is. The generator
/// mutates it commit by commit; `BenchScreen+Formats` writes it out.
struct BenchScreen {
    struct Item {
        var id: String
        /// An axsnapshot role name.
        var role: String
        var label: String
        var value: String?
        var states: [String] = []
        var level: Int?
        var x: Int, y: Int, width: Int, height: Int
    }

    struct Section {
        var id: String
        var title: String
        var y: Int
        var items: [Item]
    }

    var name: String
    var sections: [Section]
    /// Stops side by side in a row: two (a product grid) or one (a settings list).
    var columns = 2
    /// Next unused number for ids, so that ids stay unique as stops come and go.
    var nextNumber = 0

    static let rowHeight = 52
    static let sectionHeader = 48

    var stopCount: Int { sections.reduce(0) { $0 + $1.items.count } }

    /// A screen of about `stops` stops in sections of `perSection`.
    init(name: String, stops: Int, perSection: Int = 10, columns: Int = 2, rng: inout SplitMix64) {
        self.name = name
        self.columns = columns
        sections = []
        var left = stops
        while left > 0 {
            let count = min(left, perSection)
            left -= count
            let number = sections.count
            var section = Section(id: "\(name).s\(number)", title: "\(Vocabulary.sectionTitles[rng.below(Vocabulary.sectionTitles.count)]) \(number + 1)",
                                  y: 0, items: [])
            for k in 0..<count {
                section.items.append(makeItem(kind: k == 0 ? .heading : nil, section: section.title, rng: &rng))
            }
            sections.append(section)
        }
        relayout()
    }

    enum Kind: CaseIterable {
        case heading, product, price, addButton, image, link, toggle, field, combined, status
    }

    /// A new stop; `kind` nil picks one at the rates a shopping or settings screen has.
    mutating func makeItem(kind: Kind? = nil, section: String, rng: inout SplitMix64) -> Item {
        nextNumber += 1
        let id = "\(name.lowercased()).\(nextNumber)"
        let product = Vocabulary.product(&rng)
        let chosen = kind ?? rng.weighted([
            (Kind.product, 22), (.price, 14), (.addButton, 20), (.image, 10), (.link, 10),
            (.toggle, 8), (.field, 6), (.combined, 8), (.status, 2),
        ]) ?? .product
        var item = Item(id: id, role: "text", label: product, x: 0, y: 0, width: 170, height: 44)
        switch chosen {
        case .heading: item.role = "heading"; item.label = section; item.level = 2
        case .product: break
        case .price: item.label = Vocabulary.price(&rng)
        case .addButton: item.role = "button"; item.label = "Add \(product) to cart"
        case .image: item.role = "image"; item.label = rng.chance(0.8) ? "\(product) tin" : ""
        case .link: item.role = "link"; item.label = "Details for \(product)"
        case .toggle: item.role = "toggle"; item.label = "Notify me about \(product)"; item.value = rng.chance(0.5) ? "1" : "0"
        case .field: item.role = "textField"; item.label = "Quantity of \(product)"; item.value = "\(rng.within(1...9))"
        case .combined: item.label = "\(product), \(Vocabulary.price(&rng))"
        case .status: item.label = "\(product) \(Vocabulary.statuses[rng.below(Vocabulary.statuses.count)])"
        }
        return item
    }

    /// Frames from positions: sections stacked, items `columns` to a row.
    mutating func relayout() {
        var top = 0
        for s in sections.indices {
            sections[s].y = top
            for k in sections[s].items.indices {
                sections[s].items[k].x = 16 + (k % columns) * 180
                sections[s].items[k].y = top + Self.sectionHeader + (k / columns) * Self.rowHeight
            }
            top += sectionHeight(s) + 16
        }
    }

    func sectionHeight(_ s: Int) -> Int {
        Self.sectionHeader + ((sections[s].items.count + columns - 1) / columns) * Self.rowHeight
    }
}

/// Words the generated labels are made of.
enum Vocabulary {
    static let teas = ["Jasmine tea", "Earl Grey", "Sencha", "Oolong", "Rooibos", "Chai", "Matcha", "Darjeeling",
                       "Assam", "Genmaicha", "Lapsang", "Hojicha", "Mint tea", "Chamomile", "Pu-erh", "Yerba mate"]
    static let sectionTitles = ["Featured", "New arrivals", "Bestsellers", "Your orders", "Settings", "Offers",
                                "Recently viewed", "Gift sets"]
    static let statuses = ["is out of stock", "could not be added", "price changed", "failed to load"]
    static let assetNames = ["icClose", "btn_back", "square.and.arrow.up", "heart.fill", "ic_cart_24", "photo.png"]

    static func product(_ rng: inout SplitMix64) -> String {
        "\(teas[rng.below(teas.count)]) \(rng.within(1...999))"
    }

    static func price(_ rng: inout SplitMix64) -> String {
        "$\(rng.within(1...99)).\(rng.within(10...99))"
    }
}
