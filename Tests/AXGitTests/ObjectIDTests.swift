import AXGit
import XCTest

final class ObjectIDTests: XCTestCase {
    func testHexRoundTripAndOrder() throws {
        let hex = "0123456789abcdef0123456789abcdef01234567"
        let id = try XCTUnwrap(ObjectID(hex: hex))
        XCTAssertEqual(id.hex, hex)
        XCTAssertEqual(ObjectID(hex: hex.uppercased()), id)
        XCTAssertEqual(ObjectID(bytes: id.bytes), id)
        XCTAssertEqual(id.abbreviated(), "0123456")
        XCTAssertNil(ObjectID(hex: "xyz"))
        XCTAssertNil(ObjectID(hex: String(hex.dropLast())))
        XCTAssertNil(ObjectID(hex: String(hex.dropLast()) + "g"))

        let ids = ["ff00000000000000000000000000000000000000", "0000000000000000000000000000000000000001",
                   "00000000000000000000000000000000000000ff", "0000000000000000ff00000000000000000000ff"]
            .map { ObjectID(hex: $0)! }
        XCTAssertEqual(ids.sorted().map(\.hex), ids.map(\.hex).sorted())
        XCTAssertEqual(Set(ids + ids).count, 4)
        XCTAssertTrue(ObjectID.zero.isZero)
    }
}
