import Foundation
import ShellParsing
import StudyReport
import SystemCalls
import TextFormats

/// `nearby-voice report LOG... [--format text|csv|json] [--html FILE] [--by strings|language|voice|rate]`:
/// reads the timed logs of a usability study and prints what they say. Its words are for the
/// study's analysts, in English, like the test runner's report.
enum ReportCommand {
    static let usage = """
        Usage: nearby-voice report LOG... [--format text|csv|json] [--html FILE] [--by strings|language|voice|rate]
          --format F   the tables as text (default), CSV or JSON, on standard output
          --html FILE  also one self-contained HTML page: the tables and a chart of time to done
          --by KEY     compare sessions grouped by the strings file, language, voice or rate
        Exit codes: 0 done, 64 bad usage, 65 a log is malformed, 66 a log is missing, 74 the page cannot be written.
        """

    static func run(_ arguments: [String]) -> ExitCode {
        var files: [String] = []
        var format = StudyReport.Format.text
        var htmlPath: String?
        var grouping: StudyReport.Grouping?
        var index = 0
        func fail(_ code: ExitCode, _ message: String) -> ExitCode {
            FileHandle.standardError.write(Data("nearby-voice report: \(message)\n".utf8))
            return code
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            var name = argument
            var value: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            switch name {
            case "--help", "-h":
                print(usage)
                return .success
            case "--format", "--html", "--by":
                if value == nil {
                    guard index < arguments.count else { return fail(.usage, "\(name) needs a value.\n\(usage)") }
                    value = arguments[index]
                    index += 1
                }
                let given = value!
                switch name {
                case "--format":
                    guard let chosen = StudyReport.Format(rawValue: given.lowercased()) else {
                        return fail(.usage, "--format takes text, csv or json, not \"\(given)\".")
                    }
                    format = chosen
                case "--by":
                    guard let chosen = StudyReport.Grouping(rawValue: given.lowercased()) else {
                        return fail(.usage, "--by takes strings, language, voice or rate, not \"\(given)\".")
                    }
                    grouping = chosen
                default: htmlPath = given
                }
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    return fail(.usage, "unknown option \(argument).\n\(usage)")
                }
                files.append(argument)
            }
        }
        guard !files.isEmpty else { return fail(.usage, "no log given.\n\(usage)") }
        var logs: [SessionLog] = []
        for file in files {
            let data: Data
            do { data = Data(try FileContents(path: file).array) } catch {
                let verb = error.operation == "open" ? "open" : "read"
                return fail(.noInput, "Cannot \(verb) the log \(file): \(error.reason).")
            }
            let text: String
            do { text = try TextFile(decoding: data, name: file).text } catch {
                return fail(.dataError, "\(error.location): not UTF-8 text (byte \(error.byteText)), so not a log.")
            }
            do { logs.append(try SessionLog.parse(text, file: file)) } catch {
                return fail(.dataError, error.description)
            }
        }
        let report = StudyReport(logs, by: grouping)
        if let htmlPath {
            do {
                try FileDescriptor.withOpened(htmlPath, .writeTruncating) { (fd) throws(SystemError) in
                    try fd.writeAll(Array(report.page.utf8), path: htmlPath)
                }
            } catch {
                return fail(.cannotWrite, "Cannot write \(htmlPath): \(error.reason).")
            }
        }
        StandardOutput.write(report.rendered(format))
        return StandardOutput.isClosed ? .outputClosed : .success
    }
}
