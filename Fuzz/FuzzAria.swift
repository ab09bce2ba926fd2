// libFuzzer entry point for the Playwright ARIA snapshot (YAML) reader.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzExercise(data, size) { try AriaYAMLReader.read(fuzzText($0), file: fuzzFile, screen: "fuzz") }
    return 0
}
