import ForecastCore
import Foundation
import ForecastViews

/// Where `-o FILE` writes, and how, decided before anything is fetched or
/// written (so `report -o /nonexistent/x.html` fails before it refreshes):
///
/// - `-`, `/dev/stdout` and `/dev/stderr` are the command's own output streams;
/// - a regular file, new or existing, is written whole or not at all: a
///   temporary file beside it, then rename(2). An existing file keeps its
///   permissions (and, where allowed, its owner);
/// - a symbolic link is followed: its target is written, the link stays;
/// - a named pipe or a character device (`/dev/null`, a terminal) is written
///   straight into, never replaced by a file;
/// - anything else (a folder, a socket, a block device) is refused;
/// - so is the database in use and its journal files, however the path is spelled.
enum FileOutput {
    enum Target: Equatable {
        case standardOutput, standardError
        /// A regular file, existing (with its mode and owner) or to be created.
        case file(path: String, existing: Existing?)
        /// A FIFO or character device: opened and written in place.
        case stream(path: String)

        struct Existing: Equatable {
            var mode: mode_t
            var owner: uid_t
            var group: gid_t
        }
    }

    /// Why a path cannot be written.
    typealias Problem = FileProblem

    /// Where `-o` writes (standard output when not given), or a failure in the user's words.
    /// `database` is the database the command uses: it is never written over.
    static func checkedTarget(_ path: String?, database: String, in context: CommandContext) throws -> Target {
        guard let path else { return .standardOutput }
        do throws(Problem) {
            let target = try target(path)
            try refuseDatabase(target, database: database)
            return target
        } catch { throw CommandFailure(message: context.words.cannotWrite(path, error)) }
    }

    /// The suffixes of the files SQLite keeps beside a database.
    static let databaseCompanions = ["", "-wal", "-shm", "-journal"]

    /// Refuses a file that is the database or one of its journal files (`-wal`, `-shm`,
    /// `-journal`), whatever the path is spelled as (relative, `..`, a symbolic or a hard
    /// link): existing files are compared by device and inode, a file yet to be made by its
    /// folder's device and inode and its name. Pipes and devices are no database.
    static func refuseDatabase(_ target: Target, database: String) throws(Problem) {
        guard case .file(let path, _) = target, !database.isEmpty else { return }
        // SQLite names its journals after the path it opened, with links resolved.
        var bases = [database]
        if let followed = try? followLinks(database) { bases.append(followed) }
        if let resolved = realpath(database, nil) {
            bases.append(String(cString: resolved))
            free(resolved)
        }
        for base in bases {
            for suffix in databaseCompanions where sameFile(path, base + suffix) { throw .database }
        }
    }

    /// Whether two paths name one file: the same device and inode, or, when either
    /// does not exist yet, the same name in the same folder.
    static func sameFile(_ first: String, _ second: String) -> Bool {
        var one = stat(), other = stat()
        if stat(first, &one) == 0, stat(second, &other) == 0 { return one.st_dev == other.st_dev && one.st_ino == other.st_ino }
        guard FilePath.name(of: first) == FilePath.name(of: second) else { return false }
        let firstFolder = FilePath.folder(of: first), secondFolder = FilePath.folder(of: second)
        guard stat(firstFolder.isEmpty ? "." : firstFolder, &one) == 0, stat(secondFolder.isEmpty ? "." : secondFolder, &other) == 0 else { return false }
        return one.st_dev == other.st_dev && one.st_ino == other.st_ino
    }

    /// Where `path` writes to, or why it cannot be written.
    static func target(_ path: String) throws(Problem) -> Target {
        switch path {
        case "-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1": return .standardOutput
        case "/dev/stderr", "/dev/fd/2", "/proc/self/fd/2": return .standardError
        case "": throw .system(ENOENT)  // before anything is fetched for it
        default: break
        }
        let resolved = try followLinks(path)
        var info = stat()
        guard lstat(resolved, &info) == 0 else {
            guard errno == ENOENT else { throw .system(errno) }
            // A new file: its folder must exist and be one.
            let folder = FilePath.folder(of: resolved)
            var folderInfo = stat()
            guard stat(folder.isEmpty ? "." : folder, &folderInfo) == 0 else { throw .missingFolder }
            guard folderInfo.st_mode & S_IFMT == S_IFDIR else { throw .missingFolder }
            try writableFolder(of: resolved)
            return .file(path: resolved, existing: nil)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            // Replacing it means a new file beside it: the folder must take one. And only a
            // file this user may write is replaced, as `>` would refuse (its owner would change).
            try writableFolder(of: resolved)
            guard access(resolved, W_OK) == 0 else { throw .system(errno) }
            return .file(path: resolved, existing: .init(mode: info.st_mode & 0o7777, owner: info.st_uid, group: info.st_gid))
        case S_IFIFO, S_IFCHR: return .stream(path: resolved)
        case S_IFDIR: throw .folder
        case S_IFSOCK: throw .socket
        case S_IFBLK: throw .blockDevice
        default: throw .notRegular
        }
    }

    /// Refuses, before anything is fetched or written, a folder this user cannot write into.
    private static func writableFolder(of path: String) throws(Problem) {
        let folder = FilePath.folder(of: path)
        guard access(folder.isEmpty ? "." : folder, W_OK | X_OK) == 0 else { throw .system(errno) }
    }

    /// `path` with every symbolic link along its last component followed (the
    /// target of a dangling link is where the file will be created).
    static func followLinks(_ path: String) throws(Problem) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, Int(PATH_MAX))
            guard count > 0 else { throw .system(errno) }
            let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : FilePath.join(FilePath.folder(of: current), target)
        }
        throw .tooManyLinks
    }

    /// Writes `text` where `target` says. Throws a message in the user's words.
    static func write(_ text: String, to target: Target, named path: String, in context: CommandContext) throws {
        try write(to: target, named: path, in: context) { piece in
            piece(text)
            return true
        }
    }

    /// Writes what `produce` gives, piece by piece as it is made (in pieces of
    /// about 64 KB), where `target` says: a file is still replaced in one step,
    /// once it is whole. A report of 100,000 places is never all held.
    /// `produce` says whether what it made is whole: a file is replaced only then.
    static func write(to target: Target, named path: String, in context: CommandContext, _ produce: Produce) throws {
        do throws(Problem) {
            switch target {
            case .standardOutput: pieces(produce) { context.stdout.write($0) }
            case .standardError: pieces(produce) { context.stderr.write($0) }
            case .stream(let path): try writeInPlace(to: path) { descriptor throws(Problem) in try write(produce, to: descriptor) }
            case .file(let path, let existing):
                try replace(path, keeping: existing) { descriptor throws(Problem) in try write(produce, to: descriptor) }
            }
        } catch {
            throw CommandFailure(message: context.words.cannotWrite(path, error))
        }
    }

    /// What makes the text: gives its pieces in order, and says whether it is whole.
    typealias Produce = (_ piece: (String) -> Void) -> Bool

    /// `produce`'s pieces gathered into pieces of about 64 KB for `sink`; whether it was whole.
    @discardableResult
    private static func pieces(_ produce: Produce, _ sink: (String) -> Void) -> Bool {
        withoutActuallyEscaping(sink) { sink in
            var pending = ""
            let whole = produce { piece in
                pending += piece
                if pending.utf8.count >= 1 << 16 {
                    sink(pending)
                    pending = ""
                }
            }
            if !pending.isEmpty { sink(pending) }
            return whole
        }
    }

    /// `produce`'s pieces written to `descriptor`, nothing more once a write
    /// failed; whether what it made was whole.
    private static func write(_ produce: Produce, to descriptor: Int32) throws(Problem) -> Bool {
        var failure: Problem?
        let whole = pieces(produce) { piece in
            guard failure == nil else { return }
            do throws(Problem) { try writeAll(Data(piece.utf8), to: descriptor) } catch { failure = error }
        }
        if let failure { throw failure }
        return whole
    }

    /// A FIFO or device: opened for writing (no create, no truncation of what
    /// is not a file) and written in full.
    private static func writeInPlace(to path: String, _ writing: (Int32) throws(Problem) -> Bool) throws(Problem) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw .system(errno) }
        defer { close(descriptor) }
        _ = try writing(descriptor)
    }

    /// A regular file, replaced in one step by a temporary file beside it with
    /// the old file's mode (new files get 0666 less the umask, as `>` does).
    /// Not whole (`writing` says): the temporary file is removed, and the file left as it was.
    private static func replace(_ path: String, keeping existing: Target.Existing?, _ writing: (Int32) throws(Problem) -> Bool) throws(Problem) {
        let folder = FilePath.folder(of: path)
        // A name near the 255-byte limit leaves no room for the temporary's additions.
        var name = ""
        for scalar in FilePath.name(of: path).unicodeScalars {
            guard name.utf8.count + UTF8.width(scalar) <= 200 else { break }
            name.unicodeScalars.append(scalar)
        }
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<16 {
            temporary = FilePath.join(folder, ".\(name).\(UInt32.random(in: 0...UInt32.max)).tmp")
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw .system(errno) }
        var closed = false
        defer {
            if !closed { close(descriptor) }
        }
        do throws(Problem) {
            let mode: mode_t
            if let existing {
                mode = existing.mode
                // Root writing a user's file keeps it the user's; others cannot, and need not.
                _ = fchown(descriptor, existing.owner, existing.group)
            } else {
                let mask = umask(0)
                umask(mask)
                mode = 0o666 & ~mask
            }
            guard fchmod(descriptor, mode) == 0 else { throw .system(errno) }
            guard try writing(descriptor) else {
                unlink(temporary)
                return
            }
            guard fsync(descriptor) == 0 else { throw .system(errno) }
            closed = true
            guard close(descriptor) == 0 else { throw .system(errno) }
            guard rename(temporary, path) == 0 else { throw .system(errno) }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    private static func writeAll(_ data: Data, to descriptor: Int32) throws(Problem) {
        var failure: Int32 = 0
        data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure != 0 { throw .system(failure) }
    }
}
