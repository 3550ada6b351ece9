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
}
