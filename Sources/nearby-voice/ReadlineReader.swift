import CReadline
import Foundation

/// GNU readline on a terminal: line editing and history, kept across sessions in
/// `$XDG_STATE_HOME/nearby-voice/history`. The only file that calls readline.
final class ReadlineReader: LineReader {
    let isInteractive = true
    var events = LineEvents()
    private let historyPath: String?
    private let prompt: String
    static let historyLimit: Int32 = 1000

    init(historyPath: String?, prompt: String = "> ") {
        self.historyPath = historyPath
        self.prompt = prompt
        // Screen readers read every redraw: no bracketed-paste escapes around the prompt.
        rl_variable_bind("enable-bracketed-paste", "off")
        CReadline_setOutStream(CReadline_stdout())
        using_history()
        stifle_history(Self.historyLimit)
        if let historyPath { _ = read_history(historyPath) }
    }

    func nextLine() -> String? {
        guard let pointer = readline(prompt) else { return nil }
        defer { free(pointer) }
        let line = String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
        if !line.trimmingCharacters(in: .whitespaces).isEmpty {
            add_history(line)
            saveHistoryLine()
        }
        return line
    }

    /// Appends the newest line to the history file and keeps the file bounded
    /// (`append_history`, `history_truncate_file`).
    private func saveHistoryLine() {
        guard let historyPath else { return }
        if !FileManager.default.fileExists(atPath: historyPath) {
            _ = FileManager.default.createFile(atPath: historyPath, contents: nil)
        }
        _ = append_history(1, historyPath)
        _ = history_truncate_file(historyPath, Self.historyLimit)
    }
}
