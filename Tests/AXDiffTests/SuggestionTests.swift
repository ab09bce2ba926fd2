import AXTestSupport
@testable import AXDiff
import XCTest

final class SuggestionTests: XCTestCase {
    let options = ["format", "config", "color", "repo", "once", "poll", "batch", "remote", "html", "log-format"]

    func testNearestNames() {
        XCTAssertEqual(Suggestion.nearest("formt", among: options), "format")
        XCTAssertEqual(Suggestion.nearest("fromat", among: options), "format", "a transposition is one edit")
        XCTAssertEqual(Suggestion.nearest("colour", among: options), "color")
        XCTAssertEqual(Suggestion.nearest("failon", among: ["snapshots", "failOn", "ignore"]), "failOn", "case is ignored")
        XCTAssertEqual(Suggestion.nearest("rem", among: options), "remote", "a prefix of exactly one name")
        XCTAssertNil(Suggestion.nearest("re", among: options), "a prefix of two names, and too far from both")
        XCTAssertNil(Suggestion.nearest("xyzzy", among: options))
        XCTAssertNil(Suggestion.nearest("", among: options))
        XCTAssertEqual(Suggestion.didYouMean("dif", among: ["diff", "speak"]), "; did you mean 'diff'?")
        XCTAssertEqual(Suggestion.didYouMean("zzz", among: ["diff"]), "")
    }

    func testDistanceAgainstAPlainLevenshteinOnSeededWords() {
        // Without transpositions the two agree; the early stop never lowers a distance.
        var rng = SeededGenerator(seed: 20)
        let letters: [Character] = ["a", "b", "c"]
        func word() -> String { String((0..<Int(rng.next() % 7)).map { _ in letters[Int(rng.next() % 3)] }) }
        for _ in 0..<500 {
            let (a, b) = (word(), word())
            let full = Suggestion.distance(a, b, limit: 100)
            XCTAssertLessThanOrEqual(full, levenshtein(a, b), "seed 20: \(a) \(b)")
            XCTAssertGreaterThanOrEqual(full, levenshtein(a, b) / 2, "seed 20: \(a) \(b)")
            let capped = Suggestion.distance(a, b, limit: 2)
            XCTAssertEqual(min(capped, 3), min(full, 3), "seed 20: \(a) \(b)")
        }
    }

    private func levenshtein(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        var d = Array(0...y.count)
        for i in 1...max(1, x.count) where !x.isEmpty {
            var previous = d[0]
            d[0] = i
            for j in stride(from: 1, through: y.count, by: 1) {
                let t = d[j]
                d[j] = min(d[j] + 1, d[j - 1] + 1, previous + (x[i - 1] == y[j - 1] ? 0 : 1))
                previous = t
            }
        }
        return d[y.count]
    }
}
