/// The sign-in screen in axsnapshot JSON, in one locale, with its five stops' labels: the
/// source and translations the locale-sibling tests of the tracker and the gate commit.
public enum SignInSnapshot {
    public static func json(_ locale: String, _ labels: [String]) -> String {
        let ids = ["sign_in_heading", "email_field", "password_field", "password_visibility_button", "sign_in_button"]
        let roles = ["heading", "textField", "secureTextField", "button", "button"]
        let elements = (0..<5).map { "{\"id\": \"\(ids[$0])\", \"role\": \"\(roles[$0])\", \"label\": \"\(labels[$0])\"}" }
        return "{\"axsnapshot\": 1, \"screen\": \"SignIn\", \"platform\": \"ios\", \"locale\": \"\(locale)\", \"elements\": [\n  "
            + elements.joined(separator: ",\n  ") + "\n]}\n"
    }
}
