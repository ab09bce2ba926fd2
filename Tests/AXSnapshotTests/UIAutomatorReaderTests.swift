import XCTest
@testable import AXSnapshot

final class UIAutomatorReaderTests: XCTestCase {
    func testDumpAll() throws {
        let dir = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("corpus/android-uiautomator")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        for name in names {
            let data = try Data(contentsOf: dir.appendingPathComponent(name))
            do {
                let s = try SnapshotReader.read(Array(data), file: name)
                print("=== \(name): \(s.stops.count) stops")
                for st in s.stops { print("   \(st.spoken.prefix(140))  [\(st.id ?? "")]") }
            } catch { print("=== \(name): ERROR \(error)") }
        }
    }
}
