import Foundation
import ShellParsing
import StudyReport
import SystemCalls
import TextFormats

/// `nearby-voice report LOG... [--format text|csv|json] [--html FILE] [--by strings|language|voice|rate]`
/// (`Subcommand.report` declares its arguments): reads the timed logs of a usability study and
/// prints what they say. Its report is for the study's analysts, in English, like the test
/// runner's.
enum ReportCommand {
    static func run(_ arguments: SubcommandArguments) -> ExitCode {
        // The table has checked the values: each is one of the enum's own.
        let files = arguments.operands
        let format = arguments[.format].flatMap(StudyReport.Format.init(rawValue:)) ?? .text
        let htmlPath = arguments[.html]
        let grouping = arguments[.by].flatMap(StudyReport.Grouping.init(rawValue:))
        func fail(_ code: ExitCode, _ message: String) -> ExitCode {
            FileHandle.standardError.write(Data("nearby-voice report: \(message)\n".utf8))
            return code
        }
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
