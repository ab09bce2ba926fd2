import AXGit
import AXTracker
import Foundation

/// Writing notes (`NotesWriter`, in process, in notes commits of the sizes a
/// backfill writes: 250 notes until 1,000 are written, then a quarter of what is
/// written, `Annotator.writeUnit`, then the end of a run's git maintenance) for 5,000
/// commits against 1,000, and reading one note (`Repository.note`, in process, on a freshly
/// opened repository so no cache helps) from a 5,000-, a 30,000- and a 100,000-note ref
/// against a 1,000-note ref.
struct NotesBench {
    let options: Options
    let log: (String) -> Void
    static let batch = 250

    func run(into table: inout Table) throws {
        var rng = SplitMix64(seed: options.seed ^ 0x4E07E5)
        let small = (0..<options.notesSmall).map { _ in Self.randomID(&rng) }
        let large = (0..<options.notesLarge).map { _ in Self.randomID(&rng) }
        let dir = (options.out as NSString).appendingPathComponent("work")
        var writeSmall: [Double] = [], writeLarge: [Double] = []
        // Writing is cheap and touches the file system (a pack per batch):
        // a few more runs steady the median.
        let runs = max(options.runs, options.quick ? 1 : 5)
        // Each run writes into a repository of its own, and those of an earlier bench are
        // removed before the first run: removing the previous run's repository right before
        // the next (its packs freed on ext4 while the next run created its own) put that
        // removal's cost into the measure, more of it for the larger.
        func repo(_ size: String, _ run: Int) -> String { (dir as NSString).appendingPathComponent("notes-\(size)-\(run).git") }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] where name.hasPrefix("notes-") {
            try? FileManager.default.removeItem(atPath: (dir as NSString).appendingPathComponent(name))
        }
        for run in 1...runs {
            writeSmall.append(try write(small, into: repo("small", run)))
            writeLarge.append(try write(large, into: repo("large", run)))
        }
        let smallRepo = repo("small", runs), largeRepo = repo("large", runs)
        log(String(format: "notes: %d written in %.3f s, %d in %.3f s", small.count, Measure.median(writeSmall),
                   large.count, Measure.median(writeLarge)))
        table.add(.init(key: "notes.write", what: "NotesWriter: \(large.count) notes vs \(small.count), as a backfill writes them (linear: \(large.count / max(small.count, 1))×, median of \(runs))",
                        unit: .seconds, value: Measure.median(writeLarge), reference: Measure.median(writeSmall),
                        referenceLabel: "\(small.count) notes", maxRatio: 1.2 * Double(large.count) / Double(max(small.count, 1))))

        let samples = max(options.microRuns, 51)
        let reference = (path: smallRepo, ids: small)
        let readLarge = try read(largeRepo, ids: large, against: reference, samples: samples, rng: &rng)
        table.add(.init(key: "notes.read", what: "Repository.note: one note, cold handle, on a \(large.count)-note ref vs \(small.count) (median of \(samples), taken in turn)",
                        unit: .seconds, value: readLarge.value, reference: readLarge.reference,
                        referenceLabel: "\(small.count)-note ref", maxRatio: 2.0))

        // Refs as a long backfill leaves them: a pack per notes commit (a unit of
        // `Annotator.writeUnit`), then what the end of its run hands to git
        // (`Annotator.finishWriting`). 30,000 notes stay below git's own `gc.autoPackLimit`
        // (50 packs), 100,000 go over it.
        for (key, count) in [("notes.read.mid", options.notesMid), ("notes.read.huge", options.notesHuge)] {
            let ids = (0..<count).map { _ in Self.randomID(&rng) }
            let path = repo(String(key.split(separator: ".").last ?? "huge"), 1)
            var packsLeft = 0, maintenance = 0.0
            let seconds = try write(ids, into: path) { packsLeft = Self.packs(in: path) } maintenance: { maintenance = $0 }
            let packs = Self.packs(in: path)
            log(String(format: "notes: %d written in %.2f s, %d packs, %d after git's maintenance (%.2f s of the writing)",
                       count, seconds, packsLeft, packs, maintenance))
            let readTime = try read(path, ids: ids, against: reference, samples: samples, rng: &rng)
            table.add(.init(key: key, what: "Repository.note: one note, cold handle, on a \(count)-note ref as a run leaves it (\(packsLeft) packs written, \(packs) after git's maintenance) vs \(small.count) (median of \(samples), taken in turn)",
                            unit: .seconds, value: readTime.value, reference: readTime.reference,
                            referenceLabel: "\(small.count)-note ref", maxRatio: 2.0))
        }
    }

    static func packs(in repository: String) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: repository + "/objects/pack")) ?? []).filter { $0.hasSuffix(".pack") }.count
    }

    /// Writes one note per id into a new repository; returns the seconds the writing took.
    /// `beforeMaintenance` sees the repository as the writes left it; `maintenance` is told
    /// how long the end of the run took.
    private func write(_ ids: [ObjectID], into path: String, beforeMaintenance: () -> Void = {},
                       maintenance: (Double) -> Void = { _ in }) throws -> Double {
        try? FileManager.default.removeItem(atPath: path)
        try Subprocess.run("git", ["init", "-q", "--bare", path])
        let repo = try AXGit.Repository.open(path: path)
        let writer = NotesWriter(repository: repo)
        let notes = ids.map { Note(commit: $0, text: Self.noteText(for: $0)) }
        return try Measure.time {
            var start = 0
            while start < notes.count {
                let unit = Annotator.writeUnit(after: start, batchSize: Self.batch, keepsStops: false)
                let end = min(start + unit, notes.count)
                try writer.write(Array(notes[start..<end]))
                start = end
            }
            beforeMaintenance()
            maintenance(Measure.time { Annotator.finishWriting(writer, log: log) })
        }
    }

    /// The median time to read one note right after opening the repository, on `path` and on
    /// the reference (the 1,000-note ref), their samples taken in turn: the host's load then
    /// weighs on both alike (measured one after the other, minutes apart, the ratio drifted
    /// with the other processes on this machine).
    private func read(_ path: String, ids: [ObjectID], against reference: (path: String, ids: [ObjectID]),
                      samples: Int, rng: inout SplitMix64) throws -> (value: Double, reference: Double) {
        var times: [Double] = [], referenceTimes: [Double] = []
        for _ in 0..<samples {
            referenceTimes.append(try readOnce(reference.path, ids: reference.ids, rng: &rng))
            times.append(try readOnce(path, ids: ids, rng: &rng))
        }
        return (Measure.median(times), Measure.median(referenceTimes))
    }

    private func readOnce(_ path: String, ids: [ObjectID], rng: inout SplitMix64) throws -> Double {
        let repo = try AXGit.Repository.open(path: path)
        let id = ids[rng.below(ids.count)]
        var text: String?
        let seconds = try Measure.time { text = try repo.note(for: id) }
        guard text != nil else { throw Subprocess.Failure(description: "no note for \(id) in \(path)") }
        return seconds
    }

    static func randomID(_ rng: inout SplitMix64) -> ObjectID {
        var bytes: [UInt8] = []
        for _ in 0..<3 { withUnsafeBytes(of: rng.next()) { bytes += $0 } }
        return ObjectID(bytes: bytes.prefix(ObjectID.byteCount)) ?? .zero
    }

    /// A note of the usual size: a headline, a screen, two changes, the trailers.
    static func noteText(for id: ObjectID) -> String {
        """
        axdiff: 1 error, 1 warning in 1 of 2 snapshots

        Screen\(id.hex.prefix(3)) (Snapshots/Screen\(id.hex.prefix(3)).json)
          ✗ order.regressed  "Add Jasmine tea \(id.hex.prefix(4)) to cart" is now read before "Jasmine tea \(id.hex.prefix(4))" — the object must be heard before the action that names it  [1.3.2 2.4.3]
              before: Jasmine tea \(id.hex.prefix(4)) › $4.50 › Add Jasmine tea \(id.hex.prefix(4)) to cart
              after:  Add Jasmine tea \(id.hex.prefix(4)) to cart › Jasmine tea \(id.hex.prefix(4)) › $4.50
          ! stops.increased  swipes to read the screen grew from 200 to 201  [1.3.1]
              before: 200
              after:  201
        Axdiff-Errors: 1
        Axdiff-Warnings: 1

        """
    }
}
