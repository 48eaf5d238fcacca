import Foundation
import SystemCalls
import TextFormats
import Words

/// A designer's PO file of words (`--strings`, `set strings`): read, checked and laid over a
/// language's built-in words. Every problem names the file and line.
public enum StringsFile {
    /// The built-in catalog of `language` with the file at `path` over it, opened at `location`
    /// (a test's folder before `path`) when one is given.
    public static func load(_ path: String, at location: String? = nil, language: Language) throws(Failure) -> Catalog {
        let words = Catalog.builtIn(language)
        let data: Data
        do { data = Data(try FileContents(path: location ?? path).array) } catch {
            let problem =
                error.operation == "open"
                ? Phrase.stringsCannotOpen(file: path, reason: error.reason)
                : Phrase.stringsCannotRead(file: path, reason: error.reason)
            throw Failure(.noInput, words.text(problem))
        }
        return try apply(data, path: path, language: language)
    }

    /// The built-in catalog of `language` with the PO bytes `data` over it; `path` names them.
    public static func apply(_ data: Data, path: String, language: Language) throws(Failure) -> Catalog {
        let words = Catalog.builtIn(language)
        let text: String
        do { text = try TextFile(decoding: data, name: path).text } catch {
            throw Failure(
                .dataError,
                words.text(.stringsNotUtf8(file: error.at.file, line: error.at.line, column: error.at.column)))
        }
        let file: POFile
        do { file = try POFile.parse(text) } catch {
            throw Failure(.dataError, Catalog.Problem(file: path, line: error.line, message: error.message).description)
        }
        do { return try words.overriding(with: file, name: path) } catch {
            throw Failure(.dataError, error.description)
        }
    }
}
