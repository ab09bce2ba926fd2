import AXReport
import XCTest
final class ZZDump: XCTestCase {
    func testDump() throws {
        for (name, text) in Fixtures.renderings {
            let path = "/tmp/axreport-dump/" + name.replacingOccurrences(of: "/", with: "-")
            try FileManager.default.createDirectory(atPath: "/tmp/axreport-dump", withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
