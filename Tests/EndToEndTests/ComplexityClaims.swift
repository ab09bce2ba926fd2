import Foundation

/// The complexity claims in the sources' doc comments: a `///` block that says
/// `Complexity:`, `O(…)`, "linear", "quadratic" or "n log n", named by its
/// file and the declaration it documents (`GroupMatcher.match`, or the file's
/// type when the block documents the type).
struct ComplexityClaim: Hashable, CustomStringConvertible {
    var key: String
    var file: String
    var line: Int
    var text: String

    var description: String { "\(key) (\(file):\(line))" }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every claim under `Sources/`, but the benchmark's own (it measures them).
    static func all() throws -> [ComplexityClaim] {
        let sources = packageRoot.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(atPath: sources.path) else { return [] }
        let claim = try NSRegularExpression(pattern: #"Complexity:|\bO\(|\b[Ll]inear\b|[Qq]uadratic|n log n"#)
        let declaration = try NSRegularExpression(pattern: #"\b(func|var|let|init|struct|enum|class|subscript)\b\s*([A-Za-z_][A-Za-z0-9_]*)?"#)
        var claims: [ComplexityClaim] = []
        for case let path as String in walker where path.hasSuffix(".swift") && !path.hasPrefix("axdiff-bench/") {
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            claims += claimsIn(text, file: "Sources/" + path, claim: claim, declaration: declaration)
        }
        return claims.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }

    static func claimsIn(_ text: String, file: String, claim claimPattern: NSRegularExpression,
                         declaration declarationPattern: NSRegularExpression) -> [ComplexityClaim] {
        let lines = text.components(separatedBy: "\n")
        let type = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            .split(separator: "+").first.map(String.init) ?? file
        var claims: [ComplexityClaim] = []
        var i = 0
        while i < lines.count {
            guard lines[i].trimmingCharacters(in: .whitespaces).hasPrefix("///") else { i += 1; continue }
            let start = i
            var block: [String] = []
            while i < lines.count, lines[i].trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                block.append(lines[i].trimmingCharacters(in: .whitespaces))
                i += 1
            }
            let joined = block.joined(separator: " ")
            guard claimPattern.firstMatch(in: joined, range: NSRange(joined.startIndex..., in: joined)) != nil else { continue }
            var j = i
            while j < lines.count, lines[j].trimmingCharacters(in: .whitespaces).hasPrefix("@") { j += 1 }
            let declaration = j < lines.count ? lines[j] : ""
            var name = "?"
            if let m = declarationPattern.firstMatch(in: declaration, range: NSRange(declaration.startIndex..., in: declaration)) {
                let keyword = Range(m.range(at: 1), in: declaration).map { String(declaration[$0]) } ?? ""
                let identifier = Range(m.range(at: 2), in: declaration).map { String(declaration[$0]) }
                name = keyword == "init" || keyword == "subscript" ? keyword : identifier ?? keyword
            }
            let key = name == type ? type : "\(type).\(name)"
            claims.append(ComplexityClaim(key: key, file: file, line: start + 1, text: joined))
        }
        return claims
    }
}
