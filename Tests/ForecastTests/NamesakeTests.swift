import Foundation
import GRDB
import Testing
@testable import ForecastCLI
@testable import ForecastCore
@testable import ForecastStore

/// `Name#N` names one place for as long as it exists: the number is given when
/// the place is saved and kept through sorts, moves, renames of others and
/// removals; every output that shows namesakes shows it.
@Suite struct NamesakeTests {
    /// What a new user did: the same address, after a sort and a move, renamed the other Springfield.
    @Test func anAddressSurvivesSortsMovesAndRemovals() async throws {
        let cli = CLI()
        for arguments in [["add", "Springfield", "--pick", "3"], ["add", "Springfield", "--pick", "1"], ["add", "Busan"]] {
            let added = try await cli.run(arguments)
            #expect(added.status == 0, "\(arguments): \(added.stderr)")
        }
        let first = try #require(try await Self.location(cli, "Springfield#1"))
        let second = try #require(try await Self.location(cli, "Springfield#2"))
        #expect(first["region"] as? String != second["region"] as? String)
        #expect(try await cli.run("sort", "name", "--descending").status == 0)
        #expect(try await cli.run("move", "Busan", "1").status == 0)
        #expect(try await cli.run("sort", "temperature").status == 0)
        let renamed = try await cli.run("rename", "Springfield#1", "Home")
        #expect(renamed.status == 0)
        let home = try #require(try await Self.location(cli, "Home"))
        #expect(home["id"] as? Int == first["id"] as? Int, "the first Springfield, wherever it stands: \(renamed.stdout)")
        #expect(renamed.stdout.hasPrefix("Renamed Springfield#1 ("))
        // The one left keeps its address, and a new namesake gets a new number.
        #expect(try await Self.location(cli, "Springfield#2")?["id"] as? Int == second["id"] as? Int)
        #expect(try await cli.run("rename", "Home", "Springfield").status == 0)
        let back = try #require(try await Self.location(cli, "Springfield#3"))
        #expect(back["id"] as? Int == first["id"] as? Int, "renamed back: numbered after the others")
        #expect(try await cli.run("remove", "Springfield#2").status == 0)
        let third = try await cli.run("add", "Springfield", "--pick", "2")
        #expect(third.status == 0 && third.stdout.hasPrefix("Saved Springfield#4 ("), "\(third.stdout)")
        #expect(try await Self.location(cli, "Springfield#3")?["id"] as? Int == first["id"] as? Int)
        let gone = try await cli.run("show", "Springfield#2", "--offline")
        #expect(gone.status != 0, "a removed address names nothing: \(gone.stdout)")

        // Every output tells them apart.
        let list = try await cli.run("list", "--offline")
        #expect(list.stdout.contains("Springfield#3") && list.stdout.contains("Springfield#4"), "\(list.stdout)")
        let line = try await cli.run("list", "--offline", "--format", "line", "--template", "{name}")
        #expect(line.stdout.contains("Springfield#3\n") && line.stdout.contains("Springfield#4\n"), "\(line.stdout)")
        let csv = try await cli.run("list", "--offline", "--format", "csv")
        #expect(csv.stdout.contains(",Springfield#3,") && csv.stdout.contains(",Springfield#4,"))
        let json = try await cli.json("list", "--offline", "--format", "json")
        let addresses = (json["locations"] as? [[String: Any]] ?? []).compactMap { $0["address"] as? String }
        #expect(Set(addresses) == ["Springfield#3", "Springfield#4"], "Busan has no address of its own: \(addresses)")
        let show = try await cli.run("show", "Springfield#4", "--offline")
        #expect(show.lines.first?.hasPrefix("Springfield#4") == true, "\(show.stdout)")
        // What the shell's completion offers, $FORECAST_DB naming the database (its wiring through the parser: FirstMinuteTests).
        let names = Completions.savedNames(arguments: ["forecast", "show", "Spr"], prefix: "Spr", environment: cli.runEnvironment())
        #expect(Set(names) == ["Springfield#3", "Springfield#4"] && names.count == 2, "\(names)")
    }

    /// The note that a label is shared comes with a change, not with an add that saved nothing.
    @Test func theNamesakeNoteComesOnlyWithAChange() async throws {
        let cli = CLI()
        #expect(try await cli.run("add", "Seoul").status == 0)
        let second = try await cli.run("add", "--lat", "37.5", "--lon", "127.03", "--name", "Seoul")
        #expect(second.status == 0 && second.stderr.contains("Seoul#2"), "\(second.stderr)")
        let again = try await cli.run("add", "Seoul")
        #expect(again.status == 0 && again.stdout.contains("already saved") && again.stderr.isEmpty, "\(again.stderr)")
        let same = try await cli.run("rename", "Seoul#2", "seoul")
        #expect(same.status == 0 && same.stderr.isEmpty && same.stdout.contains("Seoul#2"), "\(same.stdout)\(same.stderr)")
    }

    /// Places named after a city they are near are found by that city's name
    /// only after the city itself, in either language, and by the name the
    /// Korean list shows them under; an address none has is not found (exit 4).
    @Test func nearbyPlacesAndKoreanNamesAreAddresses() async throws {
        let cli = try InProcessCLI()
        for arguments in [["add", "Seoul"], ["add", "--lat", "37.5", "--lon", "127.0"], ["add", "--lat", "37.52", "--lon", "127.01"]] {
            #expect(await cli.run(arguments: arguments).status == 0, "\(arguments)")
        }
        #expect(await cli.run("show", "서울", "--offline").lines.first?.hasPrefix("Seoul (서울)") == true, "the city itself")
        #expect(await cli.run("show", "Seoul", "--offline").lines.first?.hasPrefix("Seoul  ") == true)
        let second = await cli.run("show", "서울 부근#2", "--offline", "--lang", "ko")
        #expect(second.status == 0 && second.lines.first?.hasPrefix("서울 부근#2") == true, "\(second.stdout)\(second.stderr)")
        let both = await cli.run("show", "서울 부근", "--offline")
        #expect(both.status == 1 && both.stderr.contains("near Seoul#1 = 2") && both.stderr.contains("near Seoul#2 = 3"), "\(both.stderr)")
        let gone = await cli.run("show", "near Seoul#7", "--offline")
        #expect(gone.status == 4 && gone.stderr.contains("near Seoul#7"), "\(gone.stderr)")
        let note = await cli.run("add", "--lat", "37.54", "--lon", "127.02", "--lang", "ko")
        #expect(note.stderr.contains("서울 부근") && !note.stderr.contains("'near Seoul'이라는"), "one name for one place: \(note.stderr)")
    }

    /// A start typed in Korean completes a place's Korean name, which finds it.
    @Test func aKoreanStartCompletesTheKoreanName() async throws {
        let cli = CLI()
        #expect(try await cli.run("add", "Seoul").status == 0)
        #expect(try await cli.run("add", "Busan").status == 0)
        let complete = { (prefix: String) in
            Completions.savedNames(arguments: ["forecast", "show", prefix], prefix: prefix, environment: cli.runEnvironment())
        }
        #expect(complete("서") == ["서울"])
        #expect(complete("") == ["Seoul", "Busan"], "labels alone when nothing is typed")
    }

    static func location(_ cli: CLI, _ reference: String) async throws -> [String: Any]? {
        let shown = try await cli.run("show", reference, "--offline", "--format", "json")
        guard shown.status == 0 || shown.status == 1 else { return nil }
        let json = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
        return json?["location"] as? [String: Any]
    }

    /// Places saved before the numbers were stored are numbered in their own
    /// order, once; labels that differ in accents only, which SQL cannot fold,
    /// are told apart by the program.
    @Test func anOlderDatabaseIsNumberedInItsOwnOrder() throws {
        let folder = TemporaryFolder()
        let path = folder.path("release7.sqlite")
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try SchemaMigrator(migrations: Array(SchemaMigration.embedded.prefix(7))).migrate(db, path: path)
            try db.execute(sql: """
                INSERT INTO place (id, display_name, canonical_name, latitude, longitude, time_zone, position, added_at) VALUES
                  (1, 'Seoul', 'Seoul', 37.566, 126.9784, 'Asia/Seoul', 3, '2026-01-01 00:00:00.000'),
                  (2, 'seoul', 'Seoul', 37.5, 127.03, 'Asia/Seoul', 1, '2026-01-01 00:00:00.000'),
                  (3, 'Sao Paulo', 'Sao Paulo', -23.5, -46.6, 'America/Sao_Paulo', 2, '2026-01-01 00:00:00.000'),
                  (4, 'São Paulo', 'São Paulo', -23.6, -46.7, 'America/Sao_Paulo', 4, '2026-01-01 00:00:00.000'),
                  (5, 'Busan', 'Busan', 35.1, 129.0, 'Asia/Seoul', 5, '2026-01-01 00:00:00.000');
                """)
        }
        try queue.close()
        let store = try PlaceStore.open(path: path)
        let places = Dictionary(uniqueKeysWithValues: try store.ordered().places.map { ($0.id, $0) })
        #expect(places[2]?.namesake == 1 && places[1]?.namesake == 2, "in the manual order")
        #expect(Set([places[3]?.namesake, places[4]?.namesake]) == [1, 2], "accents: told apart after the highest")
        #expect(places[5]?.namesake == 1 && places[5]?.hasNamesakes == false && places[5]?.shownNumber == nil)
        #expect(places[1]?.shownNumber == 2)
        let stored = try DatabaseQueue(path: path).read { db in try Int.fetchAll(db, sql: "SELECT namesake FROM place ORDER BY id") }
        #expect(stored == [2, 1, 1, 1, 1], "stored by the migration as SQL folds letters")
    }

    /// A number held twice or not at all (a database written by hand) is given
    /// anew after the highest of its label; what was stored stays where it is unique.
    @Test func numbersAreMadeDistinct() throws {
        let now = Date(timeIntervalSince1970: 0)
        let at = try Coordinate(latitude: 1, longitude: 1)
        func place(_ id: Int64, _ label: String, _ number: Int?) -> Place {
            Place(id: id, displayName: label, canonicalName: label, countryCode: "", admin1: "", coordinate: at, timeZone: "UTC",
                  geonamesID: nil, position: Int(id), addedAt: now, namesake: number)
        }
        let numbered = PlaceReference.numbered([place(1, "A", 5), place(2, "a", 5), place(3, "A", nil), place(4, "A", -3), place(5, "B", 9)])
        #expect(numbered.map(\.namesake) == [5, 6, 7, 8, 9])
        #expect(numbered.map(\.shownNumber) == [5, 6, 7, 8, nil])
        #expect(try PlaceReference.resolve("A#7", in: numbered).id == 3)
        #expect(try PlaceReference.resolve("B#9", in: numbered).id == 5, "a lone place answers to its own number")
        #expect(throws: InputError.self) { try PlaceReference.resolve("B#1", in: numbered) }
        var next = PlaceReference.NextNumbers(numbered)
        #expect(next.take("a") == (9, true) && next.take("A") == (10, true) && next.take("C") == (1, false))
    }
}
