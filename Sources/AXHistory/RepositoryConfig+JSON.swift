import AXDiff
import AXGit
import AXSnapshot

extension RepositoryConfig {
    /// The keys the repository's settings own; the others are the diff's (`DiffPolicy.keys`).
    static let ownKeys: Set<String> = ["snapshots", "notesRef", "watch", "baseBranch", "ignore", "maxSnapshotBytes", "maxSnapshotElements"]
    /// Every key of the file.
    static let knownKeys = ownKeys.union(DiffPolicy.keys)

    /// Parses a JSON configuration: the settings and the diff's policy. Unknown keys and wrong types are errors.
    package static func parse(_ bytes: [UInt8], file: String) throws -> RepositoryConfig {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch let f as JSONParser.Failure {
            throw ConfigError(file: file, line: f.line, column: f.column, message: f.message)
        }
        func fail(_ v: JSONValue, _ message: String) -> ConfigError { ConfigError(file: file, line: v.line, column: v.column, message: message) }
        guard case .object(let members) = root.kind else { throw fail(root, "expected a JSON object") }
        var config = RepositoryConfig()
        // `$schema` points an editor at Config/axdiff.schema.json; it carries no policy.
        for (key, value) in members where key != "$schema" {
            guard knownKeys.contains(key) else {
                let hint = Suggestion.nearest(key, among: knownKeys.sorted()).map { "did you mean \"\($0)\"? " } ?? ""
                throw fail(value, "unknown key \"\(key)\"; \(hint)(known: \(knownKeys.sorted().joined(separator: ", ")))")
            }
            let member = ConfigMember(key: key, value: value, file: file)
            if DiffPolicy.keys.contains(key) {
                try config.policy.read(member)
                continue
            }
            switch key {
            case "snapshots": config.snapshots = try member.strings(value, key)
            case "ignore": config.ignore = try member.strings(value, key)
            case "notesRef":
                let ref = try member.string()
                guard RefName.isNotesRef(ref) else {
                    throw fail(value, "expected a ref under \(RefName.notesPrefix) for \"notesRef\"")
                }
                config.notesRef = ref
            case "baseBranch": config.baseBranch = try member.string()
            case "maxSnapshotBytes":
                guard case .number(let n) = value.kind, n >= 1, n <= 1_073_741_824, n == n.rounded() else {
                    throw fail(value, "expected a whole number of bytes from 1 to 1073741824 for \"maxSnapshotBytes\"")
                }
                config.maxSnapshotBytes = Int(n)
            case "maxSnapshotElements":
                guard case .number(let n) = value.kind, n >= 1, n <= 100_000_000, n == n.rounded() else {
                    throw fail(value, "expected a whole number of elements from 1 to 100000000 for \"maxSnapshotElements\"")
                }
                config.maxSnapshotElements = Int(n)
            case "watch":
                guard case .object(let w) = value.kind else { throw fail(value, "expected an object for \"watch\"") }
                for (wk, wv) in w {
                    guard wk == "refs" else { throw fail(wv, "unknown key \"watch.\(wk)\" (known: refs)") }
                    config.watchRefs = try member.strings(wv, "watch.refs")
                }
            default: break
            }
        }
        return config
    }
}
