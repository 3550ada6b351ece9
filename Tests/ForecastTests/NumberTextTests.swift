import Foundation
import Testing
@testable import ForecastCore

/// The hand-written number and time texts say exactly what String(format:) said.
@Suite struct NumberTextTests {
    @Test func fixedDecimalsAgreeWithPrintf() {
        var generator = SystemRandomNumberGenerator()
        var mismatches: [String] = []
        for _ in 0..<20_000 {
            let value = Double.random(in: -200...200, using: &generator)
            for decimals in [0, 1, 4, 5] {
                let printf = String(format: "%.\(decimals)f", locale: Locale(identifier: "en_US_POSIX"), value)
                let expected = printf.hasPrefix("-") && Double(printf) == 0 ? String(printf.dropFirst()) : printf
                // printf rounds the binary value, halves to even; the rule reads the
                // value to six more decimals and rounds halves away from zero, so
                // the two may differ only where the value is a half to six more decimals.
                let units = abs(value) * pow(10, Double(decimals))
                let nearHalf = abs(units - units.rounded(.down) - 0.5) <= 1e-6
                if SafeNumber.fixed(value, decimals: decimals) != expected, !nearHalf { mismatches.append("\(value) \(decimals)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(SafeNumber.fixed(12.5000, decimals: 4, trim: true) == "12.5")
        #expect(SafeNumber.fixed(3.0, decimals: 1, trim: true) == "3")
        #expect(SafeNumber.fixed(-0.00001, decimals: 4, trim: true) == "0", "no minus zero")
        #expect(SafeNumber.fixed(.nan, decimals: 1) == "nan" && SafeNumber.fixed(-.infinity, decimals: 1) == "-inf")
        #expect(SafeNumber.fixed(1e300, decimals: 1) == String(1e300), "beyond Int: no trap")
    }

    @Test func roundedNumbersKeepTheirPrecisionAndNoMinusZero() {
        #expect(SafeNumber.rounded(56.99999999999999, places: 0) == 57)
        #expect(SafeNumber.rounded(1.6001999999999998, places: 1) == 1.6)
        #expect(SafeNumber.rounded(7.24, places: 1) == 7.2 && SafeNumber.rounded(-2.25, places: 1) == -2.3)
        let zero = SafeNumber.rounded(-0.04, places: 1)
        #expect(zero == 0 && zero.sign == .plus, "never -0")
        #expect(SafeNumber.rounded(1e300, places: 1) == 1e300 && SafeNumber.rounded(.infinity, places: 1) == .infinity)
    }

    @Test func timesAreZeroPadded() {
        let date = Date(timeIntervalSince1970: 1_768_798_800)  // 2026-01-19T05:00Z
        #expect(LocalTime.iso8601(date, in: TimeZone(identifier: "Asia/Kolkata")!) == "2026-01-19T10:30:00+05:30")
        #expect(LocalTime.iso8601(date, in: TimeZone(identifier: "America/St_Johns")!) == "2026-01-19T01:30:00-03:30")
        #expect(ClockReading(date, utcOffset: 0).hourMinute == "05:00")
        #expect(CivilDate(year: 987, month: 3, day: 4).iso == "0987-03-04")
    }
}
