import Foundation

/// What forecast says of itself to the services.
public enum Project {
    public static let version = "0.3.0"
    /// Where its maintainers are reached, unless the user names a contact of their own.
    public static let defaultContact = "https://github.com/forecast-cli/forecast/issues"
    /// The environment variable with the user's own contact (an e-mail address
    /// or a URL), which some services ask for in the User-Agent.
    public static let contactVariable = "FORECAST_CONTACT"

    /// `forecast/0.3.0 (+https://…)`: the program and whom to reach about it.
    public static func userAgent(contact: String? = nil) -> String {
        "forecast/\(version) (+\(contact ?? defaultContact))"
    }

    /// A contact fit for a header: visible ASCII only, at most 200 bytes; nil otherwise.
    public static func checkedContact(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        // An e-mail address or a URL has no spaces: visible ASCII only.
        guard !trimmed.isEmpty, trimmed.utf8.count <= 200, trimmed.utf8.allSatisfy({ (0x21...0x7E).contains($0) }),
              !trimmed.contains("(") && !trimmed.contains(")") else { return nil }
        return trimmed
    }
}
