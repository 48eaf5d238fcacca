import Foundation
import ShellParsing

// Compiled into one module with the nearby-voice sources (all but main.swift); ShellParsing's
// `ConfigFile.apply` reads a path: each input is written to a private temporary file first.

/// The config file of this process, rewritten for every input.
private let configPath =
    NSTemporaryDirectory() + "/nearby-voice-fuzz-config-\(ProcessInfo.processInfo.processIdentifier)"

/// The config file reader: any file gives options or one data error (65) naming its line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    guard FileManager.default.createFile(atPath: configPath, contents: data) else {
        fatalError("cannot write \(configPath)")
    }
    var options = Options()
    do {
        try ConfigFile.apply(configPath, to: &options)
    } catch {
        violated(error.code == .dataError, "exit code \(error.code) for \(error.message)")
        violated(error.message.hasPrefix("\(configPath):"), "a message without its line: \(error.message)")
    }
    return 0
}
