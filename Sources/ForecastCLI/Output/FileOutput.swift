import Foundation

/// A file written whole or not at all: a temporary file beside it, then a
/// rename, so a reader never sees half of it and a failure leaves the old one.
enum FileOutput {
    static func write(_ text: String, to path: String) throws {
        let words = CommandContext.current.words
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent().appending(path: ".\(target.lastPathComponent).\(getpid()).tmp")
        do {
            try Data(text.utf8).write(to: temporary)
            // rename(2) replaces an existing file in one step (Foundation's
            // replaceItemAt fails on Linux when the target exists).
            guard rename(temporary.path, target.path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw CommandFailure(message: words.cannotWrite(path, error))
        }
    }
}
