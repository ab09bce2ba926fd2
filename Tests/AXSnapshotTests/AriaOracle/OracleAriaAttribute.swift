@testable import AXSnapshot

/// The `[attribute]` flags of a Playwright ARIA snapshot line, checked as
/// Playwright checks them.
///
/// Playwright's template parser accepts `checked`, `disabled`, `expanded`,
/// `active`, `invalid`, `level`, `pressed` and `selected`, each with the
/// values it allows, and rejects every other attribute. Its writer also
/// prints `[aria-hidden]`, `[ref=eN]`, `[cursor=pointer]` and
/// `[box=x,y,w,h]` in the snapshots it makes, so those are read too. Anything
/// else is an error naming the attribute, as Playwright gives one.
enum OracleAriaAttribute {
    /// The message for `[key=value]` when Playwright would refuse it, else nil.
    /// `value` nil stands for the bare flag (`[checked]`), which means `true`.
    static func problem(key: String, value: String?) -> String? {
        let v = value ?? "true"
        switch key {
        case "checked", "pressed":
            return v == "true" || v == "false" || v == "mixed" ? nil
                : "value of [\(key)] must be true, false or mixed, found \"\(shown(v))\""
        case "disabled", "expanded", "active", "selected":
            return v == "true" || v == "false" ? nil : "value of [\(key)] must be true or false, found \"\(shown(v))\""
        case "invalid":
            return ["true", "false", "grammar", "spelling"].contains(v) ? nil
                : "value of [invalid] must be true, false, grammar or spelling, found \"\(shown(v))\""
        case "level":
            return isNumber(v) ? nil : "value of [level] must be a number, found \"\(shown(v))\""
        case "aria-hidden":
            return v == "true" ? nil : "[aria-hidden] takes no value, found \"\(shown(v))\""
        case "ref", "cursor":
            return value == nil ? "[\(key)] needs a value ([\(key)=…])" : nil
        case "box":
            return box(v) != nil ? nil : "value of [box] must be x,y,width,height, found \"\(shown(v))\""
        default:
            return "unsupported attribute [\(shown(key))]; Playwright accepts checked, disabled, expanded, active, invalid, level, pressed and selected"
        }
    }

    /// Decimal numbers as JavaScript's `Number()` reads them in a level
    /// (`2`, `2.0`, `-1`); hex and exponents are not written by Playwright.
    static func isNumber(_ s: String) -> Bool {
        var digits = 0, dots = 0
        for (n, b) in s.utf8.enumerated() {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): dots += 1
            case UInt8(ascii: "-"), UInt8(ascii: "+"): if n != 0 { return false }
            default: return false
            }
        }
        return digits > 0 && dots <= 1
    }

    /// `[box=x,y,width,height]` as a frame.
    static func box(_ s: String) -> Frame? {
        let parts = s.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.allSatisfy({ $0.utf8.count <= 32 }) else { return nil }
        let numbers = parts.compactMap { Double($0) }
        guard numbers.count == 4, numbers.allSatisfy(\.isFinite) else { return nil }
        return Frame(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3], unit: .cssPixels)
    }

    /// At most 40 characters of input for a message.
    static func shown(_ s: String) -> String {
        OracleAriaYAMLReader.Builder.shown(s)
    }
}
