import Foundation
import Testing

/// `make install` into a temporary DESTDIR (with the built program, so the test needs no
/// release build): the tree is exactly the list, man finds the page in four languages, bash
/// completes from the installed file; `make uninstall` leaves no file behind, nor a folder it
/// made (but the FHS's own), nor takes a folder that holds another file.
@Suite("make install and make uninstall")
struct InstallTests {
    static let expected = [
        "usr/local/bin/nearby-voice",
        "usr/local/share/bash-completion/completions/nearby-voice",
        "usr/local/share/doc/nearby-voice/LICENSE",
        "usr/local/share/doc/nearby-voice/OPENSTREETMAP",
        "usr/local/share/fish/vendor_completions.d/nearby-voice.fish",
        "usr/local/share/man/es/man1/nearby-voice.1",
        "usr/local/share/man/man1/nearby-voice.1",
        "usr/local/share/man/pt/man1/nearby-voice.1",
        "usr/local/share/man/pt_BR/man1/nearby-voice.1",
        "usr/local/share/zsh/vendor-completions/_nearby-voice",
    ]

    /// The files under `folder`, relative to it, sorted.
    static func files(under folder: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: "\(folder)/\(path)", isDirectory: &isFolder)
            if !isFolder.boolValue { files.append(path) }
        }
        return files.sorted()
    }

    /// The folders every prefix has (the FHS's), which uninstall leaves.
    static let standardFolders = [
        "usr", "usr/local", "usr/local/bin", "usr/local/share", "usr/local/share/man",
    ]

    /// The folders under `folder`, relative to it, sorted.
    static func folders(under folder: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var folders: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: "\(folder)/\(path)", isDirectory: &isFolder)
            if isFolder.boolValue { folders.append(path) }
        }
        return folders.sorted()
    }

    static func make(_ target: String, _ destination: String) throws -> Program.Result {
        try Program(
            tool: "/usr/bin/make",
            [
                "-s", "-C", ManualAndCompletionTests.root.path, target, "INSTALL_BIN=\(Program.executable)",
                "DESTDIR=\(destination)", "PREFIX=/usr/local",
            ]
        ).run()
    }

    @Test("The installed tree is the list; man and bash find what was installed; uninstall empties it")
    func installAndUninstall() throws {
        let destination = temporaryPath("destdir")
        let installed = try Self.make("install-files", destination)
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(Self.files(under: destination) == Self.expected)
        let share = "\(destination)/usr/local/share"
        #expect(FileManager.default.isExecutableFile(atPath: "\(destination)/usr/local/bin/nearby-voice"))

        // man's own search: the locale's folder (share/man/es) is where man -L es looks, when the
        // machine has that locale; here each folder is given, as MANPATH would.
        for (language, folder) in [("", "man1"), ("/es", "es/man1"), ("/pt", "pt/man1"), ("/pt_BR", "pt_BR/man1")] {
            let found = try Program(tool: "/usr/bin/man", ["-M", "\(share)/man\(language)", "-w", "nearby-voice"]).run()
            #expect(
                found.stdout == "\(share)/man/\(folder)/nearby-voice.1\n", "man -w: \(found.stdout) \(found.stderr)")
        }
        let page = try String(contentsOfFile: "\(share)/man/es/man1/nearby-voice.1", encoding: .utf8)
        #expect(page.contains(".SH \"SINOPSIS\""))
        // Brazil's page has Brazil's words, where Portugal's says FICHEIROS.
        let brazil = try String(contentsOfFile: "\(share)/man/pt_BR/man1/nearby-voice.1", encoding: .utf8)
        #expect(brazil.contains(".SH \"ARQUIVOS\"") && !brazil.contains("FICHEIRO"))

        // The licence, as the source tree has it; the package's copyright file grants the same.
        let root = ManualAndCompletionTests.root.path
        let licence = try String(contentsOfFile: "\(share)/doc/nearby-voice/LICENSE", encoding: .utf8)
        #expect(licence == (try String(contentsOfFile: "\(root)/LICENSE", encoding: .utf8)))
        #expect(licence.hasPrefix("MIT License\n\nCopyright (c) 2026 The nearby-voice authors\n"))
        let copyright = try String(contentsOfFile: "\(root)/debian/copyright", encoding: .utf8)
        #expect(copyright.contains("Copyright: 2026 The nearby-voice authors\nLicense: Expat\n"))
        let grant = licence.components(separatedBy: "\n\n").dropFirst(2).joined(separator: "\n\n")
            .trimmingCharacters(in: .newlines)
        let granted = grant.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? " ." : " " + $0 }.joined(separator: "\n")
        #expect(copyright.contains(granted), "debian/copyright's Expat text differs from LICENSE")

        let completion = "\(share)/bash-completion/completions/nearby-voice"
        let asked = try Program(
            tool: "/bin/bash",
            [
                "-c",
                "source \(completion); complete -p nearby-voice; COMP_WORDS=(nearby-voice --lang); COMP_CWORD=1; "
                    + "_nearby_voice; echo \"${COMPREPLY[@]}\"",
            ]
        ).run()
        #expect(asked.stdout == "complete -F _nearby_voice nearby-voice\n--language\n", "\(asked.stdout)")

        let removed = try Self.make("uninstall", destination)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(Self.files(under: destination) == [])
        // The folders install made are gone too, but for those every prefix has (FHS).
        #expect(Self.folders(under: destination) == Self.standardFolders)

        // A folder that holds another package's file stays, with the file.
        let other = "\(destination)/usr/local/share/man/es/man1/other.1"
        try FileManager.default.createDirectory(
            atPath: (other as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: other, contents: Data()))
        #expect(try Self.make("install-files", destination).status == 0)
        #expect(try Self.make("uninstall", destination).status == 0)
        #expect(Self.files(under: destination) == ["usr/local/share/man/es/man1/other.1"])
        #expect(
            Self.folders(under: destination)
                == (Self.standardFolders + ["usr/local/share/man/es", "usr/local/share/man/es/man1"]).sorted())
        try? FileManager.default.removeItem(atPath: destination)
    }

    @Test("make deb without Swift says what to install, before anything runs")
    func debWithoutSwift() throws {
        let result = try Program(
            tool: "/usr/bin/make", ["-s", "-C", ManualAndCompletionTests.root.path, "deb", "SWIFT=/nonexistent/swift"]
        ).run()
        #expect(result.status == 2)
        #expect(result.stderr.contains("Swift toolchain, Swift 6.1 or newer"), "\(result.stderr)")
        #expect(result.stderr.contains("https://www.swift.org/install/linux/"))
        #expect(!result.stderr.contains("Error 127") && !result.stderr.contains("apt-get"))
    }
}
