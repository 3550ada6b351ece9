import ForecastCore

/// What is wrong with a command line whose parts do not fit together (exit 64).
/// The argument parser's own complaints (an unknown option, a missing value)
/// stay in its English.
package enum UsageProblem {
    case language, removeWhat, refreshAndOffline, concurrency, timeout, ttl, rateLimit, batchSize
    case nextAndPrevious, placeAndPaging, days(Int), hours(Int), unsetAndKey, briefAndFull
    case hereTakesNothing, nameAndCoordinates, latitudeAndLongitude, pickWithCoordinates, nameOrCoordinates
    case pickFromOne(Int), limit(Int), descendingNeedsKey
    case templateNeedsLine, templateField(String), templateUnclosed(String)
    /// A first word that is no command (nor a place): the closest command, if one is a slip away.
    case unknownCommand(String, suggestion: String?)
    /// A number option given what is not plain decimal ("0x10", "1e3", "inf"): the option,
    /// and what was typed (nil where it is not repeated: it could be a key).
    case notDecimal(option: String, typed: String?)
}
