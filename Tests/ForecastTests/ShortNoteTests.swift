import Foundation
import Testing
@testable import ForecastCore
@testable import ForecastGazetteer
@testable import ForecastViews

/// A note is never cut mid-word (issue 38, item 7): at 80 columns the list's
/// note read "snow in 42 …"; where the notes do not fit they say less
/// ("snow 18:20"), and what is still too wide is cut where a word ends.
@Suite struct ShortNoteTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    var zone: TimeZone { TimeZone(secondsFromGMT: 0)! }

    func time(_ date: Date) -> String { LocalTime.iso8601(date, in: zone).dropFirst(11).prefix(5).description }

    @Test func eachLanguageSaysItInLess() {
        let starts = NextHoursOutlook(kind: .nowcast, events: [.starts(start, .light)], minutesToPrecipitation: 42, strip: [])
        let stops = NextHoursOutlook(kind: .nowcast, events: [.now(.light), .stops(start)], minutesToPrecipitation: 0, strip: [])
        let falling = NextHoursOutlook(kind: .nowcast, events: [.now(.light)], minutesToPrecipitation: 0, strip: [])
        let (en, ko, ja) = (Language.en.words(.bundled), Language.ko.words(.bundled), Language.ja.words(.bundled))
        #expect(en.nextHoursNote(starts, snow: true, time: time) == "snow in 42 min")
        #expect(en.nextHoursShortNote(starts, snow: true, time: time) == "snow " + time(start))
        #expect(en.nextHoursShortNote(stops, snow: false, time: time) == "dry " + time(start))
        #expect(en.nextHoursShortNote(falling, snow: false, time: time) == "rain now")
        #expect(ko.nextHoursShortNote(starts, snow: true, time: time) == time(start) + " 눈")
        #expect(ja.nextHoursShortNote(starts, snow: false, time: time) == time(start) + "雨")
        for words in [en, ko, ja] {
            let short = words.nextHoursShortNote(starts, snow: true, time: time) ?? ""
            #expect(DisplayWidth.of(short) <= DisplayWidth.of(words.nextHoursNote(starts, snow: true, time: time) ?? ""))
        }
    }

    @Test func aNoteTooWideIsCutWhereAWordEnds() {
        #expect(DisplayWidth.truncate("snow in 42 min", to: 12) == "snow in 42 …")
        #expect(DisplayWidth.truncate("snow in 42 min", to: 12, atWord: true) == "snow in 42…")
        #expect(DisplayWidth.truncate("stale (updated 3 h ago) · warnings not checked", to: 30, atWord: true) == "stale (updated 3 h ago)…")
        #expect(DisplayWidth.truncate("Unbreakable", to: 6, atWord: true) == "Unbre…", "one word wider than the room is cut")
        #expect(DisplayWidth.truncate("short", to: 12, atWord: true) == "short")
    }
}
