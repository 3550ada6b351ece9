import ForecastCore

/// The air in a few parts, the same in every language: the grade on the
/// place's scale (its scale named: a number is never read on another scale's
/// bands), then the particles in whole µg/m³ (a Korean grade is read from
/// both, so both are given; elsewhere PM2.5, or PM10 where it alone is known).
package enum AirText {
    /// The parts joined, in `words`: a Korean grade is its word and the scale's name ("bad (Korean grade)"), an
    /// index its scale, number and band ("US AQI 42 (good)"); "–" where nothing is known.
    package static func sentence(_ air: AirQuality, scale: AirScale, words: ViewWords, pm10: String, pm2_5: String) -> String {
        let parts = parts(air, scale: scale, grade: { grade in
            grade.scale == .kr
                ? "\(words.airGrade(grade.name)) (\(words.airScale(.kr)))"
                : "\(words.airScale(grade.scale)) \(grade.value) (\(words.airGrade(grade.name)))"
        }, pm10: pm10, pm2_5: pm2_5)
        return parts.isEmpty ? "–" : parts.joined(separator: " · ")
    }

    package static func parts(
        _ air: AirQuality, scale: AirScale, grade: (AirGrade) -> String, pm10: String, pm2_5: String
    ) -> [String] {
        var parts: [String] = []
        if let graded = AirGrade(air, scale: scale) { parts.append(grade(graded)) }
        let fine = AirGrade.whole(air.pm2_5).map { "\(pm2_5) \($0) µg/m³" }
        let coarse = AirGrade.whole(air.pm10).map { "\(pm10) \($0) µg/m³" }
        if scale == .kr {
            parts += [coarse, fine].compactMap { $0 }
        } else if let shown = fine ?? (parts.isEmpty ? coarse : nil) {
            parts.append(shown)
        }
        return parts
    }
}

extension AirText {
    /// "birch 35 · grass 12 grains/m³" (whole grains), the plants with most
    /// first; nil where no count is known (never "0" for unknown).
    package static func pollen(_ pollen: AirQuality.Pollen?, words: ViewWords, separator: String = " · ") -> String? {
        let counts = (pollen?.known ?? []).compactMap { plant, grains in ShownNumber.whole(grains).map { (plant, Int($0)) } }
        guard !counts.isEmpty else { return nil }
        let sorted = counts.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0.rawValue < $1.0.rawValue }
        return sorted.map { "\(words.pollenPlant($0.0)) \($0.1)" }.joined(separator: separator) + " " + words.grainsPerCubicMetre
    }
}
