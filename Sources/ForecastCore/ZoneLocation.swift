/// A rough, offline "where am I": the principal city of the user's time zone,
/// from the tz database's zone1970.tab (`KR	+3733+12658	Asia/Seoul`).
public enum ZoneLocation {
    /// The zone name from `$TZ` (":Asia/Seoul" or "Asia/Seoul") or from the
    /// target of /etc/localtime (".../zoneinfo/Asia/Seoul").
    public static func zoneName(tz: String?, localtimeTarget: String?) -> String? {
        if var tz, !tz.isEmpty {
            if tz.hasPrefix(":") { tz.removeFirst() }
            if let range = tz.range(of: "zoneinfo/") { tz = String(tz[range.upperBound...]) }
            return tz.isEmpty ? nil : tz
        }
        guard let target = localtimeTarget, let range = target.range(of: "zoneinfo/") else { return nil }
        let name = String(target[range.upperBound...])
        return name.isEmpty ? nil : name
    }

    /// The coordinate zone1970.tab gives `zone`, or nil if it lists no such zone.
    public static func coordinate(of zone: String, zoneTable: String) -> Coordinate? {
        for line in zoneTable.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3, fields[2] == zone else { continue }
            return parseISO6709(String(fields[1]))
        }
        return nil
    }

    /// "+3733+12658" (±DDMM±DDDMM) or "+373300+1265800" (±DDMMSS±DDDMMSS).
    static func parseISO6709(_ text: String) -> Coordinate? {
        guard let split = text.dropFirst().firstIndex(where: { $0 == "+" || $0 == "-" }) else { return nil }
        let lat = String(text[..<split]), lon = String(text[split...])
        guard let latitude = degrees(lat, degreeDigits: 2), let longitude = degrees(lon, degreeDigits: 3) else { return nil }
        return try? Coordinate(latitude: latitude, longitude: longitude)
    }

    private static func degrees(_ text: String, degreeDigits: Int) -> Double? {
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        // ASCII digits only: `isNumber` also holds for '٣' or '三', which Double cannot read.
        let digits = text.utf8.dropFirst().map { Int($0) - 0x30 }
        guard digits.allSatisfy((0...9).contains), digits.count == degreeDigits + 2 || digits.count == degreeDigits + 4 else { return nil }
        func number(_ range: Range<Int>) -> Double { Double(digits[range].reduce(0) { $0 * 10 + $1 }) }
        var value = number(0..<degreeDigits) + number(degreeDigits..<(degreeDigits + 2)) / 60
        if digits.count == degreeDigits + 4 { value += number((degreeDigits + 2)..<(degreeDigits + 4)) / 3600 }
        return sign == "-" ? -value : value
    }
}
