import Foundation
import Testing
@testable import ForecastCLI
@testable import ForecastViews
@testable import ForecastCore
import ForecastStore

/// `-o FILE`: regular files replaced whole with their permissions kept, links
/// written through, pipes and devices written into and never replaced.
@Suite struct FileOutputTests {
    let folder = TemporaryFolder()

    func kind(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    @Test func anExistingFileKeepsItsPermissions() async throws {
        let cli = try InProcessCLI()
        _ = await cli.run("add", "--lat", "37.5", "--lon", "127", "--name", "Seoul")
        let path = folder.path("places.json")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("old".utf8)))
        chmod(path, 0o600)
        #expect(await cli.run("export", "-o", path).status == 0)
        #expect(mode(path) == 0o600, "a chmod 600 export came back 644")
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("\"Seoul\""))
        // A new file gets 0666 less the umask, as the shell's `>` would.
        let new = folder.path("new.json")
        let mask = umask(0o022)
        defer { umask(mask) }
        #expect(await cli.run("export", "-o", new).status == 0)
        #expect(mode(new) == 0o644)
        // No temporary file is left beside them.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["new.json", "places.json"])
    }

    @Test func aSymbolicLinkIsWrittenThroughAndStays() async throws {
        let cli = try InProcessCLI()
        let target = folder.path("target.csv"), link = folder.path("link.csv")
        #expect(FileManager.default.createFile(atPath: target, contents: Data("old".utf8)))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.csv")
        #expect(await cli.run("export", "--format", "csv", "-o", link).status == 0)
        #expect(kind(link) == S_IFLNK, "the link was replaced by a file")
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("label,name"))
        // A dangling link: the file is created where it points.
        let dangling = folder.path("dangling.csv")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "made.csv")
        #expect(await cli.run("export", "--format", "csv", "-o", dangling).status == 0)
        #expect(kind(dangling) == S_IFLNK && kind(folder.path("made.csv")) == S_IFREG)
    }

    @Test func aPipeAndADeviceAreWrittenIntoNeverReplaced() async throws {
        let cli = try InProcessCLI()
        let fifo = folder.path("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        // A reader first, so that opening for writing does not wait.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        #expect(await cli.run("export", "--format", "csv", "-o", fifo).status == 0)
        #expect(kind(fifo) == S_IFIFO, "the FIFO became a file")
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(reader, &buffer, buffer.count)
        #expect(count > 0 && String(decoding: buffer[0..<max(count, 0)], as: UTF8.self).hasPrefix("label,name"))

        #expect(await cli.run("export", "-o", "/dev/null").status == 0)
        #expect(kind("/dev/null") == S_IFCHR, "/dev/null became a regular file")
    }

    @Test func dashAndStandardOutputAreTheOutput() async throws {
        let cli = try InProcessCLI()
        for path in ["-", "/dev/stdout"] {
            let result = await cli.run("export", "--format", "csv", "-o", path)
            #expect(result.status == 0 && result.stdout.hasPrefix("label,name"), "\(path): \(result.stderr)")
            #expect(result.stderr.isEmpty)
        }
    }

    @Test func whatCannotBeWrittenIsRefusedInWords() async throws {
        let cli = try InProcessCLI()
        let subfolder = folder.path("sub")
        try FileManager.default.createDirectory(atPath: subfolder, withIntermediateDirectories: true)
        let refused = await cli.run("export", "-o", subfolder)
        #expect(refused.status == 1 && refused.stderr.contains("it is a folder"), "\(refused.stderr)")
        let missing = await cli.run("export", "-o", folder.path("nowhere/x.json"))
        #expect(missing.status == 1 && missing.stderr.contains("its folder does not exist"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("nowhere")))
    }

    /// `report -o` into a folder that does not exist fails before any weather is fetched.
    @Test func aReportThatCannotBeWrittenFetchesNothing() async throws {
        let cli = try InProcessCLI()
        _ = await cli.run("add", "--lat", "51.5", "--lon", "-0.12", "--name", "London")
        let before = cli.http.count
        let result = await cli.run("report", "-o", folder.path("nowhere/x.html"))
        #expect(result.status == 1)
        #expect(cli.http.count == before, "it refreshed before failing")
        #expect(try cli.store.cachedSummaries(provider: "open-meteo", now: Date()).isEmpty)
    }

    /// `report -o ''` fetched the weather, then failed; a name of 250 bytes
    /// failed as its temporary file's name was too long.
    @Test func anEmptyPathFetchesNothingAndALongNameIsWritten() async throws {
        let cli = try InProcessCLI()
        _ = await cli.run("add", "--lat", "51.5", "--lon", "-0.12", "--name", "London")
        let before = cli.http.count
        let empty = await cli.run("report", "-o", "")
        #expect(empty.status == 1 && cli.http.count == before, "\(empty.stderr)")
        let long = folder.path(String(repeating: "가", count: 80) + ".json")  // 244 bytes
        let written = await cli.run("export", "-o", long)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(FileManager.default.fileExists(atPath: long))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("")).allSatisfy { !$0.hasSuffix(".tmp") })
    }

    /// `export -o "$FORECAST_DB"` wrote JSON over the database (exit 0, every place gone).
    /// The database and its journals are refused however the path is spelled: as
    /// given, through `..`, a symbolic link, a hard link; the file is untouched.
    /// (Relative spellings, the current folder's, are tried with the binary:
    /// RobustnessTests.relativePathsNameFilesInTheCurrentFolder.)
    @Test func theDatabaseInUseIsNeverWrittenOver() async throws {
        let cli = CLI()
        let added = try await cli.run("add", "--lat", "37.5", "--lon", "127", "--name", "Seoul")
        #expect(added.status == 0, "\(added.stderr)")
        let before = try #require(cli.databaseBytes())
        let folder = cli.folder
        try FileManager.default.createDirectory(atPath: folder.path("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path("link.sqlite"), withDestinationPath: "forecast.sqlite")
        #expect(link(cli.database, folder.path("hard.sqlite")) == 0)
        let spellings = [
            cli.database, folder.path("./forecast.sqlite"), folder.path("sub/../forecast.sqlite"), folder.path("link.sqlite"),
            folder.path("hard.sqlite"), cli.database + "-wal", folder.path("./forecast.sqlite-shm"), folder.path("sub/../forecast.sqlite-journal"),
        ]
        for spelling in spellings {
            for command in [["export"], ["export", "--format", "csv"], ["report", "--offline"]] {
                let result = try await cli.run(command + ["-o", spelling])
                #expect(result.status == 1, "\(command) -o \(spelling): \(result.status)")
                #expect(result.stderr.contains("it is the database in use"), "\(command) -o \(spelling): \(result.stderr)")
                #expect(cli.databaseBytes() == before, "\(command) -o \(spelling) changed the database")
            }
        }
        for journal in ["-wal", "-shm", "-journal"] {
            #expect(!FileManager.default.fileExists(atPath: cli.database + journal), "\(journal) was written")
        }
        let list = try await cli.run("list", "--offline")
        #expect(list.status == 0 && list.stdout.contains("Seoul"), "\(list.stderr)")
        // Another file in the same folder is written as ever.
        #expect(try await cli.run("export", "-o", folder.path("places.json")).status == 0)
    }

    /// A journal that exists is known by its inode: a hard link to the open
    /// database's -wal, under a name of its own, is refused too.
    @Test func aHardLinkToTheWriteAheadLogIsRefused() async throws {
        let cli = CLI()
        #expect(try await cli.run("add", "--lat", "37.5", "--lon", "127", "--name", "Seoul").status == 0)
        let open = try PlaceStore.open(path: cli.database)  // keeps the -wal and -shm files
        _ = try open.settings()
        let wal = cli.database + "-wal"
        #expect(FileManager.default.fileExists(atPath: wal))
        let other = cli.folder.path("notes.json")
        #expect(link(wal, other) == 0)
        let result = try await cli.run("export", "-o", other)
        #expect(result.status == 1 && result.stderr.contains("it is the database in use"), "\(result.stderr)")
        _ = try open.settings()
    }

    @Test(arguments: [
        ("a", "", "a"), ("t1.db", "", "t1.db"), ("/x", "/", "x"), ("/", "/", "/"), ("dir/a", "dir", "a"),
        ("dir//a", "dir", "a"), ("dir/a/", "dir", "a"), ("가", "", "가"), ("-", "", "-"), ("./é", ".", "é"),
    ])
    func pathsSplitWithoutFoundation(path: String, folder: String, name: String) {
        #expect(FilePath.folder(of: path) == folder)
        #expect(FilePath.name(of: path) == name)
    }
}
