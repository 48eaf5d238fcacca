import Foundation
import SystemCalls

/// The config file, `$XDG_CONFIG_HOME/nearby-voice/config` (default `~/.config/...`): one
/// option a line, as on the command line without the dashes (`units imperial`,
/// `reduce-motion on`, `speech = off`); `#` starts a comment.
enum ConfigFile {
    static func defaultPath(_ environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty { return "\(config)/nearby-voice/config" }
        return environment["HOME"].map { "\($0)/.config/nearby-voice/config" }
    }

    /// Applies the file at `path` when it exists. A bad line fails with its line number (65).
    static func apply(_ path: String, to options: inout Options) throws(Failure) {
        // Not there, or not to be seen (a HOME whose folder this user cannot search): no config.
        guard FileManager.default.fileExists(atPath: path) else { return }
        let data: Data
        do { data = Data(try FileContents(path: path).array) } catch { throw Failure(reading: "config file", path, error) }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw Failure(.dataError, "\(path):\(ScriptLineReader.firstInvalidLine(data)): the config file is not valid UTF-8 text.")
        }
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let separator = line.firstIndex { $0 == "=" || $0 == " " || $0 == "\t" }
            let key = separator.map { String(line[..<$0]) } ?? line
            let value = separator.map { line[line.index(after: $0)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t=")) } ?? ""
            let name = key.hasPrefix("--") ? String(key.dropFirst(2)) : key
            guard Options.valued.contains(name) || Options.switches.contains(name), !["help", "version", "script"].contains(name) else {
                throw Failure(.dataError, "\(path):\(offset + 1): unknown setting \(key). Settings are the long options without dashes, such as units imperial.")
            }
            guard !value.isEmpty || Options.switches.contains(name) else {
                throw Failure(.dataError, "\(path):\(offset + 1): \(name) needs a value.")
            }
            do { try options.set(name, value.isEmpty ? "on" : value) } catch {
                throw Failure(.dataError, "\(path):\(offset + 1): \(error.message.replacingOccurrences(of: "--\(name): ", with: ""))")
            }
        }
    }
}

/// The desktop's own reduced-motion setting, where one can be read: the freedesktop settings
/// portal's `org.freedesktop.appearance reduced-motion`, else GNOME's `enable-animations`.
enum DesktopPreferences {
    static func prefersReducedMotion(_ environment: [String: String]) -> Bool? {
        if environment["DBUS_SESSION_BUS_ADDRESS"] != nil,
            let answer = run("/usr/bin/gdbus", [
                "call", "--session", "--timeout", "1", "--dest", "org.freedesktop.portal.Desktop",
                "--object-path", "/org/freedesktop/portal/desktop", "--method", "org.freedesktop.portal.Settings.Read",
                "org.freedesktop.appearance", "reduced-motion",
            ])
        {
            if answer.contains("uint32 1") { return true }
            if answer.contains("uint32 0") { return false }
        }
        if let answer = run("/usr/bin/gsettings", ["get", "org.gnome.desktop.interface", "enable-animations"]) {
            if answer.hasPrefix("false") { return true }
            if answer.hasPrefix("true") { return false }
        }
        return nil
    }

    /// A helper program's standard output, or nil when it is missing or fails.
    private static func run(_ program: String, _ arguments: [String]) -> String? {
        guard FileManager.default.isExecutableFile(atPath: program) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
