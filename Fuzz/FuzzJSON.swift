// libFuzzer entry point for the axsnapshot JSON reader (and its JSONParser).
// It also checks the one-pass scanner against the parser: whenever the scanner
// reads an input, the parser and decoder must read the same snapshot.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzExercise(data, size) { bytes in
        let text = fuzzText(bytes)
        if let scanned = JSONNodeScanner.snapshot(text, defaultScreen: "fuzz") {
            let full = try? AXSnapshotJSONReader.readInFull(text, file: fuzzFile, screen: "fuzz")
            if full != scanned { fuzzViolation("the scanner and the parser disagree") }
        }
        return try AXSnapshotJSONReader.read(text, file: fuzzFile, screen: "fuzz")
    }
    return 0
}
