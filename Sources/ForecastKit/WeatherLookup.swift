import ForecastCore
import ForecastProviders
import ForecastStore
import Foundation

/// One place's weather as a command shows it: a report (fresh or cached), and
/// the error of this run's fetch, if it failed.
public struct PlaceWeather: Sendable {
    /// Its fields, held once by reference (`Shared`): a list's 100,000 places'
    /// weather is a dictionary of references, not of 700-byte values.
    @Shared private var fields: Fields

    private struct Fields: Sendable {
        var report: WeatherReport?
        var fetchedAt: Date?
        var stale = false
        var error: WeatherError?
        var airQualityError: WeatherError?
        var warnings: WarningStatus = .unknown
        var nextHours: NextHours?
        var nextHoursError: WeatherError?
        var nextHoursAt: Date?
        var normals: ClimateNormals?
    }

    public var report: WeatherReport? {
        get { fields.report }
        _modify { yield &fields.report }
    }
    public var fetchedAt: Date? {
        get { fields.fetchedAt }
        _modify { yield &fields.fetchedAt }
    }
    /// Older than the TTL: the fetch failed, or --offline served an old entry.
    public var stale: Bool {
        get { fields.stale }
        _modify { yield &fields.stale }
    }
    public var error: WeatherError? {
        get { fields.error }
        _modify { yield &fields.error }
    }
    /// Why this run's air-quality fetch failed, when the weather's did not.
    public var airQualityError: WeatherError? {
        get { fields.airQualityError }
        _modify { yield &fields.airQualityError }
    }
    /// The official warnings: in force, none, no source to ask, or why they could not be asked.
    public var warnings: WarningStatus {
        get { fields.warnings }
        _modify { yield &fields.warnings }
    }
    /// Precipitation over the next hours: a nowcast where one covers the
    /// place, else the hourly forecast's (when the report has hours).
    public var nextHours: NextHours? {
        get { fields.nextHours }
        _modify { yield &fields.nextHours }
    }
    /// Why this run's nowcast failed (the next hours are then the hourly forecast's, if any).
    public var nextHoursError: WeatherError? {
        get { fields.nextHoursError }
        _modify { yield &fields.nextHoursError }
    }
    /// When the nowcast shown was fetched.
    public var nextHoursAt: Date? {
        get { fields.nextHoursAt }
        _modify { yield &fields.nextHoursAt }
    }
    /// The usual lows and highs of the place's calendar days, where known (fetched once a month, kept).
    public var normals: ClimateNormals? {
        get { fields.normals }
        _modify { yield &fields.normals }
    }

    public init(
        report: WeatherReport? = nil, fetchedAt: Date? = nil, stale: Bool = false, error: WeatherError? = nil,
        airQualityError: WeatherError? = nil
    ) {
        fields = Fields(report: report, fetchedAt: fetchedAt, stale: stale, error: error, airQualityError: airQualityError)
    }
}

/// What a lookup found, for every place asked about.
public struct WeatherOutcome: Sendable {
    public var weather: [Int64: PlaceWeather]
    /// The refresh was interrupted; what had arrived is in `weather` and saved.
    public var cancelled: Bool
    /// Why the weather fetched could not be kept in the cache (it is still in `weather`).
    public var notSaved: StoreError?
    /// Whether anything new arrived (a sort by weather may then change).
    public var fetchedAny: Bool
    /// With --refresh, the latest time the service asked not to be asked again
    /// before (its `Expires`) for places it was therefore not asked about.
    public var heldUntil: Date?

    public var failures: [WeatherError] { weather.values.compactMap(\.error) }

    public init(weather: [Int64: PlaceWeather], cancelled: Bool, notSaved: StoreError? = nil, fetchedAny: Bool) {
        self.weather = weather
        self.cancelled = cancelled
        self.notSaved = notSaved
        self.fetchedAny = fetchedAny
    }
}

/// What a lookup asks the services for.
public enum LookupScope: Sendable, Equatable {
    /// The weather of the places due, and every source beside it.
    case everything
    /// The official warnings alone (`forecast alerts`): the weather is what
    /// the cache has, and no weather or other source is asked.
    case warnings
}

/// The weather use case: from the cache while it is young enough, else from
/// the provider (all due places at once), keeping what arrives. `list` asks
/// for summaries, `show` for the full report of its one place.
public struct WeatherLookup: Sendable {
    let context: AppContext
    let store: PlaceStore

    /// Weather younger than this is never called stale, whatever the TTL.
    static let alwaysFresh: TimeInterval = 60

    public init(context: AppContext, store: PlaceStore) {
        self.context = context
        self.store = store
    }

    public func weather(
        for places: [Place], detail: ReportDetail, settings: WeatherSettings,
        events: (@Sendable (RefreshEvent) -> Void)? = nil, arrived: (@Sendable ([Int64: WeatherReport]) -> Void)? = nil,
        scope: LookupScope = .everything, warningTexts: Bool = true
    ) async throws -> WeatherOutcome {
        let (run, pages) = try await refresh(
            places, detail: detail, settings: settings, events: events, arrived: arrived, scope: scope, warningTexts: warningTexts)
        var outcome = run
        outcome.weather = try pages.weather(for: places)
        return outcome
    }

    /// Asks for what is due of `places`' weather and sources and keeps what
    /// arrives, reading what is kept a page of places at a time: the outcome
    /// holds this run's answers only (its failures among them), and `pages`
    /// reads every place's weather, a page at a time, when it is shown. So a
    /// list of 100,000 places never holds them all (`WeatherPages`).
    public func refresh(
        _ places: [Place], detail: ReportDetail, settings: WeatherSettings,
        events: (@Sendable (RefreshEvent) -> Void)? = nil, arrived: (@Sendable ([Int64: WeatherReport]) -> Void)? = nil,
        scope: LookupScope = .everything, warningTexts: Bool = true
    ) async throws -> (outcome: WeatherOutcome, pages: WeatherPages) {
        let now = context.clock()
        // Every setting is checked before anything is read or asked.
        let provider = settings.makeProvider()
        let sources = try settings.makeSources(environment: context.environment)
        let plan = SourcePlan(
            places.map { SourcePlan.Target(id: $0.id, countryCode: $0.countryCode, coordinate: $0.coordinate, timeZone: $0.timeZone) },
            available: Set(sources.keys))
        let name = settings.provider.rawValue
        // A provider whose summary is its full answer keeps and revalidates the
        // full report, so `list` and `show` share one copy and one Expires.
        let full = detail == .full || provider?.summaryIsFull == true
        // One allowance of warnings' texts for the run, those kept and those that arrive (`WarningAllowance`).
        let allowance = WarningAllowance()
        var pages = WeatherPages(
            store: store, provider: name, full: full, plan: plan, now: now, fetchedAt: now, ttl: settings.ttl,
            warningTexts: warningTexts, allowance: allowance)
        // What is due, read a page at a time: of the cache, only the copies of the places due are held.
        var heldUntil: Date?
        var due: [Place] = []
        var dueCache: [Int64: PlaceStore.CachedWeather] = [:]
        var sourceDue: [String: [Int64]] = [:]
        if !settings.offline {
            for start in stride(from: 0, to: places.count, by: WeatherPages.size) {
                let page = places[start..<min(places.count, start + WeatherPages.size)]
                let cache = try pages.cached(page)
                let dueHere = scope == .warnings ? [] : page.filter { place in
                    guard let cached = cache[place.id] else { return true }
                    // A service's Expires forbids asking again before it, --refresh or not.
                    if cached.report.validity?.forbidsRequest(at: now) == true {
                        if settings.refresh, let expires = cached.report.validity?.expires { heldUntil = max(heldUntil ?? expires, expires) }
                        return false
                    }
                    return settings.refresh || cached.age(now: now) >= settings.ttl
                }
                for place in dueHere { dueCache[place.id] = cache[place.id] }
                due += dueHere
                // When a source is due reads its answers' times, never their texts: their outlines do.
                let ids = page.map(\.id)
                let sourceCache = try store.cachedSourceAnswers(now: now, outlines: true, places: ids)
                // A short list keeps what it read, for showing: it is not read and decoded twice.
                if places.count <= WeatherPages.heldUpTo {
                    pages.held.merge(cache) { first, _ in first }
                    if !warningTexts { pages.heldSources.merge(sourceCache) { first, _ in first } }
                }
                let dueSources = plan.due(
                    ids, cache: sourceCache, weatherDue: Set(dueHere.map(\.id)), refresh: settings.refresh, now: now,
                    normals: scope == .everything)
                for (source, ids) in dueSources where scope == .everything || WeatherSources.named(source)?.kind == .warnings {
                    sourceDue[source, default: []] += ids
                }
            }
        }
        pages.holds = !settings.offline && places.count <= WeatherPages.heldUpTo
        pages.holdsSources = pages.holds && !warningTexts
        if let normals = plan.normals, let wanted = sourceDue[normals.name] {
            // Chosen, their calls taken and marked as being asked in one write: two processes never both ask them.
            let chosen = claimNormals(wanted, source: normals, settings: settings, now: now)
            sourceDue[normals.name] = chosen.isEmpty ? nil : chosen
        }

        var fetched: [Int64: PlaceWeather] = [:]
        var answers: [String: [Int64: Result<SourceResult, WeatherError>]] = [:]
        var notSaved: StoreError?
        var cancelled = false
        if let provider, !due.isEmpty || !sourceDue.isEmpty {
            // The time budget covers waiting for the database as well as the network.
            let deadline = settings.refreshOptions.deadline(from: context.budgetClock.now())
            // The copy kept goes with the query, for a service that may answer "unchanged".
            let queries = due.map { place in
                PlaceQuery(
                    id: place.id, coordinate: place.coordinate, timeZone: place.timeZone,
                    cached: dueCache[place.id].flatMap { $0.report.validity?.lastModified == nil ? nil : $0.report })
            }
            let byID = Dictionary(places.map { ($0.id, $0) }) { first, _ in first }
            let sourceQueries = sourceDue.mapValues { ids in
                ids.compactMap { byID[$0] }.map { PlaceQuery(id: $0.id, coordinate: $0.coordinate, timeZone: $0.timeZone, day: plan.day(of: $0.id, now: now)) }
            }
            (fetched, answers, cancelled) = await Self.fetch(
                queries, sourceQueries: sourceQueries, provider: provider, sources: sources, settings: settings, detail: detail,
                context: context, bucket: StoreRateBucket(store: store, deadline: deadline, clock: context.clock), events: events,
                arrived: arrived, allowance: allowance)
            pages.fetchedAt = context.clock()
            // A provider that gives no past days keeps yesterday from the copy it replaces, where that copy had it.
            for (id, weather) in fetched {
                if let report = weather.report { fetched[id]?.report = report.keepingYesterday(from: dueCache[id]?.report) }
            }
            do {
                // Only for places the file still has as they were asked: a backup copied over it meanwhile
                // (`cat backup > db`) may have given these ids to other places, which must not get their weather.
                let saved = Dictionary(try store.ordered().places.map { ($0.id, $0.coordinate) }) { first, _ in first }
                let same = Set(places.filter { saved[$0.id] == $0.coordinate }.map(\.id))
                let successes = fetched.compactMapValues(\.report).filter { same.contains($0.key) }
                let answered = answers.mapValues { $0.filter { same.contains($0.key) } }
                try store.saveWeather(
                    successes, provider: name, fetchedAt: pages.fetchedAt, full: full, until: deadline)
                // The air is kept in the reports; the other sources' answers on their own.
                var kept: [Int64: [String: SourceResult]] = [:]
                for (source, outcomes) in answered where source != plan.air?.name {
                    for (id, outcome) in outcomes { if case .success(let result) = outcome { kept[id, default: [:]][source] = result } }
                }
                try store.saveSourceAnswers(kept, fetchedAt: pages.fetchedAt, until: deadline)
                let (failures, notBefore) = Self.servicesFailures(answered, except: plan.air?.name, at: pages.fetchedAt)
                try store.noteSourceFailures(failures, fetchedAt: pages.fetchedAt, notBefore: notBefore, until: deadline)
            } catch {
                notSaved = StoreError.wrapping(error)
            }
        }
        pages.fetched = fetched
        pages.answers = answers
        var outcome = WeatherOutcome(
            weather: fetched, cancelled: cancelled, notSaved: notSaved, fetchedAny: fetched.values.contains { $0.report != nil })
        outcome.heldUntil = heldUntil
        return (outcome, pages)
    }
}

/// Places' weather as a lookup found it, read a page of places at a time:
/// this run's answers (held), and what the cache keeps for the rest (read
/// when a page is asked for, let go with it).
public struct WeatherPages: Sendable {
    /// How many places' kept weather is read at once.
    public static let size = PlaceStore.byIDsAtOnce

    let store: PlaceStore
    let provider: String
    var full: Bool
    let plan: SourcePlan
    let now: Date
    var fetchedAt: Date
    let ttl: TimeInterval
    let warningTexts: Bool
    let allowance: WarningAllowance
    /// A list of at most this many places keeps the pages it read to know what
    /// is due, to show them: 1,000 places' summaries are read and decoded once.
    static let heldUpTo = 2 * size
    /// What was read to know what is due, kept (a short list's): every place's
    /// kept weather (all read, whether any was kept or not), and their sources' outlines.
    var held: [Int64: PlaceStore.CachedWeather] = [:]
    var heldSources: [Int64: [String: PlaceStore.CachedSourceAnswer]] = [:]
    var holds = false
    var holdsSources = false
    /// This run's answers: the weather's (failures among them) and the sources'.
    var fetched: [Int64: PlaceWeather] = [:]
    var answers: [String: [Int64: Result<SourceResult, WeatherError>]] = [:]

    /// The same, reading the kept summaries (current conditions and the first
    /// days, no hours) where it read whole reports: what a table's row shows.
    public var summaries: WeatherPages {
        var pages = self
        pages.full = false
        return pages
    }

    /// The kept copies of `places`' weather.
    func cached(_ places: some Collection<Place>) throws -> [Int64: PlaceStore.CachedWeather] {
        full
            ? try places.reduce(into: [:]) { cache, place in
                cache[place.id] = try store.cachedReport(placeID: place.id, provider: provider, now: now)
            }
            : try store.cachedSummaries(provider: provider, now: now, places: places.map(\.id))
    }

    /// The weather of `places` (read `size` at a time): this run's where it
    /// asked, the cache's where not or where this run's fetch failed (then stale).
    public func weather(for places: some Collection<Place>) throws -> [Int64: PlaceWeather] {
        var result: [Int64: PlaceWeather] = [:]
        let all = Array(places)
        for start in stride(from: 0, to: all.count, by: Self.size) {
            let page = all[start..<min(all.count, start + Self.size)]
            let cache = holds ? held : try cached(page)
            // Without their texts, the warnings kept are read from their outlines (a list's table, its report columns).
            let sourceCache = try (holdsSources ? heldSources : store.cachedSourceAnswers(
                // Whole while the run's allowance lasts (what arrived took its share first): past it, their outlines.
                now: now, outlines: !warningTexts, places: page.map(\.id), wholeBytes: allowance.bytesLeft
            )).mapValues { $0.mapValues { cached in
                guard case .warnings(let warnings) = cached.answer else { return cached }
                var kept = cached
                kept.answer = .warnings(allowance.keep(warnings))
                return kept
            } }
            for place in page {
                var weather = fetched[place.id] ?? PlaceWeather()
                if let old = cache[place.id], weather.error != nil {
                    // This fetch failed: the last known weather, marked stale.
                    weather.report = old.report
                    weather.fetchedAt = old.fetchedAt
                    weather.stale = true
                } else if fetched[place.id] == nil, let old = cache[place.id] {
                    weather.report = old.report
                    weather.fetchedAt = old.fetchedAt
                    // Older than the TTL; but never weather from the last minute
                    // (`--ttl 0 --offline` once said "stale, updated just now").
                    weather.stale = old.age(now: now) > max(ttl, WeatherLookup.alwaysFresh)
                }
                weather.addSources(
                    plan.outcome(for: place.id, fresh: answers, cache: sourceCache, fetchedAt: fetchedAt, report: weather.report, now: now))
                weather.normals = plan.normals(for: place.id, fresh: answers, cache: sourceCache)
                result[place.id] = weather
            }
        }
        return result
    }
}

extension WeatherLookup {
    /// The places whose normals this run asks, of `candidates`: at most
    /// `OpenMeteoNormals.callsPerRun` calls' worth, none another process is
    /// asking, no more than the archive's shared limit holds now (its calls
    /// taken in the same write: the run never waits for that limit). None when
    /// the database cannot be written.
    func claimNormals(_ candidates: [Int64], source: SourceDescriptor, settings: WeatherSettings, now: Date) -> [Int64] {
        let perMinute = settings.sourceCallsPerMinute ?? source.rate.callsPerMinute
        let rate = CallRate(callsPerMinute: perMinute, window: source.rate.window)
        return (try? store.claimNormals(
            candidates, most: Int(OpenMeteoNormals.callsPerRun / OpenMeteoNormals.callsPerPlace), callsPerPlace: OpenMeteoNormals.callsPerPlace,
            source: source.name, service: source.rateService, capacity: rate.capacity, callsPerMinute: perMinute, now: now,
            claimFor: OpenMeteoNormals.claimFor, until: .now + StoreRateBucket.longestWait)) ?? []
    }

    /// The sources' failures that were theirs (refused, failed, hung, unreadable),
    /// by place, and when each source may be asked again: its backoff, or
    /// longer where it asked to be left alone longer (a Retry-After).
    static func servicesFailures(
        _ answers: [String: [Int64: Result<SourceResult, WeatherError>]], except air: String?, at now: Date
    ) -> (failures: [Int64: [String: WeatherError]], notBefore: [String: Date]) {
        var failures: [Int64: [String: WeatherError]] = [:], notBefore: [String: Date] = [:]
        for (source, outcomes) in answers where source != air {
            guard let descriptor = WeatherSources.named(source) else { continue }
            for (id, outcome) in outcomes {
                // The normals' every failure is remembered, cut short or not: their calls are spent, and they can wait.
                guard case .failure(let error) = outcome, error.isTheServices || descriptor.kind == .normals else { continue }
                failures[id, default: [:]][source] = error
                var wait = descriptor.failureBackoff
                if case .waitLonger(_, _, let seconds)? = error.detail, seconds.isFinite { wait = max(wait, min(seconds, AnswerValidity.longestLife)) }
                notBefore[source] = max(notBefore[source] ?? .distantPast, now.addingTimeInterval(wait))
            }
        }
        return (failures, notBefore)
    }
}

extension PlaceWeather {
    mutating func addSources(_ outcome: (warnings: WarningStatus, nextHours: NextHours?, nextHoursAt: Date?, nextHoursError: WeatherError?)) {
        warnings = outcome.warnings
        nextHours = outcome.nextHours
        nextHoursAt = outcome.nextHoursAt
        nextHoursError = outcome.nextHoursError
    }
}

extension WeatherLookup {
    /// Asks `provider` for the weather of `queries` and, at the same time, each
    /// source for its places (the air for the places whose weather is asked,
    /// which goes into each report that arrived; the warnings; the next hours),
    /// each under its own limit, all within the one budget: no source's failure
    /// spoils the weather. Every query gets its weather or its error (an
    /// interrupted one: `cancelled`).
    static func fetch(
        _ queries: [PlaceQuery], sourceQueries: [String: [PlaceQuery]], provider: any WeatherProvider,
        sources: [String: any BatchService<SourceResult>], settings: WeatherSettings, detail: ReportDetail, context: AppContext,
        bucket: StoreRateBucket?, events: (@Sendable (RefreshEvent) -> Void)?, arrived: (@Sendable ([Int64: WeatherReport]) -> Void)? = nil,
        allowance: WarningAllowance = WarningAllowance()
    ) async -> (weather: [Int64: PlaceWeather], sources: [String: [Int64: Result<SourceResult, WeatherError>]], cancelled: Bool) {
        var options = settings.refreshOptions
        options.detail = detail
        // No connection may take longer to be made than what is left of the budget.
        let client = context.makeHTTPClient(HTTPClientNeeds(connections: options.concurrency, budget: options.secondsLeft(on: context.budgetClock)))
        let refresher = WeatherRefresher(
            provider: provider.batchService, client: client, options: options, sharedBucket: bucket, sleeper: context.sleeper,
            clock: context.clock, budgetClock: context.budgetClock)
        // Each source its own connections: one that hangs holds its own, never the
        // weather's nor another source's on the same host (MET's forecast, warnings
        // and nowcast are all api.met.no).
        var clients: [any ClosableHTTPClient] = [client]
        let companions = sourceQueries.sorted { $0.key < $1.key }.compactMap { name, places -> CompanionRequest<SourceResult>? in
            guard let found = sources[name], let descriptor = WeatherSources.named(name), !places.isEmpty else { return nil }
            // Warnings kept within the run's allowance as they are read: what is cut is never held.
            let service: any BatchService<SourceResult> = descriptor.kind == .warnings ? AllowedWarnings(service: found, allowance: allowance) : found
            // The normals' thirty requests a batch go sixteen at a time: two rounds, not four.
            let connections = descriptor.kind == .normals ? max(options.concurrency, OpenMeteoNormals.connections) : options.concurrency
            let client = context.makeHTTPClient(HTTPClientNeeds(connections: connections, budget: options.secondsLeft(on: context.budgetClock)))
            clients.append(client)
            var own = options
            own.concurrency = connections
            own.callsPerMinute = descriptor.kind == .air ? settings.airQualityCallsPerMinute : settings.sourceCallsPerMinute ?? descriptor.rate.callsPerMinute
            own.rateWindow = descriptor.kind == .air ? options.rateWindow : descriptor.rate.window
            var shared: (any SharedRateBucket)? = bucket
            if descriptor.kind == .normals {
                // Their calls were reserved before (`reserveNormals`): asked once each, no retry, no
                // limit to wait for, and never long: a run whose weather is cached does not wait
                // its whole budget for an archive that hangs.
                own.callsPerMinute = nil
                shared = nil
                own.attempts = 1
                own.budget = min(options.budget, OpenMeteoNormals.longestWait)
            }
            return CompanionRequest(
                name: name,
                refresher: BatchRefresher<SourceResult>(
                    provider: service, client: client, options: own, sharedBucket: shared, sleeper: context.sleeper, clock: context.clock,
                    budgetClock: context.budgetClock),
                places: places, outlastsGrace: descriptor.kind == .normals)
        }
        let (fetched, answers) = await refresher.refresh(
            queries, companions: companions, graceClock: context.graceClock, events: events, answered: arrived)
        let cancelled = Task.isCancelled
        for client in clients { await client.shutdown() }
        let fetchedAt = context.clock()
        let air = answers.first { WeatherSources.named($0.key)?.kind == .air }?.value ?? [:]
        var weather: [Int64: PlaceWeather] = [:]
        for query in queries {
            var one = PlaceWeather()
            switch fetched[query.id] {
            case .success(var report)?:
                // Night symbols by night, whatever the service said of the sun.
                report = report.withDaylight(at: query.coordinate)
                switch air[query.id] {
                case .success(let result)?:
                    if let values = result.air { report.airQuality = values.isEmpty ? nil : values }
                case .failure(let error)?: one.airQualityError = error
                case nil: break
                }
                one.report = report
                one.fetchedAt = fetchedAt
            case .failure(let error)?:
                one.error = error
            case nil:
                one.error = WeatherError(.cancelled, detail: .cancelled)
            }
            weather[query.id] = one
        }
        return (weather, answers, cancelled)
    }

    /// The weather of places that are not saved, keyed by their index in
    /// `places`: asked for all at once (batched as the provider allows), never
    /// read from or written to the cache, and not counted in the shared rate
    /// limit (which lives in a database this must not change). Nothing with
    /// `--offline`, as nothing is cached for them.
    public static func unsaved(
        _ places: [NewPlace], detail: ReportDetail, settings: WeatherSettings, context: AppContext,
        events: (@Sendable (RefreshEvent) -> Void)? = nil
    ) async throws -> WeatherOutcome {
        let keys = places.indices.map { Int64($0) }
        guard let provider = settings.makeProvider() else {
            return WeatherOutcome(weather: Dictionary(uniqueKeysWithValues: keys.map { ($0, PlaceWeather()) }), cancelled: false, fetchedAny: false)
        }
        let sources = try settings.makeSources(environment: context.environment)
        let plan = SourcePlan(
            zip(keys, places).map { SourcePlan.Target(id: $0, countryCode: $1.countryCode, coordinate: $1.coordinate, timeZone: $1.timeZone) },
            available: Set(sources.keys))
        let queries = zip(keys, places).map { PlaceQuery(id: $0, coordinate: $1.coordinate, timeZone: $1.timeZone) }
        let now = context.clock()
        // Nothing is kept for a place not saved, so a source whose terms space its
        // requests (MET's warnings: one a place in 10 minutes) is not asked for one:
        // its warnings read "not checked", and are checked once the place is saved.
        let due = plan.due(keys, cache: [:], weatherDue: Set(keys), refresh: true, now: now)
            .filter { (WeatherSources.named($0.key)?.minimumInterval ?? 0) == 0 }
        let byID = Dictionary(uniqueKeysWithValues: queries.map { ($0.id, $0) })
        let (weather, answers, cancelled) = await fetch(
            queries, sourceQueries: due.mapValues { $0.compactMap { byID[$0] } }, provider: provider, sources: sources, settings: settings,
            detail: detail, context: context, bucket: nil, events: events)
        let fetchedAt = context.clock()
        var result: [Int64: PlaceWeather] = [:]
        for (id, one) in weather {
            var one = one
            one.addSources(plan.outcome(for: id, fresh: answers, cache: [:], fetchedAt: fetchedAt, report: one.report, now: now))
            result[id] = one
        }
        return WeatherOutcome(weather: result, cancelled: cancelled, fetchedAny: weather.values.contains { $0.report != nil })
    }
}

/// The store's rate bucket, as the refresher's limit shared by every process.
struct StoreRateBucket: SharedRateBucket {
    let store: PlaceStore
    /// When the refresh's budget runs out.
    let deadline: ContinuousClock.Instant
    let clock: @Sendable () -> Date
    /// A busy database is no reason to wait long for a rate limit (its write
    /// takes a millisecond): past this, the limit is this process's own, as with
    /// a read-only database.
    static let longestWait: Duration = .milliseconds(250)

    func take(_ calls: Double, service: String, rate: CallRate) throws -> TimeInterval {
        try store.takeRateTokens(
            calls, service: service, capacity: rate.capacity, callsPerMinute: rate.callsPerMinute, now: clock(),
            until: min(deadline, .now + Self.longestWait))
    }
}
