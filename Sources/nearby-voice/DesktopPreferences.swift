import Foundation

/// The desktop's own reduced-motion setting, where one can be read: the freedesktop settings
/// portal's `org.freedesktop.appearance reduced-motion`, else GNOME's `enable-animations`.
enum DesktopPreferences {
    static func prefersReducedMotion(_ environment: [String: String]) -> Bool? {
        if environment["DBUS_SESSION_BUS_ADDRESS"] != nil,
            let answer = run(
                "/usr/bin/gdbus",
                [
                    "call", "--session", "--timeout", "1", "--dest", "org.freedesktop.portal.Desktop",
                    "--object-path", "/org/freedesktop/portal/desktop", "--method",
                    "org.freedesktop.portal.Settings.Read",
                    "org.freedesktop.appearance", "reduced-motion",
                ])
        {
            if answer.contains("uint32 1") { return true }
            if answer.contains("uint32 0") { return false }
        }
        if settingsMayDiffer(environment),
            let answer = run("/usr/bin/gsettings", ["get", "org.gnome.desktop.interface", "enable-animations"])
        {
            if answer.hasPrefix("false") { return true }
            if answer.hasPrefix("true") { return false }
        }
        return nil
    }

    /// Whether GSettings may hold a value of the user's: not when its dconf backend finds
    /// neither a user database nor a system one, for then every key has its default
    /// (`enable-animations` true) and the `gsettings` process, tens of milliseconds of every
    /// start (issue 27), would only say so. Another backend (`GSETTINGS_BACKEND`) is asked.
    static func settingsMayDiffer(_ environment: [String: String]) -> Bool {
        if let backend = environment["GSETTINGS_BACKEND"], !backend.isEmpty, backend != "dconf" { return true }
        let files = FileManager.default
        let config =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["HOME"].map { "\($0)/.config" }
        if let config, files.fileExists(atPath: "\(config)/dconf/user") { return true }
        let system = (try? files.contentsOfDirectory(atPath: "/etc/dconf/db")) ?? []
        return !system.isEmpty || files.fileExists(atPath: "/etc/dconf/profile")
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
