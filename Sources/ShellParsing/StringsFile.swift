import Foundation
import SystemCalls
import Words

/// A designer's PO file of words (`--strings`, `set strings`): read, checked and laid over a
/// language's built-in words. Every problem names the file and line.
public enum StringsFile {
    /// The built-in catalog of `language` with the file at `path` over it.
    public static func load(_ path: String, language: Language) throws(Failure) -> Catalog {
        let words = Catalog.builtIn(language)
        let data: Data
        do { data = Data(try FileContents(path: path).array) } catch {
            let key = error.operation == "open" ? "strings.cannot-open" : "strings.cannot-read"
            throw Failure(.noInput, words.text(key, ["file": path, "reason": error.reason]))
        }
        return try apply(data, path: path, language: language)
    }

    /// The built-in catalog of `language` with the PO bytes `data` over it; `path` names them.
    public static func apply(_ data: Data, path: String, language: Language) throws(Failure) -> Catalog {
        let words = Catalog.builtIn(language)
        guard let text = String(validating: data, as: UTF8.self) else {
            let line = firstInvalidLine(data)
            throw Failure(.dataError, words.text("strings.not-utf8", ["file": path, "line": String(line)]))
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
