/// Where in a text file something is: `FILE:LINE:COLUMN`, the line and the column (counted in
/// characters, a byte-order mark not one of them) from 1, as compilers and editors write it.
public struct SourceLocation: Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int?

    public init(file: String, line: Int, column: Int? = nil) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// The location of byte `offset` of `bytes`, a file called `file`.
    public init(file: String, in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
        let (line, column) = Self.lineAndColumn(in: bytes, at: offset)
        self.init(file: file, line: line, column: column)
    }

    /// The line and the column (in characters) of byte `offset`, both from 1.
    public static func lineAndColumn(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        let end = min(offset, bytes.count)
        var index = 0
        // A byte-order mark is not a character of the first line.
        if end >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }

    /// "FILE:LINE:COLUMN", or "FILE:LINE" when the column is not known.
    public var description: String {
        "\(file):\(line)" + (column.map { ":\($0)" } ?? "")
    }
}
