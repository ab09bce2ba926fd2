// libFuzzer entry point for the axsnapshot JSON reader (and its JSONParser).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzExercise(data, size) { try AXSnapshotJSONReader.read(fuzzText($0), file: fuzzFile, screen: "fuzz") }
    return 0
}
