import Foundation

/// The encoding of a places file or a script (`--encoding`): UTF-8, checked byte by byte, or one
/// of the single-byte encodings of older spreadsheets, converted to UTF-8 before reading.
public enum TextEncoding: String, CaseIterable, Sendable {
    case utf8 = "utf-8"
    case latin1
    case windows1252 = "windows-1252"

    /// The bytes as UTF-8: Latin-1 and Windows-1252 converted, UTF-8 as it is (check it with
    /// `firstInvalidUTF8`).
    public func utf8Data(_ data: Data) -> Data {
        guard self != .utf8 else { return data }
        // A UTF-8 byte-order mark is skipped, not read as three single-byte characters.
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { return utf8Data(data.dropFirst(3)) }
        var out = Data()
        out.reserveCapacity(data.count + data.count / 8)
        for byte in data {
            let scalar: UInt32 =
                self == .windows1252 && (0x80...0x9F).contains(byte)
                ? Self.windows1252High[Int(byte - 0x80)] : UInt32(byte)
            if scalar < 0x80 {
                out.append(UInt8(scalar))
            } else {
                out.append(contentsOf: Array(String(Unicode.Scalar(scalar)!).utf8))
            }
        }
        return out
    }

    /// Windows-1252 from 0x80 to 0x9F (the five bytes it leaves undefined read as Latin-1's).
    static let windows1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,
        0x017D,
        0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153,
        0x9D,
        0x017E, 0x0178,
    ]

    /// The offset of the first byte that does not begin a well-formed UTF-8 sequence (overlong
    /// forms, surrogates and code points beyond U+10FFFF included), or nil when all are.
    public static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            let smallest: UInt32
            switch lead {
            case 0xC0...0xDF: (length, smallest) = (2, 0x80)
            case 0xE0...0xEF: (length, smallest) = (3, 0x800)
            case 0xF0...0xF7: (length, smallest) = (4, 0x10000)
            default: return index
            }
            guard index + length <= count else { return index }
            var value = UInt32(lead) & (0x7F >> UInt32(length))
            for next in 1..<length {
                let byte = bytes[index + next]
                guard byte & 0xC0 == 0x80 else { return index }
                value = value << 6 | UInt32(byte & 0x3F)
            }
            if value < smallest || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) { return index }
            index += length
        }
        return nil
    }

    /// The offset of the first byte of `data` that is not UTF-8, or nil.
    public static func firstInvalidUTF8(_ data: Data) -> Int? {
        data.withUnsafeBytes { firstInvalidUTF8($0.bindMemory(to: UInt8.self)) }
    }
}
