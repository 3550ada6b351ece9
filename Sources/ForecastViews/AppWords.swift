import ForecastCore
import ForecastGazetteer
import ForecastKit
import ForecastProviders
import Foundation

/// The full-screen app's own words (`forecast browse`): its titles, key
/// hints, help and prompts. The page it shows speaks `PageWords`.
package protocol AppWords: PlaceWords {
    /// The list's title: "7 places · by name ↓ · °C".
    func browseListTitle(_ count: Int, sort: PlaceSort, unit: String) -> String
    var browseSearchTitle: String { get }
    var browseNotSavedTitle: String { get }
    /// The keys of each screen, on its last line.
    var browseListKeys: String { get }
    var browseDetailKeys: String { get }
    var browseSearchKeys: String { get }
    var browseFoundKeys: String { get }
    /// What `?` shows: each screen's keys and what they do.
    var browseHelp: [(title: String, keys: [(key: String, does: String)])] { get }
    var browseHelpClose: String { get }
    func browseTooSmall(width: Int, height: Int, needs: (width: Int, height: Int)) -> String
    var browseSearchPrompt: String { get }
    var browseSearchHint: String { get }
    /// The search, opened because nothing is saved yet.
    var browseEmptyHint: String { get }
    /// Nothing built in matches; `suggestion`: the nearest name the gazetteer knows.
    func browseNothingOffline(_ query: String, suggestion: String?) -> String
    var browseAsking: String { get }
    func browseNothingOnline(_ query: String) -> String
    func browseConfirmRemoval(_ name: String) -> String
    var browseAddHint: String { get }
    /// The list with nothing saved.
    var browseEmptyList: String { get }
    /// K or J on a sorted list: your own order is shown first.
    var browseOwnOrderShown: String { get }
    func browseWriteFailed(_ reason: String) -> String
}
