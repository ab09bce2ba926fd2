// libFuzzer entry point for the axsnapshot JSON reader (and its JSONParser),
// given the raw bytes: the decoder checks the UTF-8 of what it keeps itself.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzExercise(data, size) { try AXSnapshotJSONReader.read($0, file: fuzzFile, screen: "fuzz") }
    return 0
}
