import Foundation
import POFormat

// catalog-keys EN.PO OUTPUT.swift: writes one `Key` constant for each entry of the English
// catalog, named after its msgctxt in lower camel case (`places-file.not-utf8` is
// `placesFileNotUtf8`), with the English words as its documentation. Run by the CatalogKeys
// build-tool plugin before Words compiles.

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: catalog-keys EN.PO OUTPUT.swift\n".utf8))
    exit(64)
}
let (input, output) = (arguments[1], arguments[2])

/// `places-file.not-utf8` as a Swift name: `placesFileNotUtf8`.
func swiftName(_ key: String) -> String {
    let parts = key.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    let words = parts.enumerated().map { index, part in
        index == 0 ? part : part.prefix(1).uppercased() + part.dropFirst()
    }
    let name = words.joined()
    return name.first?.isNumber == true ? "_" + name : name
}

do {
    let text = try String(contentsOfFile: input, encoding: .utf8)
    let file = try POFile.parse(text)
    var names: [String: String] = [:]
    var swift = """
        // Generated from po/en.po by the CatalogKeys build-tool plugin (Sources/catalog-keys).
        // Do not edit: add or change a key in po/en.po.

        extension Key {

        """
    for entry in file.entries where !entry.isHeader {
        guard let key = entry.context else { continue }
        let name = swiftName(key)
        if names[name] == key {
            FileHandle.standardError.write(Data("\(input):\(entry.line): \(key) is defined twice\n".utf8))
            exit(65)
        }
        if let other = names[name] {
            FileHandle.standardError.write(Data("\(input):\(entry.line): \(key) and \(other) are both \(name)\n".utf8))
            exit(65)
        }
        names[name] = key
        let words = entry.id.replacingOccurrences(of: "\n", with: " ")
        swift += "    /// \(words)\n"
        swift += "    public static let \(name) = Key(\"\(key)\")\n"
    }
    swift += "}\n"
    let existing = try? String(contentsOfFile: output, encoding: .utf8)
    if existing != swift { try swift.write(toFile: output, atomically: true, encoding: .utf8) }
} catch let problem as POFile.Problem {
    FileHandle.standardError.write(Data("\(input):\(problem.line): \(problem.message)\n".utf8))
    exit(65)
} catch {
    FileHandle.standardError.write(Data("catalog-keys: \(error)\n".utf8))
    exit(74)
}
