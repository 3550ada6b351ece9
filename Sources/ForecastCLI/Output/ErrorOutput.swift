import ArgumentParser
import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation
import ForecastViews

/// A command's failure in JSON: `{"error": {"status", "kind", "message", "candidates"?}}`.
struct ErrorOutput: Encodable {
    var status: Int32
    /// Stable: what InputError's case is called ("notFound", "ambiguousReference"),
    /// else the exit status's meaning ("usage", "failed", "notFound", "partial", "notSaved", "interrupted").
    var kind: String
    var message: String
    /// An ambiguous name's candidates, as `search --format json` gives them.
    var candidates: [SearchOutput.Result]?

    static func kind(of error: any Error, status: Int32) -> String {
        if let error = error as? InputError {
            let name = "\(error)"
            return String(name.prefix { $0 != "(" })
        }
        if let error = error as? AmbiguousName { return error.nearNames ? "nearNames" : "ambiguousName" }
        switch status {
        case ExitStatus.usage: return "usage"
        case ExitStatus.notFound: return "notFound"
        case ExitStatus.partial: return "partial"
        case ExitStatus.notSaved: return "notSaved"
        case 130: return "interrupted"
        default: return "failed"
        }
    }
}

enum ExitStatus {
    static let failure: Int32 = 1
    static let usage: Int32 = 64
    /// Some places' weather could not be fetched (the others were shown).
    static let partial: Int32 = 2
    /// The weather was shown but could not be saved (read-only database, full disk).
    static let notSaved: Int32 = 3
    /// What was asked for does not exist: no saved place matches, no place at
    /// that position, nothing saved yet, no place of that name anywhere.
    static let notFound: Int32 = 4
}

/// A failure that has already been explained (or explains itself) and ends with `status`.
struct CommandFailure: Error {
    var message: String
    var status: Int32 = ExitStatus.failure
    /// The same in English, for JSON's message, where the message is in another language.
    var english: String?
}

extension InputError {
    /// Whether this says the command line itself is wrong (exit status 64):
    /// a number that is not one (`--lat abc`, `move Seoul up`), a country code that is no code.
    var isUsage: Bool {
        switch self {
        case .notANumber, .badCountryCode: true
        default: false
        }
    }

    /// Whether this says that what was asked for does not exist (exit status 4).
    var isNotFound: Bool {
        switch self {
        case .nothingSaved, .positionOutOfRange, .noSavedMatch, .noSuchAddress, .notFound, .notInGazetteer: true
        default: false
        }
    }
}
