// libFuzzer entry point for `SnapshotReader.read`: raw bytes, format detection
// (NUL, UTF-8 and BOM checks, the sniffers) and then whichever reader claims them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzExercise(data, size) { try SnapshotReader.read($0, file: fuzzFile) }
    return 0
}
