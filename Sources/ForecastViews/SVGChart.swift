import ForecastCore
import Foundation

/// The report's charts, as inline SVG (well-formed XML, no scripts): the
/// coming hours' temperature and chance of rain, and the coming days' ranges.
package enum SVGChart {
    package static let width = 720.0

    /// "12.5" with a point whatever the locale.
    package static func n(_ value: Double) -> String {
        SafeNumber.fixed(value.isFinite ? value : 0, decimals: 1)
    }

    /// Temperature as a line over the chance of rain as bars, hour by hour.
    package static func hours(_ hours: [HourlyForecast], zone: TimeZone, format: WeatherFormat, words: CommandFaceWords) -> String {
        let height = 220.0
        let (left, right, top, bottom) = (44.0, width - 40, 14.0, height - 34)
        // Unrounded: the labels are rounded once, as every temperature shown.
        let temperatures = hours.map { format.converted($0.temperature) }
        let known = temperatures.compactMap { $0 }
        var low = (known.min() ?? 0).rounded(.down) - 1
        var high = (known.max() ?? 0).rounded(.up) + 1
        if high - low < 8 {
            let middle = ((high + low) / 2).rounded()
            (low, high) = (middle - 4, middle + 4)
        }
        // Whole-number ticks: a span the four gridlines divide evenly.
        let span = (high - low) / 4
        high = low + span.rounded(.up) * 4
        let step = (right - left) / Double(max(hours.count - 1, 1))
        let x = { (index: Int) in left + Double(index) * step }
        let y = { (value: Double) in bottom - (value - low) / (high - low) * (bottom - top) }
        let rainMax = hours.compactMap(\.precipitationProbability).max()
        let label = words.hoursChartLabel(
            low: known.min().map { format.text(displayed: $0) } ?? "–",
            high: known.max().map { format.text(displayed: $0) } ?? "–",
            rain: rainMax.flatMap(SafeNumber.rounded))
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"img\" aria-label=\"\(HTML.escape(label))\">\n"
        // Grid and the temperature axis on the left, the chance of rain on the right.
        for tick in 0...4 {
            let value = low + (high - low) * Double(tick) / 4
            let at = y(value)
            svg += "<line class=\"grid\" x1=\"\(n(left))\" y1=\"\(n(at))\" x2=\"\(n(right))\" y2=\"\(n(at))\"/>"
            svg += "<text x=\"\(n(left - 6))\" y=\"\(n(at + 4))\" text-anchor=\"end\">\(HTML.escape(axisTemperature(value, format)))</text>"
            svg += "<text x=\"\(n(right + 6))\" y=\"\(n(at + 4))\">\(tick * 25)%</text>\n"
        }
        let barWidth = max(2, step * 0.65)
        for (index, hour) in hours.enumerated() {
            guard let chance = hour.precipitationProbability, chance > 0 else { continue }
            let barHeight = min(100, chance) / 100 * (bottom - top)
            svg += "<rect class=\"rain\" x=\"\(n(x(index) - barWidth / 2))\" y=\"\(n(bottom - barHeight))\" width=\"\(n(barWidth))\" height=\"\(n(barHeight))\"/>"
        }
        svg += "\n"
        // The line breaks where a temperature is missing.
        var segment: [String] = []
        func flush() {
            if segment.count > 1 { svg += "<polyline class=\"temp\" points=\"\(segment.joined(separator: " "))\"/>\n" }
            segment = []
        }
        for (index, value) in temperatures.enumerated() {
            guard let value else { flush(); continue }
            segment.append("\(n(x(index))),\(n(y(value)))")
        }
        flush()
        // The warmest and coldest hours, marked and labelled.
        if let hottest = temperatures.indices.max(by: { (temperatures[$0] ?? -.infinity) < (temperatures[$1] ?? -.infinity) }),
           let value = temperatures[hottest] {
            svg += "<circle class=\"dot\" cx=\"\(n(x(hottest)))\" cy=\"\(n(y(value)))\" r=\"3\"/>"
            svg += "<text class=\"label\" x=\"\(n(x(hottest)))\" y=\"\(n(y(value) - 7))\" text-anchor=\"middle\">\(HTML.escape(axisTemperature(value, format)))</text>\n"
        }
        // Hours on the axis every six, the day's name at midnight.
        for (index, hour) in hours.enumerated() {
            let reading = LocalTime.reading(hour.time, in: zone)
            guard reading.minute == 0, reading.hour % 6 == 0 else { continue }
            let text = reading.hour == 0 ? words.weekday(reading.date) : String(format: "%02d", reading.hour)
            svg += "<line class=\"grid\" x1=\"\(n(x(index)))\" y1=\"\(n(bottom))\" x2=\"\(n(x(index)))\" y2=\"\(n(bottom + 4))\"/>"
            svg += "<text x=\"\(n(x(index)))\" y=\"\(n(bottom + 17))\" text-anchor=\"middle\">\(HTML.escape(text))</text>\n"
        }
        return svg + "</svg>"
    }

    /// Each day's low to high as a bar on one scale, with its chance of rain.
    package static func days(_ days: [DailyForecast], format: WeatherFormat, words: CommandFaceWords) -> String {
        let rowHeight = 28.0
        let height = Double(days.count) * rowHeight + 12
        let (left, right) = (210.0, width - 110)
        let values = days.flatMap { [format.temperature($0.minimum), format.temperature($0.maximum)] }.compactMap { $0 }
        let low = (values.min() ?? 0) - 1
        let high = max((values.max() ?? 0) + 1, low + 4)
        let x = { (value: Double) in left + (value - low) / (high - low) * (right - left) }
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"img\" aria-label=\"\(HTML.escape(words.comingDays))\">\n"
        for (index, day) in days.enumerated() {
            let middle = 6 + Double(index) * rowHeight + rowHeight / 2
            let name = CivilDate(iso: day.date).map(words.day) ?? SafeText.clean(day.date, maxLength: 20)
            svg += "<text class=\"label\" x=\"4\" y=\"\(n(middle + 4))\">\(HTML.escape(name))</text>"
            svg += "<text x=\"124\" y=\"\(n(middle + 5))\" style=\"font-size:15px\">\(HTML.escape(format.symbol(day.condition, isDay: true)))</text>"
            if let minimum = format.temperature(day.minimum), let maximum = format.temperature(day.maximum) {
                // Filled from the low's colour to the high's, on the temperatures' one scale (as the app's bars):
                // a piece every few pixels, each the colour of its temperature (no gradient: nothing is referenced).
                let (from, to) = (x(minimum), max(x(minimum) + 3, x(maximum)))
                let pieces = max(1, min(24, Int((to - from) / 8)))
                svg += "<rect class=\"range\" x=\"\(n(from))\" y=\"\(n(middle - 6))\" width=\"\(n(to - from))\" height=\"12\" rx=\"6\"/>"
                for piece in 0..<pieces {
                    let start = from + (to - from) * Double(piece) / Double(pieces)
                    let shown = minimum + (maximum - minimum) * (Double(piece) + 0.5) / Double(pieces)
                    let celsius = TemperatureColours.celsius(shown: shown, unit: format.temperatureUnit)
                    guard let colour = TemperatureColours.colour(celsius: celsius) else { continue }
                    svg += "<rect x=\"\(n(start))\" y=\"\(n(middle - 4))\" width=\"\(n((to - from) / Double(pieces) + 0.5))\" height=\"8\""
                        + " style=\"fill:\(TemperatureColours.css(colour))\"/>"
                }
            }
            // The low just before its end of the bar, the high just after its end.
            let from = format.temperature(day.minimum).map(x) ?? left
            let to = format.temperature(day.maximum).map(x) ?? right
            svg += "<text x=\"\(n(from - 6))\" y=\"\(n(middle + 4))\" text-anchor=\"end\">\(HTML.escape(format.temperatureText(day.minimum)))</text>"
            svg += "<text class=\"label\" x=\"\(n(max(to, from) + 6))\" y=\"\(n(middle + 4))\">\(HTML.escape(format.temperatureText(day.maximum)))</text>"
            if let chance = day.precipitationProbability.flatMap(SafeNumber.rounded) {
                svg += "<text x=\"\(n(width - 4))\" y=\"\(n(middle + 4))\" text-anchor=\"end\">💧\(chance)%</text>"
            }
            svg += "\n"
        }
        return svg + "</svg>"
    }

    /// "12°" on an axis: the unit is in the caption.
    package static func axisTemperature(_ value: Double, _ format: WeatherFormat) -> String {
        "\(SafeNumber.rounded(value) ?? 0)" + (format.temperatureUnit == .kelvin ? "K" : "°")
    }
}
