import Foundation
import GRDB
import Testing
@testable import ForecastCore
@testable import ForecastStore

/// What happens around the weather: the database, the settings, other processes.
@Suite struct RobustnessTests {
    func cli(_ stub: StubWeatherService) throws -> CLI {
        var cli = CLI()
        cli.environment = stub.environment
        try HostileServiceTests.fivePlaces(cli)
        return cli
    }

    /// A full disk or a read-only file: the weather fetched is still shown, and
    /// the command says why it was not kept. (The failure is a trigger in the
    /// in-memory database: a file holding one is refused as not forecast's.)
    @Test func weatherThatCannotBeSavedIsStillShown() async throws {
        let cli = try InProcessCLI()
        #expect(await cli.run("add", "London").status == 0)
        try await #require(cli.store.queue).write { db in
            try db.execute(sql: "CREATE TRIGGER full_disk BEFORE INSERT ON weather_summary BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END")
        }
        let result = await cli.run("list")
        #expect(result.status == 3)
        #expect(result.lines.count == 2 && result.lines[1].contains("8°C"), "the weather is shown: \(result.stdout)")
        #expect(result.stderr == "warning: the weather was shown but not saved: database error: database or disk is full\n")
        #expect(await cli.run("list", "--offline").stdout.contains("no weather yet"), "and indeed not saved")
    }

    /// A command that fails changes nothing, not even the last viewed place.
    @Test func showRemembersOnlyWhatItShowed() async throws {
        let stub = try await StubWeatherService.start()
        var cli = try cli(stub)
        #expect(try await cli.run("show", "P2", "--offline").status == 0)
        cli.environment["FORECAST_PROVIDER"] = "bogus"
        let refused = try await cli.run("show", "P4")
        #expect(refused.status == 1 && refused.stderr.contains("FORECAST_PROVIDER"))
        cli.environment["FORECAST_PROVIDER"] = nil
        #expect(try await cli.run("show", "--offline").stdout.hasPrefix("P2"), "P2 is still the last viewed")
        #expect(try await cli.run("show", "--next", "--offline").stdout.hasPrefix("P3"))
        #expect(try await cli.run("show", "--offline").stdout.hasPrefix("P3"))
        await stub.stop()
    }

    /// Two runs share one rate limit through the database (each opens it for
    /// itself, as two processes do): what the first used, the second cannot use again.
    @Test func theRateLimitIsSharedByEveryRun() async throws {
        let stub = try await StubWeatherService.start()
        let cli = try cli(stub)
        // A budget shorter than the minute the second would wait for the five calls the first used.
        let first = try await cli.run("list", "--refresh", "--rate-limit", "5", "--timeout", "40")
        #expect(first.status == 0, "\(first.stderr)")
        let second = try await cli.run("list", "--refresh", "--rate-limit", "5", "--format", "json", "--timeout", "40")
        #expect(second.status == 2)
        #expect(second.stderr == "error: weather for 5 of 5 places could not be fetched (rate limited: 5)\n")
        #expect(second.stdout.contains("client-side limit of 5 calls a minute"))
        #expect(await stub.log.count == 1, "the second run asked nothing")
        await stub.stop()
    }

    /// A relative path on the command line names a file in the current folder,
    /// the process's own (so the binary is run, in the test's folder):
    /// a plain name is a database there (a one-character name, "a", "가", "-",
    /// trapped in NSString's path methods: SIGILL); a pipe or a folder there
    /// is refused at once; and `-o` refuses the database in use and its
    /// journals however they are spelled relatively (the absolute spellings:
    /// FileOutputTests.theDatabaseInUseIsNeverWrittenOver).
    @Test func relativePathsNameFilesInTheCurrentFolder() async throws {
        var cli = CLI()
        cli.process = true
        for name in ["t1.db", "a", "1", "-", "é", "가"] {
            let added = try await cli.run("add", "Seoul", "--db", name)
            #expect(added.status == 0, "\(name): \(added.stderr)")
            #expect(FileManager.default.fileExists(atPath: cli.folder.path(name)), "\(name)")
            #expect(try await cli.run("list", "--offline", "--db", name).stdout.contains("Seoul"), "\(name)")
        }

        #expect(mkfifo(cli.folder.path("fifo"), 0o600) == 0)
        try FileManager.default.createDirectory(atPath: cli.folder.path("folder"), withIntermediateDirectories: false)
        for (path, reason) in [("fifo", "it is a named pipe, not a file"), ("folder", "it is a folder")] {
            let result = try await cli.run("list", "--offline", "--db", path)
            #expect(result.status == 1, "\(path)")
            #expect(result.stderr.hasPrefix("error: cannot open database") && result.stderr.contains(reason), "\(result.stderr)")
        }

        // The test's database ($FORECAST_DB, absolute), written to through relative spellings.
        let added = try await cli.run("add", "--lat", "37.5", "--lon", "127", "--name", "Seoul")
        #expect(added.status == 0, "\(added.stderr)")
        let before = try #require(cli.databaseBytes())
        try FileManager.default.createDirectory(atPath: cli.folder.path("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: cli.folder.path("link.sqlite"), withDestinationPath: "forecast.sqlite")
        #expect(link(cli.database, cli.folder.path("hard.sqlite")) == 0)
        let spellings = [
            "forecast.sqlite", "./forecast.sqlite", "sub/../forecast.sqlite", "link.sqlite", "hard.sqlite",
            "forecast.sqlite-wal", "./forecast.sqlite-shm", "sub/../forecast.sqlite-journal",
        ]
        for spelling in spellings {
            for command in [["export"], ["export", "--format", "csv"], ["report", "--offline"]] {
                let result = try await cli.run(command + ["-o", spelling])
                #expect(result.status == 1 && result.stderr.contains("it is the database in use"), "\(command) -o \(spelling): \(result.stderr)")
                #expect(cli.databaseBytes() == before, "\(command) -o \(spelling) changed the database")
            }
        }
        // Another file in the same folder is written as ever.
        #expect(try await cli.run("export", "-o", "places.json").status == 0)
        #expect(FileManager.default.fileExists(atPath: cli.folder.path("places.json")))
    }

    /// A device is no database (in this process: the path is absolute).
    @Test func aDeviceIsRefusedAtOnce() async throws {
        let cli = CLI()
        let result = try await cli.run("list", "--offline", "--db", "/dev/null")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: cannot open database") && result.stderr.contains("it is a device, not a file"), "\(result.stderr)")
    }

    /// A database the user may read but not write, in a folder where SQLite cannot
    /// make its -shm file (a read-only mount, another user's file, a full disk):
    /// every command that reads works; a write fails saying so, and changes nothing.
    @Test func aDatabaseThatCannotBeWrittenCanStillBeRead() async throws {
        let stub = try await StubWeatherService.start()
        var cli = CLI()
        cli.environment = stub.environment
        #expect(try await cli.run("add", "--lat", "51.5", "--lon", "-0.12", "--name", "London").status == 0)
        #expect(try await cli.run("list").status == 0)
        let before = try #require(cli.databaseBytes())
        // As root (CI), permissions do not bind: run as nobody instead. Otherwise, take write permission away.
        let root = getuid() == 0
        if root {
            chmod(cli.folder.url.path, 0o755)
            chmod(cli.database, 0o644)
        } else {
            chmod(cli.database, 0o444)
            chmod(cli.folder.url.path, 0o555)
        }
        defer { chmod(cli.folder.url.path, 0o755) }
        // A copy nobody can run, wherever the build folder is (a CI clone may be 0700).
        let binary = FileManager.default.temporaryDirectory.appending(path: "forecast-nobody-\(UUID().uuidString)")
        if root { try await ProcessLaunch.copyExecutable(at: CLI.binary, to: binary) }
        defer { try? FileManager.default.removeItem(at: binary) }
        func run(_ arguments: String...) async throws -> CLI.Result {
            guard root else { return try await cli.run(arguments, binary: CLI.binary) }
            return try await cli.run(
                ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + arguments, binary: URL(fileURLWithPath: "/usr/bin/setpriv"))
        }
        let list = try await run("list", "--offline")
        #expect(list.status == 0 && list.stdout.contains("London") && !list.stdout.contains("no weather yet"), "\(list.stdout)\(list.stderr)")
        #expect(try await run("export").stdout.contains("\"London\""))
        let show = try await run("show", "London", "--offline")
        #expect(show.status == 3 && show.stdout.hasPrefix("London"), "shown, and the last viewed not kept: \(show.stderr)")
        // -o onto a file this user may not write is refused, as `>` would, and the file stays.
        // In a folder anyone may write, so that only the file's own permission stops it.
        let open = cli.folder.path("open")
        try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: false)
        chmod(open, 0o777)
        let theirs = open + "/theirs.json"
        #expect(FileManager.default.createFile(atPath: theirs, contents: Data("kept".utf8)))
        chmod(theirs, 0o444)
        let refused = try await run("export", "-o", theirs)
        #expect(refused.status == 1 && refused.stderr.contains("Permission denied"), "\(refused.stderr)")
        #expect(FileManager.default.contents(atPath: theirs) == Data("kept".utf8))
        let add = try await run("add", "--lat", "1", "--lon", "1")
        #expect(add.status == 1 && add.stderr.contains("cannot write database") && add.stderr.contains("(it can only be read)"), "\(add.stderr)")
        #expect(cli.databaseBytes() == before)
        await stub.stop()
    }

    /// `export > /dev/full` said nothing and exited 0; a reader that went away
    /// killed the process by SIGPIPE wherever it was.
    @Test func outputThatCannotBeWrittenIsAFailure() async throws {
        var cli = CLI()
        try HostileServiceTests.fivePlaces(cli)
        #if os(Linux)
        // Failable on macOS, not on Linux: an optional either way.
        let devFull: FileHandle? = FileHandle(forWritingAtPath: "/dev/full")
        guard let devFull else { Issue.record("no /dev/full here"); return }
        cli.standardOutput = devFull
        let full = try await cli.run("export")
        #expect(full.status == 1)
        #expect(full.stderr == "error: cannot write the output: No space left on device\n", "\(full.stderr)")
        #endif
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        cli.standardOutput = pipe.fileHandleForWriting
        let closed = try await cli.run("export")
        #expect(closed.status == 141 && closed.stderr.isEmpty, "as any command whose reader went away: \(closed.stderr)")
        cli.standardOutput = nil
        #expect(try await cli.run("export").status == 0)
    }

    /// A full disk while a new database was made said "it is read-only and
    /// needs upgrading" and left a 0-byte file. Now it says the disk is full and
    /// leaves nothing, not even the folders it made, however full the disk was
    /// (no room at all, room for the header but not the -shm file, room for the
    /// -shm but not the schema). A real full disk: a tmpfs of 128 KiB, filled, in
    /// a mount namespace of the test's own that goes with its process (Linux, root).
    @Test(.enabled(if: RobustnessTests.canMountTmpfs)) func aFullDiskSaysSoAndLeavesNothingBehind() async throws {
        var cli = CLI()
        let disk = cli.folder.path("disk")
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: false)
        cli.environment["FORECAST_UNDER_TEST"] = CLI.binary.path
        cli.environment["DISK"] = disk
        let script = #"""
            mount -t tmpfs -o size=128k tmpfs "$DISK" || exit 99
            for free in 0 12 24 60 100; do
              rm -rf "$DISK"/*
              dd if=/dev/zero of="$DISK/filler" bs=1k count=$((128 - free)) 2>/dev/null
              "$FORECAST_UNDER_TEST" add --lat 1 --lon 1 --name X --db "$DISK/new/forecast.sqlite" >/dev/null 2>"$HOME/err"
              echo "$free $? $(ls -A "$DISK" | tr '\n' ' ')"
              cat "$HOME/err" >&2
            done
            """#
        let result = try await cli.run(["--mount", "/bin/sh", "-c", script], binary: URL(fileURLWithPath: "/usr/bin/unshare"))
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5, "\(result.status) \(result.stdout) \(result.stderr)")
        for line in lines {
            #expect(line.hasSuffix(" 1 filler "), "free KiB, status, what is left: \(line)")
        }
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == 5 && errors.allSatisfy { $0.contains("the disk is full; nothing was left behind") }, "\(result.stderr)")
    }

    /// The same where writes fail for another reason (the file size limit,
    /// SIGXFSZ ignored: EFBIG, "disk I/O error"): said as SQLite says it, and
    /// nothing is left, where a 0-byte file stayed. Any system with a shell.
    @Test func aNewDatabaseThatCannotBeWrittenLeavesNothingBehind() async throws {
        var cli = CLI()
        cli.environment["FORECAST_UNDER_TEST"] = CLI.binary.path
        let script = #"""
            trap '' XFSZ
            ulimit -f 2
            "$FORECAST_UNDER_TEST" add --lat 1 --lon 1 --name X --db "$HOME/new/deeper/forecast.sqlite"
            """#
        let result = try await cli.run(["-c", script], binary: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("cannot open database") && !result.stderr.contains("needs upgrading"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.folder.path("new")), "the folders made for it stay")
    }

    /// `cp backup.sqlite new.sqlite; mv new.sqlite "$FORECAST_DB"` under an open
    /// database (a restore, a sync tool) left it malformed: writes went on through
    /// the old file, and its write-ahead log, named after the path, was read
    /// into the new file. The store notices that the path names another file: the
    /// write is refused (its journals go with the old file), the next one goes to
    /// the file now at the path, and both files are whole.
    @Test func aDatabaseReplacedUnderAnOpenStoreIsNeitherWrittenNorMixed() throws {
        let folder = TemporaryFolder()
        let path = folder.path("forecast.sqlite"), old = folder.path("old.sqlite")
        let store = try PlaceStore.open(path: path)
        _ = try store.add(seoul, now: Date())
        try store.setSort(PlaceSort(key: .name))  // pages in the write-ahead log, which the open connection keeps
        #expect(link(path, old) == 0, "the old file, to look at afterwards")
        let backup = folder.path("backup.sqlite")
        do {
            let other = try PlaceStore.open(path: backup)
            _ = try other.add(busan, now: Date())
        }  // closed: its log checkpointed into it, as a backup is
        try FileManager.default.copyItem(atPath: backup, toPath: folder.path("new.sqlite"))
        #expect(rename(folder.path("new.sqlite"), path) == 0)
        #expect(store.fileChanged)
        #expect(throws: StoreError.replaced(path: path)) { try store.add(daegu, now: Date()) }
        #expect(try store.ordered().places.map(\.displayName) == ["Busan"], "from now on, the file at the path")
        _ = try store.add(daegu, now: Date())
        #expect(!store.fileChanged)
        #expect(try Self.contents(path) == ["ok", "Busan", "Daegu"])
        #expect(try Self.contents(old) == ["ok", "Seoul"], "the old file is whole, and nothing more was written to it")
    }

    /// Deleting the database under an open one: the app said "Saved Seoul" and
    /// nothing was on disk. The write is refused, saying so; the next makes a new database at the path.
    @Test func aDatabaseDeletedUnderAnOpenStoreIsNotWrittenToNowhere() throws {
        let folder = TemporaryFolder()
        let path = folder.path("forecast.sqlite")
        let store = try PlaceStore.open(path: path)
        _ = try store.add(seoul, now: Date())
        #expect(unlink(path) == 0)  // as rm does: the file, not its journals
        #expect(throws: StoreError.replaced(path: path)) { try store.add(busan, now: Date()) }
        #expect(try store.ordered().places.isEmpty)
        _ = try store.add(busan, now: Date())
        #expect(try Self.contents(path) == ["ok", "Busan"], "on disk, where the user looks")
    }

    /// A database's integrity check and its places' names, read by a connection of its own.
    static func contents(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            [try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? ""]
                + (try String.fetchAll(db, sql: "SELECT display_name FROM place ORDER BY position"))
        }
    }

    /// Whether this machine lets a test mount a tmpfs in a mount namespace of its own (Linux, as root).
    static let canMountTmpfs: Bool = {
        #if os(Linux)
        let unshare = "/usr/bin/unshare"
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: unshare) else { return false }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: unshare)
        probe.arguments = ["--mount", "/bin/sh", "-c", "mount -t tmpfs -o size=4k tmpfs /tmp"]
        probe.standardError = FileHandle.nullDevice
        do { try ProcessLaunch.lock.withLock { try probe.run() } } catch { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
        #else
        return false
        #endif
    }()
}
