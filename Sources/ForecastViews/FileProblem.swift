/// Why a file cannot be written where the user asked (`-o`), as a value the
/// words say.
package enum FileProblem: Error, Equatable {
    case folder, socket, blockDevice, notRegular, tooManyLinks, missingFolder
    /// The database in use, or one of its journal files: never written over.
    case database
    case system(Int32)
}
