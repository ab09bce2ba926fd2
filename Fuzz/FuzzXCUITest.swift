// libFuzzer entry point for the XCUITest debugDescription reader.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzExercise(data, size) { try XCUITestReader.read(fuzzText($0), file: fuzzFile, screen: "fuzz") }
    return 0
}
