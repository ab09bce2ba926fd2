// libFuzzer entry point for the Android uiautomator XML reader.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzExercise(data, size) { try UIAutomatorReader.read(fuzzText($0), file: fuzzFile, screen: "fuzz") }
    return 0
}
