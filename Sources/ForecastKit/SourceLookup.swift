import ForecastCore
import ForecastProviders
import ForecastStore
import Foundation

/// Which sources a lookup asks beside the weather, for which places, and what
/// their answers and the kept ones come to: the warnings in force, the next
/// hours, the air. The rules of every source are one: a source covers a place
/// (its descriptor says where), it is asked when its answer is missing or
/// older than its lifetime or the weather is being fetched anyway, never
/// before its terms or its `Expires` allow, and what it said last is kept.
struct SourcePlan: Sendable {
    /// Every warning source covering each place.
    var warnings: [Int64: [SourceDescriptor]] = [:]
    /// The next-hours sources covering each place, in order: the first is
    /// asked, the next only where the first said the place is outside its reach.
    var nextHours: [Int64: [SourceDescriptor]] = [:]
    /// The air source, asked with the weather for every place.
    var air: SourceDescriptor?
    /// The normals' source, asked once a month for each place (at most
    /// `OpenMeteoNormals.callsPerRun` calls a run), its answers kept for good.
    var normals: SourceDescriptor?
    /// Each place's zone: its calendar says which day's normal it needs.
    var zones: [Int64: String] = [:]

    struct Target: Sendable {
        var id: Int64
        var countryCode: String
        var coordinate: Coordinate
        var timeZone: String
    }

    init(_ places: [Target], available: Set<String>) {
        air = WeatherSources.of(.air).first { available.contains($0.name) }
        normals = WeatherSources.of(.normals).first { available.contains($0.name) }
        for place in places {
            zones[place.id] = place.timeZone
            warnings[place.id] = WeatherSources.covering(.warnings, countryCode: place.countryCode, at: place.coordinate, available: available)
            nextHours[place.id] = WeatherSources.covering(.nextHours, countryCode: place.countryCode, at: place.coordinate, available: available)
        }
    }

    /// Each source's places to ask now. `weatherDue`: the places whose weather is
    /// being fetched (their air goes with it, and their warnings and next hours
    /// are asked in the same refresh); `refresh`: `--refresh`; `normals`:
    /// whether the places without today's normal are candidates for them (in
    /// list order: `PlaceStore.claimNormals` then takes the first it may).
    func due(
        _ ids: [Int64], cache: [Int64: [String: PlaceStore.CachedSourceAnswer]], weatherDue: Set<Int64>, refresh: Bool, now: Date,
        normals asksNormals: Bool = false
    ) -> [String: [Int64]] {
        var due: [String: [Int64]] = [:]
        for id in ids {
            if let air, weatherDue.contains(id) { due[air.name, default: []].append(id) }
            // The normals: where today's is not kept, and no failure asks to wait. Never again for --refresh: they do not change.
            if let normals, asksNormals, let day = day(of: id, now: now) {
                let kept = cache[id]?[normals.name]
                let has = if case .normals(let known)? = kept?.answer { known.covers(day) } else { false }
                if !has, (kept?.notBefore).map({ $0 <= now || $0.timeIntervalSince(now) > AnswerValidity.longestLife }) ?? true {
                    due[normals.name, default: []].append(id)
                }
            }
            for source in (warnings[id] ?? []) + nextHoursSources(id, cache: cache, now: now) {
                let kept = cache[id]?[source.name]
                // The terms and the service's Expires are never overridden, not even by --refresh.
                if let notBefore = kept?.notBefore, notBefore > now, notBefore.timeIntervalSince(now) <= AnswerValidity.longestLife { continue }
                guard let kept else {
                    due[source.name, default: []].append(id)
                    continue
                }
                if refresh || weatherDue.contains(id) || kept.age(now: now) >= source.lifetime { due[source.name, default: []].append(id) }
            }
        }
        return due
    }

    /// Today in the place's calendar, by its zone.
    func day(of id: Int64, now: Date) -> CivilDate? {
        guard let zone = zones[id] else { return nil }
        return ClockReading(now, utcOffset: LocalTime.zone(zone).secondsFromGMT(for: now)).date
    }

    /// A place's normals: this run's answer with the days kept before, or the kept ones.
    func normals(for id: Int64, fresh: [String: [Int64: Result<SourceResult, WeatherError>]], cache: [Int64: [String: PlaceStore.CachedSourceAnswer]]) -> ClimateNormals? {
        guard let source = normals else { return nil }
        let kept: ClimateNormals? = if case .normals(let known)? = cache[id]?[source.name]?.answer { known } else { nil }
        if case .success(let result)? = fresh[source.name]?[id], case .normals(let new) = result.answer { return new.keeping(kept) }
        return kept
    }

    /// How long a source's "outside my reach" stands before it is asked again:
    /// a radar's coverage changes seldom.
    static let outsideStands: TimeInterval = 86_400

    /// The next-hours sources to ask for a place: the first, and after it each
    /// next one while those before said (within a day) the place is outside.
    func nextHoursSources(_ id: Int64, cache: [Int64: [String: PlaceStore.CachedSourceAnswer]], now: Date) -> [SourceDescriptor] {
        for source in nextHours[id] ?? [] {
            guard let kept = cache[id]?[source.name], kept.answer == .outside, kept.age(now: now) < Self.outsideStands else { return [source] }
        }
        return []
    }

    /// What one place's warnings and next hours come to: this run's answers
    /// where they arrived, else the kept ones; a failure said, never hiding
    /// what was kept.
    func outcome(
        for id: Int64, fresh: [String: [Int64: Result<SourceResult, WeatherError>]],
        cache: [Int64: [String: PlaceStore.CachedSourceAnswer]], fetchedAt: Date, report: WeatherReport?, now: Date
    ) -> (warnings: WarningStatus, nextHours: NextHours?, nextHoursAt: Date?, nextHoursError: WeatherError?) {
        // Warnings: every covering source's messages, merged.
        let sources = warnings[id] ?? []
        var status: WarningStatus = .noSource
        if !sources.isEmpty {
            var messages: [WeatherWarning] = [], failure: WeatherError?, oldest: Date?, answered: [String] = []
            for source in sources {
                let kept = cache[id]?[source.name]
                let keptWarnings: [WeatherWarning]? = kept.flatMap { if case .warnings(let list) = $0.answer { list } else { nil } }
                switch fresh[source.name]?[id] {
                case .success(let result)?:
                    if case .warnings(let list) = result.answer {
                        messages += list
                        answered.append(source.name)
                        oldest = min(oldest ?? fetchedAt, fetchedAt)
                    }
                case .failure(let error)?:
                    failure = failure ?? error
                    if let keptWarnings, let kept {
                        messages += keptWarnings
                        oldest = min(oldest ?? kept.fetchedAt, kept.fetchedAt)
                    }
                case nil:
                    if let keptWarnings, let kept {
                        messages += keptWarnings
                        answered.append(source.name)
                        oldest = min(oldest ?? kept.fetchedAt, kept.fetchedAt)
                    } else if case .failed(let error)? = kept?.answer {
                        // Failed a while ago and not to be asked yet: said until then.
                        failure = failure ?? error
                    }
                }
            }
            let current = Warnings.current(messages, now: now)
            if let failure {
                status = .failed(failure, kept: oldest == nil ? nil : current, checkedAt: oldest)
            } else if let oldest {
                status = .checked(current, checkedAt: oldest, sources: answered)
            } else {
                status = .unknown
            }
        }
        // The next hours: the nowcast's if it covers the coming two hours, else the hourly forecast's.
        var nowcast: NextHours?, at: Date?, error: WeatherError?
        // The first source with steps for the place: this run's answer, else the kept one.
        for source in nextHours[id] ?? [] where nowcast == nil {
            switch fresh[source.name]?[id] {
            case .success(let result)?:
                if case .nextHours(let steps) = result.answer { (nowcast, at) = (steps, fetchedAt) }
            case .failure(let failure)?:
                error = error ?? failure
                fallthrough
            case nil:
                if let kept = cache[id]?[source.name], case .nextHours(let steps) = kept.answer { (nowcast, at) = (steps, kept.fetchedAt) }
                if case .failed(let failure)? = cache[id]?[source.name]?.answer { error = error ?? failure }
            }
        }
        if let nowcast, nowcast.covers(now) { return (status, nowcast, at, error) }
        return (status, report.flatMap { NextHours.fromHourly($0, now: now) }, nil, error)
    }
}

extension SourceResult {
    /// The air it carries, if it is the air.
    var air: AirQuality? { if case .air(let air) = answer { air } else { nil } }
}
