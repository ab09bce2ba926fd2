import Foundation
import XCTest

/// How the `axdiff` executable is linked, as Package.swift asks (BENCHMARKS.md, "Process start").
final class ExecutableLinkTests: XCTestCase {
    /// The loader reads the relative relocations at every start: packed (DT_RELR) they are some
    /// 15 KB, as `R_X86_64_RELATIVE` entries 1.8 MB. Only relocations against a symbol stay in
    /// `.rela.dyn`, a few hundred of them.
    func testRelativeRelocationsArePacked() throws {
        #if !os(Linux)
        throw XCTSkip("an ELF linker option")
        #else
        let readelf = URL(fileURLWithPath: "/usr/bin/readelf")
        guard FileManager.default.isExecutableFile(atPath: readelf.path) else { throw XCTSkip("no readelf (binutils)") }
        let dynamic = try CLI.run(["-d", "-W", CLI.binary.path], executable: readelf)
        XCTAssertEqual(dynamic.code, 0, dynamic.err)
        XCTAssertTrue(dynamic.out.contains("(RELR)"), dynamic.out)
        let relocations = try CLI.run(["-r", "-W", CLI.binary.path], executable: readelf)
        XCTAssertEqual(relocations.code, 0, relocations.err)
        let relative = relocations.out.split(separator: "\n").filter { $0.contains("R_X86_64_RELATIVE") || $0.contains("R_AARCH64_RELATIVE") }
        XCTAssertLessThan(relative.count, 100, "relative relocations left unpacked")
        #endif
    }

    /// The executable links FoundationEssentials alone: swift-corelibs Foundation, its
    /// internationalization half and ICU cost some 3 ms and 250 page faults at every start
    /// (their relocations and initializers), a tenth of a 10,000-stop diff.
    func testFoundationAndICUAreNotLinked() throws {
        #if !os(Linux)
        throw XCTSkip("an ELF dynamic section")
        #else
        let readelf = URL(fileURLWithPath: "/usr/bin/readelf")
        guard FileManager.default.isExecutableFile(atPath: readelf.path) else { throw XCTSkip("no readelf (binutils)") }
        let dynamic = try CLI.run(["-d", "-W", CLI.binary.path], executable: readelf)
        XCTAssertEqual(dynamic.code, 0, dynamic.err)
        let needed = dynamic.out.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        XCTAssertTrue(needed.contains { $0.contains("[libswiftCore.so]") }, dynamic.out)
        for library in ["libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so"] {
            XCTAssertFalse(needed.contains { $0.contains("[\(library)]") }, "\(library) is NEEDED:\n\(needed.joined(separator: "\n"))")
        }
        #endif
    }

    /// jemalloc takes its decay from `malloc_conf` (Sources/CJemallocOptions) when it starts:
    /// dirty pages kept a second, muzzy ones not at all. `stats_print` only reports them.
    func testJemallocStartsWithTheOptionsOfMallocConf() throws {
        #if !os(Linux)
        throw XCTSkip("jemalloc is the executable's allocator on Linux")
        #else
        let r = try CLI.run(["--version"], env: ["MALLOC_CONF": "stats_print:true"])
        XCTAssertEqual(r.code, 0, r.err)
        XCTAssertTrue(r.err.contains("opt.dirty_decay_ms: 1000 (arenas.dirty_decay_ms: 1000)"), r.err)
        XCTAssertTrue(r.err.contains("opt.muzzy_decay_ms: 0 (arenas.muzzy_decay_ms: 0)"), r.err)
        #endif
    }
}
