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

    /// What an alias stands for in the tz database's links ("L America/New_York
    /// US/Eastern" in tzdata.zi): `Asia/Calcutta` is `Asia/Kolkata`.
    public static func linkTarget(of zone: String, tzdata: String) -> String? {
        for line in tzdata.split(separator: "\n") where line.hasPrefix("L ") {
            let fields = line.split(separator: " ")
            if fields.count == 3, fields[2] == zone { return String(fields[1]) }
        }
        return nil
    }

    /// A zone file's symbolic link target as a zone name: "../America/New_York"
    /// beside "US/Eastern" is "America/New_York"; "Kyiv" beside "Europe/Kiev" is "Europe/Kyiv".
    public static func zoneName(linkedFrom zone: String, target: String) -> String? {
        guard !target.hasPrefix("/") else { return zoneName(tz: nil, localtimeTarget: target) }
        var parts = zone.split(separator: "/").dropLast().map(String.init)
        for part in target.split(separator: "/") {
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else if part != "." {
                parts.append(String(part))
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// The coordinate zone1970.tab gives `zone`, or nil if it lists no such zone.
    public static func coordinate(of zone: String, zoneTable: String) -> Coordinate? {
        zones(in: zoneTable).first { $0.zone == zone }?.coordinate
    }

    /// Every zone the table lists, with its principal place.
    public static func zones(in zoneTable: String) -> [(zone: String, coordinate: Coordinate)] {
        zoneTable.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard !line.hasPrefix("#"), fields.count >= 3, let coordinate = parseISO6709(String(fields[1])) else { return nil }
            return (String(fields[2]), coordinate)
        }
    }

    /// The nautical time zone of a longitude, 15° to the hour: "Etc/GMT" within
    /// 7.5° of Greenwich, "Etc/GMT-9" at 135°E. The Etc names' sign is the
    /// POSIX one, inverted: Etc/GMT-9 is UTC+9.
    public static func nauticalZone(longitude: Double) -> String {
        let hours = max(-12, min(12, SafeNumber.rounded(longitude / 15) ?? 0))
        return hours == 0 ? "Etc/GMT" : hours > 0 ? "Etc/GMT-\(hours)" : "Etc/GMT+\(-hours)"
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
