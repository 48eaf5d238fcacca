import Words

/// Why a place store cannot be made or opened: which file, what is wrong (in the catalog's
/// words), and whether it is the file's fault (its data) or the disk's (writing it).
public struct StoreProblem: Error, Equatable, CustomStringConvertible, Sendable {
    public enum Cause: Equatable, Sendable {
        /// The file is not what it should be: a broken or truncated extract, not OpenStreetMap,
        /// no places, a store of another version (exit 65).
        case badData
        /// The store cannot be written: a full disk, a folder that cannot be written (exit 74).
        case cannotWrite
        /// The file to read is missing or cannot be opened (exit 66).
        case noInput
    }

    public var cause: Cause
    public var file: String
    public var message: Phrase

    public init(_ cause: Cause, file: String, _ message: Phrase) {
        self.cause = cause
        self.file = file
        self.message = message
    }

    /// "FILE: what is wrong.", in English.
    public var description: String { text(Catalog.builtIn(.english)) }

    /// "FILE: what is wrong.", in the words of `words`.
    public func text(_ words: Catalog) -> String {
        words.text(.placesFileProblem(place: file, message: words.text(message)))
    }

    /// An SQLite failure while writing `file`: a full disk is the disk's fault, anything else too.
    static func writing(_ file: String, _ error: SQLiteError) -> StoreProblem {
        StoreProblem(.cannotWrite, file: file, Phrase.storeCannotWrite(reason: error.message))
    }
}
