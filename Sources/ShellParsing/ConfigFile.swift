import Foundation
import NearbyCore
import SystemCalls
import TextFormats
import Words

/// The config file, `$XDG_CONFIG_HOME/nearby-voice/config` (default `~/.config/...`): one
/// option a line, as on the command line without the dashes (`units imperial`,
/// `reduce-motion on`, `speech = off`); `#` starts a comment.
public enum ConfigFile {
    public static func defaultPath(_ environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty { return "\(config)/nearby-voice/config" }
        return environment["HOME"].map { "\($0)/.config/nearby-voice/config" }
    }

    /// Applies the file at `path` when it exists. A bad line fails with its line number (65).
    public static func apply(_ path: String, to options: inout Options) throws(Failure) {
        let data: Data
        do { data = Data(try FileContents(path: path).array) } catch {
            // No config file is no error: it is optional.
            if error.isMissingFile { return }
            throw Failure(.noInput, options.words.text(.configUnreadable(file: path, reason: error.reason)))
        }
        let file: TextFile
        do { file = try TextFile(decoding: data, name: path) } catch {
            throw Failure(
                .dataError,
                options.words.text(.configNotUtf8(file: error.at.file, line: error.at.line, column: error.at.column)))
        }
        try apply(contents: file.text, path: path, to: &options)
    }

    /// Applies the text of a config file; `path` names it in errors.
    public static func apply(contents text: String, path: String, to options: inout Options) throws(Failure) {
        for numbered in TextFile(text: text, name: path).lines {
            let line = numbered.text.trimmingCharacters(in: .whitespacesAndNewlines)
            let number = String(numbered.number)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let separator = line.firstIndex { $0 == "=" || $0 == " " || $0 == "\t" }
            let key = separator.map { String(line[..<$0]) } ?? line
            let value =
                separator.map {
                    line[line.index(after: $0)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t="))
                } ?? ""
            let name = key.hasPrefix("--") ? String(key.dropFirst(2)) : key
            guard let option = Option(name: name), option.isConfigurable else {
                throw Failure(
                    .dataError,
                    options.words.text(.configUnknown(file: path, line: number, key: key)))
            }
            guard !value.isEmpty || option.isSwitch else {
                throw Failure(
                    .dataError,
                    options.words.text(.configNeedsValue(file: path, line: number, name: name)))
            }
            if let problem = options.apply(option, value.isEmpty ? "on" : value) {
                throw Failure(
                    .dataError,
                    options.words.text(.configRefused(file: path, line: number, problem: problem)))
            }
        }
    }
}
