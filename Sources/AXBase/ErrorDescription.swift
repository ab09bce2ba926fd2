#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An error's `localizedDescription` as swift-corelibs Foundation wrote it, for the errors
/// FoundationEssentials' file operations throw (`CocoaError`) and POSIX errors; other errors
/// get Foundation's generic sentence with their domain and code.
package enum ErrorDescription {
    package static func localized(_ error: Error) -> String {
        if let localized = error as? LocalizedError, let description = localized.errorDescription {
            return description
        }
        let lead = "The operation could not be completed. "
        if let cocoa = error as? CocoaError {
            return lead + (cocoaMessages[cocoa.code.rawValue] ?? "(NSCocoaErrorDomain error \(cocoa.code.rawValue).)")
        }
        if let posix = error as? POSIXError {
            return lead + String(cString: strerror(posix.code.rawValue))
        }
        return lead + "(\(error._domain) error \(error._code).)"
    }

    /// swift-corelibs Foundation's reasons by `CocoaError` code (NSError.swift).
    private static let cocoaMessages: [Int: String] = [
        4: "The file doesn’t exist.",
        255: "The file couldn’t be locked.",
        257: "You don’t have permission.",
        258: "The file name is invalid.",
        259: "The file isn’t in the correct format.",
        260: "The file doesn’t exist.",
        261: "The specified text encoding isn’t applicable.",
        262: "The specified URL type isn’t supported.",
        263: "The item is too large.",
        264: "The text encoding of the contents couldn’t be determined.",
        513: "You don’t have permission.",
        514: "The file name is invalid.",
        516: "A file with the same name already exists.",
        517: "The specified text encoding isn’t applicable.",
        518: "The specified URL type isn’t supported.",
        640: "There isn’t enough space.",
        642: "The volume is read only.",
        1024: "The value is invalid.",
        2048: "The value is invalid.",
        3072: "The operation was cancelled.",
        3328: "The requested operation is not supported.",
        3840: "The data is not in the correct format.",
        3841: "The data is in a format that this application doesn’t understand.",
        3842: "An error occurred in the source of the data.",
        3851: "An error occurred in the destination for the data.",
        3852: "An error occurred in the content of the data.",
        4353: "The file is not available on iCloud yet.",
        4354: "There isn’t enough space in your account.",
        4355: "The iCloud servers might be unreachable or your settings might be incorrect.",
        4864: "The data isn’t in the correct format.",
        4865: "The data is missing.",
        4866: "The data isn’t in the correct format.",
    ]
}
