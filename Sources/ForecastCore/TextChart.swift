/// A line chart in plain text: one column per value, `height` rows, the
/// highest value on the top row and the lowest on the bottom. Gaps (nil) stay
/// blank; a flat series is drawn across the middle (no division by zero).
public enum TextChart {
    public static func render(_ values: [Double?], height: Int = 8, label: (Double) -> String) -> [String] {
        // Only finite values are drawn: anything else would make the scale meaningless.
        let values = values.map { $0.flatMap { $0.isFinite ? $0 : nil } }
        let known = values.compactMap { $0 }
        guard let low = known.min(), let high = known.max(), height >= 2 else { return [] }
        let rows = height
        func row(_ value: Double) -> Int {
            let scaled = high == low || !(high - low).isFinite ? nil : SafeNumber.rounded((high - value) / (high - low) * Double(rows - 1))
            return min(rows - 1, max(0, scaled ?? rows / 2))
        }
        var grid = Array(repeating: Array(repeating: Character(" "), count: values.count), count: rows)
        var previous: Int?
        for (column, value) in values.enumerated() {
            guard let value else {
                previous = nil
                continue
            }
            let r = row(value)
            // Join to the previous point with a vertical stroke in this column.
            if let previous, abs(previous - r) > 1 {
                for between in (min(previous, r) + 1)..<max(previous, r) { grid[between][column] = "|" }
            }
            grid[r][column] = "*"
            previous = r
        }
        let top = label(high), bottom = label(low)
        let width = max(top.count, bottom.count)
        return grid.enumerated().map { index, cells in
            let axis = index == 0 ? top : index == rows - 1 && high != low ? bottom : ""
            var line = String(repeating: " ", count: width - axis.count) + axis + " ┤" + String(cells)
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
