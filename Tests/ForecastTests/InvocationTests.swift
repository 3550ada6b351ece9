import ForecastCore
import ForecastGazetteer
import ForecastViews
import Foundation
import Testing

@testable import ForecastCLI

/// The command line is read once, into one value (`Invocation`), before the
/// parse: its language, database, format and help; the checks after the parse
/// speak the language it says, with no task-local.
@Suite struct InvocationTests {
    let home = ["HOME": "/home/u"]

    func read(_ arguments: [String], environment: [String: String] = [:]) throws -> Invocation {
        try Invocation.read(arguments, environment: home.merging(environment) { $1 }) { _ in .unknown }
    }

    func read(_ arguments: String..., environment: [String: String] = [:], places: Set<String> = [], starts: Set<String> = []) throws -> Invocation {
        try Invocation.read(arguments, environment: home.merging(environment) { $1 }) {
            places.contains($0) ? .named : starts.contains($0) ? .nameStart : .unknown
        }
    }

    @Test func languageDatabaseAndFormatAreReadFromAnywhereBeforeTheEnd() throws {
        let add = try read("--lang", "ja", "--db", "/tmp/a.sqlite", "add", "Seoul", "--format=json")
        #expect(add.words == ["add", "Seoul", "--format=json"], "--lang and --db are read here only, never by the parser")
        #expect(add.language == .ja && add.languageChosen)
        #expect(add.databasePath == "/tmp/a.sqlite" && add.options.format == "json")
        #expect(!add.needsNoDatabase && add.helpAsked == nil && !add.asksCompletionScript)
        // The last of each counts; nothing after `--` is an option.
        let show = try read("show", "--db", "x.sqlite", "--db=~/y.sqlite", "--", "--db", "z")
        #expect(show.databasePath == "/home/u/y.sqlite" && !show.languageChosen)
        // The environment, then the XDG place.
        #expect(try read("list", environment: ["FORECAST_DB": "/data/f.sqlite"]).databasePath == "/data/f.sqlite")
        #expect(try read().databasePath == "/home/u/.local/share/forecast/forecast.sqlite")
        #expect(try read(environment: ["FORECAST_LANG": "ko"]).languageChosen)
        #expect(try read(environment: ["LANG": "ja_JP.UTF-8"]).language == .ja)
    }

    @Test func theWordsAreRoutedAsPeopleTypeThem() throws {
        #expect(try read().words == ["list"])
        #expect(try read("--format", "json").words == ["list", "--format", "json"])
        #expect(try read("Seoul", places: ["Seoul"]).words == ["show", "Seoul"])
        #expect(try read("ls", "--db", "p").words == ["ls"])
        #expect(try read("--db", "p", "--lang=ko", "Seoul", places: ["Seoul"]).words == ["show", "Seoul"])
        #expect(try read("show", "--", "--db", "p").words == ["show", "--", "--db", "p"], "a place called --db")
        #expect(throws: UsageFailure.self) { try read("lsit") }
        // The start of a place's name is a place, unless it is one edit from a command.
        #expect(try read("Addis", starts: ["Addis"]).words == ["show", "Addis"])
        #expect(throws: UsageFailure.self) { try read("ad", starts: ["ad"]) }
        #expect(try read("Rome", places: ["Rome"]).words == ["show", "Rome"], "a place, not a slip for move")
        #expect(throws: UsageFailure.self) { try read("help", "lsit") }
        #expect(throws: UsageFailure.self) { try read("list", "--lang", "xx") }
    }

    /// The command line is parsed once: `--lang` and `--db` by `Invocation`
    /// alone (the parser declares them for help, and never gets them), with
    /// the parser's own words when one is given without its value.
    @Test func languageAndDatabaseAreParsedOnce() async throws {
        let list = try read("list", "--db", "/tmp/a.sqlite", "--lang", "ko")
        let parsed = try Forecast.parseAsRoot(list.words)
        let command = try #require(parsed as? ListCommand)
        #expect(command.store.db == nil && command.language.lang == nil, "the parser never sees them")
        #expect(list.databasePath == "/tmp/a.sqlite" && list.language == .ko)
        for missing in [["list", "--db"], ["list", "--db", "--offline"], ["--db", "--offline"], ["show", "--lang"]] {
            #expect(throws: UsageFailure.self, "\(missing)") { try read(missing) }
        }
        // Help comes first, as the parser's; help, the version and the parser's own are given the words as typed.
        #expect(try read("--db", "-h").words == ["list", "-h"] && read("--db", "-h").helpAsked == "list")
        #expect(try read("--version", "--db", "x").words == ["--version", "--db", "x"])
        #expect(try read("help", "list", "--lang", "en", "--db", "x").words == ["help", "list", "--db", "x"])
        #expect(try read("list", "--db", "-").databasePath == "-", "'-' is a value")
        let cli = try InProcessCLI()
        for (arguments, option) in [(["list", "--db"], "--db <path>"), (["list", "--db", "--offline"], "--db <path>"), (["alerts", "--lang"], "--lang <code>")] {
            let result = await cli.run(arguments: arguments)
            #expect(result.status == 64 && result.stderr.contains("Missing value for '\(option)'"), "\(arguments): \(result.stderr)")
        }
    }

    @Test func helpIsKnownBeforeAnyDatabaseIsOpened() throws {
        let list = try read("ls", "--help")
        #expect(list.helpAsked == "list" && list.needsNoDatabase)
        let show = try read("Seoul", "-h", places: ["Seoul"])
        #expect(show.helpAsked == "show" && show.needsNoDatabase)
        let help = try read("--lang", "ko", "help", "show", "--lang", "en")
        #expect(help.helpAsked == "show" && help.language == .en && help.words == ["help", "show"])
        #expect(try read("--version").needsNoDatabase && read("--version").helpAsked == nil)
        #expect(try read("--generate-completion-script", "zsh").asksCompletionScript)
        #expect(try !read("show", "--", "--help").needsNoDatabase, "a place called --help is no help")
    }

    /// Every check made after the parse (the commands' and their option
    /// groups') is said in the command line's language, and in English in JSON.
    @Test(arguments: [["list"], ["show", "Seoul"], ["alerts"], ["report"], ["browse"], ["search", "Seoul"], ["add", "Seoul"]])
    func checksSpeakTheCommandLinesLanguage(_ command: [String]) async throws {
        let cli = try InProcessCLI()
        for language in Language.all {
            let words = language.words(Gazetteer.bundled)
            let result = await cli.run(arguments: command + ["--timeout", "0", "--lang", language.code])
            #expect(result.status == 64)
            #expect(result.stderr == "\(words.errorPrefix): \(words.usage(.timeout))\n", "\(command) in \(language.code)")
        }
        guard command != ["report"], command != ["browse"], command != ["alerts"] else { return }
        let json = await cli.run(arguments: command + ["--timeout", "0", "--lang", "ja", "--format", "json"])
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: [String: Any]]
        #expect(json.status == 64 && document?["error"]?["kind"] as? String == "usage")
        #expect(document?["error"]?["message"] as? String == Language.en.words(Gazetteer.bundled).usage(.timeout))
    }
}
