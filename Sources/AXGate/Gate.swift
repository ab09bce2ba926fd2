import AXDiff
import AXGit
import AXSnapshot
import AXHistory

/// The gate behind `axdiff check` (DESIGN §11): the net change of a branch —
/// the snapshots at a revision against those at its merge base with the base
/// branch — with the changes that `Axdiff-Accept` trailers in the range accept.
///
/// The verdict is computed, never read from notes, so a missing or forged note
/// cannot change it. Nothing is written: the gate runs in `pre-receive`, where
/// pushed objects are still in quarantine.
///
/// Belongs to one thread, like the `Repository` it reads.
package struct Gate {
    package struct Options: Sendable {
        /// The revision to check (`HEAD`, a branch, a commit id).
        package var revision: String
        /// `--base REF`: wins over the configured `baseBranch`.
        package var base: String?
        /// `--config FILE`: wins over the configuration committed at the revision.
        package var configOverride: RepositoryConfig?
        /// When no `--base` is given and the base branch exists nowhere (the first
        /// push to an empty server), pass with nothing to compare instead of failing.
        package var allowMissingBase: Bool
        /// `--remote NAME`: without `--base`, the base branch is that remote's
        /// (`refs/remotes/NAME/main`), never a local branch, which may hold
        /// commits the remote has not seen — the base the remote's own
        /// pre-receive hook will judge against.
        package var remote: String?

        package init(revision: String = "HEAD", base: String? = nil, configOverride: RepositoryConfig? = nil,
                    allowMissingBase: Bool = false, remote: String? = nil) {
            self.revision = revision
            self.base = base
            self.configOverride = configOverride
            self.allowMissingBase = allowMissingBase
            self.remote = remote
        }
    }

    package let repository: Repository

    package init(repository: Repository) {
        self.repository = repository
    }

    /// Checks `options.revision`.
    ///
    /// - Throws: `GateError` for what makes the question unanswerable: an unknown
    ///   revision or base, a malformed configuration.
    /// - Complexity: O(f) to list the snapshot files at both commits (subtrees no
    ///   snapshot glob reaches are not entered), O(n log n) per changed pair, and a
    ///   walk of the commits in the range for trailers.
    package func check(_ options: Options) throws -> GateVerdict {
        let revision = try resolveRevision(options.revision)
        let info = try repository.commit(revision)
        let config = try options.configOverride ?? committedConfig(at: revision)
        let baseName = options.base ?? config.baseBranch
        var remarks: [String] = []

        let remote = options.base == nil ? options.remote : nil
        let found = try remote.map { try repository.referenceTarget(RefName.remoteBranch(baseName, on: $0)) } ?? resolveBase(baseName)
        guard let base = found else {
            if options.base == nil && options.allowMissingBase {
                let place = remote.map { " on remote '\($0.oneLineForTerminal)'" } ?? ""
                remarks.append("base branch '\(baseName.oneLineForTerminal)' not found\(place): nothing to compare with")
                return GateVerdict(revision: info, baseName: baseName, mergeBase: nil, comparedWith: nil, config: config,
                                   report: DiffReport(screens: [], snapshotsCompared: 0, remarks: remarks),
                                   accepts: [], warnings: [], unreadable: [], repeatedScreens: [])
            }
            if let remote {
                throw GateError("base branch '\(baseName.oneLineForTerminal)' (baseBranch) not found on remote '\(remote.oneLineForTerminal)' (no refs/remotes/\(remote.oneLineForTerminal)/\(baseName.oneLineForTerminal)); fetch it, or pass --base REF")
            }
            throw options.base == nil
                ? GateError("base branch '\(baseName.oneLineForTerminal)' (baseBranch) not found, locally or under refs/remotes/*/; pass --base REF")
                : GateError("unknown base '\(baseName.oneLineForTerminal)': no branch, tag or commit of that name, locally or under refs/remotes/*/")
        }
        let mergeBase = try repository.mergeBase(revision, base)
        // With no history in common (a branch pushed as a new root, an orphan force-push), the
        // base's tip itself — the ref's old tip in a hook — is what the revision replaces:
        // comparing with nothing would let any regression through as a new root.
        let compared = mergeBase ?? base
        let range = try repository.commits(from: [revision], hiding: [compared])
        let commits = "\(range.count) commit\(range.count == 1 ? "" : "s")"
        if let mergeBase {
            remarks.append("compared \(revision.abbreviated()) with \(mergeBase.abbreviated()), its merge base with "
                + "\(baseName.oneLineForTerminal) (\(commits))")
        } else {
            remarks.append("no history in common with \(baseName.oneLineForTerminal): compared \(revision.abbreviated()) "
                + "with its tip \(base.abbreviated()) (\(commits))")
        }
        if options.configOverride == nil, try configChanged(from: compared, to: revision) {
            remarks.append("the configuration changed on this branch; the version at \(revision.abbreviated()) was used")
        }

        var accepts: [AcceptTrailer] = []
        var warnings: [String] = []
        for id in range {
            let parsed = AcceptTrailer.parse(message: try repository.commit(id).message, commit: id)
            accepts += parsed.accepts
            warnings += parsed.warnings
        }

        let (screens, pairs, unreadable, paths) = try netChange(from: compared, to: revision, config: config)
        let changed = screens.filter { !$0.changes.isEmpty }
        if let stray = try straySnapshotsRemark(from: compared, to: revision, config: config) {
            remarks.append(stray)
        }
        let (report, unmatched) = DiffReport(screens: changed, snapshotsCompared: pairs, remarks: remarks).acceptance(accepts)
        // Said in the report (every format shows its remarks), not also on stderr.
        var shown = report
        shown.remarks += unmatched.map { accepts[$0].unmatchedWarning(in: report) }
        return GateVerdict(revision: info, baseName: baseName, mergeBase: mergeBase, comparedWith: compared, config: config,
                           report: shown, accepts: accepts, warnings: warnings, unreadable: unreadable,
                           repeatedScreens: Self.repeatedNames(changed, paths: paths))
    }

    /// Screen names that more than one snapshot at the revision has: the names
    /// of the changed snapshots as read, the others' names from their file names
    /// (reading every snapshot to learn its name would cost the gate its speed).
    static func repeatedNames(_ screens: [ScreenDiff], paths: [String]) -> Set<String> {
        var names: [String: String] = [:]
        for path in paths { names[path] = SnapshotReader.screenName(for: path) }
        for screen in screens { names[screen.path] = screen.screen }
        var count: [String: Int] = [:]
        for name in names.values { count[name, default: 0] += 1 }
        return Set(count.filter { $0.value > 1 }.keys)
    }

    /// The changed snapshot pairs between two commits, paired by path; pairs
    /// with equal blob ids are not read.
    /// - Returns: the screens, how many paths were compared, why snapshots were
    ///   unreadable, and every snapshot path at `new`.
    func netChange(from old: ObjectID?, to new: ObjectID, config: RepositoryConfig) throws -> ([ScreenDiff], Int, [String], [String]) {
        let before = try old.map { try snapshotFiles(at: $0, config: config) } ?? [:]
        let after = try snapshotFiles(at: new, config: config)
        let paths = Set(before.keys).union(after.keys).sorted()
        let reader = CommitAnalyzer(repository: repository)
        var screens: [ScreenDiff] = []
        var unreadable: [String] = []
        for path in paths where before[path] != after[path] {
            // An old version that does not read as a snapshot counts as absent, so fixing a broken
            // snapshot passes. A repository that cannot give the blob is no verdict: it is thrown.
            // Each version prepared as it is read (the new sized by the old, as
            // `ScreenDiffer.diff` does), holding no node tree once prepared.
            let oldVersion: PreparedVersion?
            do {
                oldVersion = try before[path].map { try reader.prepared($0, path: path, config: config) }
            } catch is SnapshotError {
                oldVersion = nil
            } catch {
                throw GateError("\(path) at \(old?.abbreviated() ?? "the base"): \("\(error)".oneLineForTerminal)")
            }
            do {
                let newVersion = try after[path].map {
                    try reader.prepared($0, path: path, config: config, expectedStops: oldVersion?.stops.count)
                }
                let screen = newVersion?.facts.screen ?? oldVersion?.facts.screen ?? SnapshotReader.screenName(for: path)
                if config.ignores(screen: screen, path: path) { continue }
                let source = try newVersion.flatMap { try localeSource(for: path, locale: $0.facts.locale, before, after, reader, config) }
                screens.append(ScreenDiffer.diff(old: oldVersion, new: newVersion, path: path, policy: config.policy, source: source))
            } catch let error as SnapshotError {
                let reason = "\(error)"
                unreadable.append(reason)
                screens.append(ScreenDiffer.unreadable(path: path, reason: reason, error: error, policy: config.policy))
            } catch {
                throw GateError("\(path) at \(new.abbreviated()): \("\(error)".oneLineForTerminal)")
            }
        }
        return (screens, paths.count, unreadable, after.keys.sorted())
    }

    /// The source-locale sibling of a translated snapshot, in both versions
    /// (see `LocaleSiblings`). A sibling that does not parse counts as absent
    /// (its own pair says why); an error reading the repository is thrown, so
    /// the check fails rather than passes without it.
    private func localeSource(for path: String, locale: String?, _ before: [String: ObjectID], _ after: [String: ObjectID],
                              _ reader: CommitAnalyzer, _ config: RepositoryConfig) throws -> LocaleSource? {
        func read(_ blob: ObjectID, _ path: String) throws -> Snapshot? {
            do { return try reader.snapshot(blob, path: path, config: config) } catch is SnapshotError { return nil }
        }
        guard let found = try LocaleSiblings.source(for: path, locale: locale, sourceLocale: config.policy.sourceLocale, read: { candidate in
            try after[candidate].flatMap { try read($0, candidate) }
        }) else { return nil }
        return LocaleSource(old: try before[found.path].flatMap { try read($0, found.path) }, new: found.snapshot)
    }

    private func snapshotFiles(at commit: ObjectID, config: RepositoryConfig) throws -> [String: ObjectID] {
        var files: [String: ObjectID] = [:]
        for file in try repository.files(in: commit, matching: config.snapshots) where config.isSnapshotPath(file.path) {
            files[file.path] = file.blob
        }
        return files
    }

    private func resolveRevision(_ revision: String) throws -> ObjectID {
        do {
            return try repository.revparse(revision)
        } catch let e as GitError {
            let reason = e.message.hasPrefix("unknown revision") || e.message.hasPrefix("'") ? e.message : "unknown revision '\(revision)': \(e.message)"
            throw GateError(reason.oneLineForTerminal)
        }
    }

    /// A base as git resolves it (a branch, tag, commit id, `origin/main`), else the
    /// remote-tracking branch of that name: `refs/remotes/origin/<name>` first, then
    /// any other remote's, by name. Nil when there is none.
    func resolveBase(_ name: String) throws -> ObjectID? {
        if let id = try? repository.revparse(name) { return id }
        let suffix = "/" + name
        let candidates = try repository.references(matching: [RefName.allRemoteBranches])
            .filter { $0.name.hasSuffix(suffix) && $0.name.dropFirst(RefName.remoteBranchPrefix.count).dropLast(suffix.count).allSatisfy { $0 != "/" } }
        return (candidates.first { $0.name == RefName.remoteBranch(name, on: "origin") } ?? candidates.first)?.commit
    }

    /// `.axdiff.json` (else `Config/axdiff.json`) committed at `commit`, else the
    /// defaults. Unlike the watcher, which falls back to the defaults and says so
    /// in the note, the gate refuses a broken configuration: its verdict would be
    /// made under a policy nobody wrote.
    func committedConfig(at commit: ObjectID) throws -> RepositoryConfig {
        for path in ConfigAtCommit.paths {
            do {
                guard let bytes = try repository.file(at: path, in: commit, maxBytes: 1 << 20) else { continue }
                return try RepositoryConfig.parse(bytes, file: path)
            } catch let e as GitError where e.code == .tooLarge {
                throw GateError("\(path) at \(commit.abbreviated()): larger than 1 MiB")
            } catch {
                throw GateError("\("\(error)".oneLineForTerminal) (at \(commit.abbreviated()))")
            }
        }
        return RepositoryConfig()
    }

    private func configChanged(from old: ObjectID, to new: ObjectID) throws -> Bool {
        // By blob id: an oversized or broken configuration changed as much as a readable one.
        try repository.blobIDs(at: ConfigAtCommit.paths, in: old) != repository.blobIDs(at: ConfigAtCommit.paths, in: new)
    }
}

/// A question the gate cannot answer (unknown revision or base, malformed
/// configuration): one line that names what, for exit code 2.
package struct GateError: Error, CustomStringConvertible, Sendable {
    package var description: String
    package init(_ message: String) { description = message }
}
