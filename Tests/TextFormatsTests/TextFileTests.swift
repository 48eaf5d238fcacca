import Foundation
import Testing

@testable import TextFormats

@Suite("Text files: one reader for scripts, config, words, tasks and tests")
struct TextFileTests {
    @Test("Lines are numbered from 1, without their line break, the last empty one dropped")
    func lines() throws {
        let file = try TextFile(decoding: Data("find cafe\r\nup\n\n# done\n".utf8), name: "s.txt")
        #expect(file.lines.map(\.number) == [1, 2, 3, 4])
        #expect(file.lines.map { String($0.text) } == ["find cafe", "up", "", "# done"])
        #expect(TextFile(text: "a\nb", name: "x").lines.map { String($0.text) } == ["a", "b"])
        #expect(TextFile(text: "", name: "x").lines.isEmpty)
        #expect(TextFile(text: "\n", name: "x").lines.map { String($0.text) } == [""])
    }

    @Test("A byte-order mark is not text: not a character of the first line")
    func byteOrderMark() throws {
        let file = try TextFile(decoding: Data([0xEF, 0xBB, 0xBF]) + Data("up\ndown\n".utf8), name: "s")
        #expect(file.text == "up\ndown\n")
        #expect(file.lines.first?.text == "up")
        #expect(TextFile(text: "\u{FEFF}up", name: "s").text == "up")
    }

    @Test("A byte that is not UTF-8 is refused with FILE:LINE:COLUMN, the column in characters")
    func notUTF8() {
        // "só" is two characters before the bad byte on line 2: column 3.
        let bytes = Data("units metric\ns\u{F3}".utf8) + Data([0xE9]) + Data("\n".utf8)
        #expect(throws: TextFile.NotText(location: SourceLocation(file: "config", line: 2, column: 3), byte: 0xE9)) {
            try TextFile(decoding: bytes, name: "config")
        }
        do {
            _ = try TextFile(decoding: Data([0x41, 0x0A, 0x05, 0xC0, 0x80]), name: "f")
            Issue.record("an overlong form was taken for text")
        } catch {
            #expect(error.location.description == "f:2:2")
            #expect(error.byteText == "0xC0")
            #expect(error.at == ("f", "2", "2"))
        }
    }

    @Test("Latin-1 and Windows-1252 are converted when asked; a UTF-8 byte-order mark is still skipped")
    func encodings() throws {
        let bytes = Data([0x43, 0x61, 0x66, 0xE9, 0x20, 0x80])
        #expect(try TextFile(decoding: bytes, name: "f", encoding: .latin1).text == "Café \u{80}")
        #expect(try TextFile(decoding: bytes, name: "f", encoding: .windows1252).text == "Café €")
        let marked = Data([0xEF, 0xBB, 0xBF, 0xE9])
        #expect(try TextFile(decoding: marked, name: "f", encoding: .latin1).text == "é")
    }

    @Test("A location is FILE:LINE:COLUMN, or FILE:LINE without a column")
    func locations() {
        #expect(SourceLocation(file: "a.nvtest", line: 4, column: 7).description == "a.nvtest:4:7")
        #expect(TextFile(text: "", name: "tasks.txt").location(line: 3).description == "tasks.txt:3")
        let bytes: [UInt8] = Array("\u{FEFF}ab\ncé".utf8) + [0xFF]
        bytes.withUnsafeBufferPointer { buffer in
            #expect(SourceLocation.lineAndColumn(in: buffer, at: 3) == (1, 1))
            #expect(SourceLocation.lineAndColumn(in: buffer, at: bytes.count - 1) == (2, 3))
        }
    }
}
