import Foundation
import NearbyCore
import PlaceData
import ShellParsing
import SystemCalls
import TextFormats

extension Session {
    /// Reads and checks the tasks file: `FILE:LINE: …` and 65 for a line that is wrong.
    static func readTasks(_ path: String, places: Places, options: Options) throws(Failure) -> [StudyTask] {
        let words = options.words
        let data: Data
        do { data = Data(try FileContents(path: path).array) } catch {
            throw Failure(reading: .tasks, path, error, words)
        }
        let text: String
        do { text = try TextFile(decoding: data, name: path, encoding: options.encoding).text } catch {
            throw Failure(
                .dataError,
                words.text(.fileTasksNotUtf8(file: error.at.file, line: error.at.line, column: error.at.column)))
        }
        do { return try TaskFile.parse(text, places: places) } catch {
            let location = error.line > 0 ? "\(path):\(error.line)" : path
            throw Failure(.dataError, "\(location): \(words.text(error.phrase))")
        }
    }
}
