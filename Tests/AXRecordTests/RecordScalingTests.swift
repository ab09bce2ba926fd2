@testable import AXRecord
import AXSnapshot
import AXTestSupport
import Foundation
import XCTest

/// The complexity claims of the web recorder's tree builder and of the snapshot writer,
/// checked by how the time grows from n to 8n (`Scaling`).
final class RecordScalingTests: XCTestCase {
    /// A page's accessibility tree as DevTools sends it: a root, n/10 lists of ten buttons
    /// and a line of text each.
    static func nodes(_ n: Int) -> [CDP.AXNode] {
        func value(_ s: String) -> CDP.AXValue { CDP.AXValue(value: .string(s)) }
        var nodes = [CDP.AXNode(nodeId: "root", ignored: false, role: value("RootWebArea"), name: value("Shop"), value: nil,
                                description: nil, properties: nil, childIds: (0..<(n / 10)).map { "list\($0)" }, backendDOMNodeId: nil)]
        for list in 0..<(n / 10) {
            let children = (0..<10).map { "b\(list)-\($0)" } + ["t\(list)"]
            nodes.append(CDP.AXNode(nodeId: "list\(list)", ignored: false, role: value("list"), name: nil, value: nil,
                                    description: nil, properties: nil, childIds: children, backendDOMNodeId: nil))
            for item in 0..<10 {
                nodes.append(CDP.AXNode(nodeId: "b\(list)-\(item)", ignored: false, role: value("button"), name: value("Buy \(list).\(item)"),
                                        value: nil, description: nil, properties: nil, childIds: nil, backendDOMNodeId: nil))
            }
            nodes.append(CDP.AXNode(nodeId: "t\(list)", ignored: false, role: value("StaticText"), name: value("Row \(list) of the list"),
                                    value: nil, description: nil, properties: nil, childIds: nil, backendDOMNodeId: nil))
        }
        return nodes
    }

    func testTheWebTreeBuilderIsLinearInTheNodes() {
        let (_, small) = WebTreeBuilder(nodes: Self.nodes(100), layout: PageLayout()).build()
        let stops = Snapshot(screen: "Shop", platform: .web, elements: small).stops
        XCTAssertEqual(stops.filter { $0.role == .button }.count, 100, "every button is a stop")
        XCTAssertNil(Scaling.check("WebTreeBuilder.build of n nodes", .linear, n: 1_000) { n in
            let nodes = Self.nodes(n)
            return { _ = WebTreeBuilder(nodes: nodes, layout: PageLayout()).build() }
        })
    }

    func testTheSnapshotWriterIsLinearInItsOutput() {
        XCTAssertNil(Scaling.check("SnapshotJSONWriter.json of n nodes", .linear, n: 1_000) { n in
            let (title, elements) = WebTreeBuilder(nodes: Self.nodes(n), layout: PageLayout()).build()
            let snapshot = Snapshot(screen: title, platform: .web, elements: elements)
            return { _ = SnapshotJSONWriter.json(snapshot) }
        })
    }
}
