import Foundation
import POFormat

// catalog-keys EN.PO KEYS.swift CATALOGS.swift [PO|TSV...]: run by the CatalogKeys build-tool plugin
// before Words compiles. Writes
// - KEYS.swift: one `Key` constant for each entry of the English catalog, named after its
//   msgctxt in lower camel case (`places-file.not-utf8` is `placesFileNotUtf8`), with the English
//   words as its documentation; and for each key with fields, a `Phrase` constructor of the same
//   name whose labels are its fields (`Phrase.placeRow(name:kind:where:walk:)`), with `plural:`
//   last for a key with plural forms, so that a misspelt or missing field is a compile error.
//   A key with fields is internal: outside Words it is said only through its constructor. The
//   fields named `{command-NAME}` are no labels: the catalog fills them with the command's word.
//   And `Key.generated`, every key in order, which the tests hold each catalog file to;
// - CATALOGS.swift: the text of each catalog (EN.PO and every PO after it) as one string
//   literal, `CatalogTexts.en` for `en.po`; a table given among them (`osm-kinds.tsv`, the
//   kinds' words) is carried the same way, `CatalogTexts.osmKinds`. A string literal compiles
//   in a moment where SwiftPM's `embedInCode` (an array literal of bytes) took the compiler
//   over a minute and a half.
// Each output is written only when it changed, so that an unchanged catalog rebuilds nothing.

let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    FileHandle.standardError.write(Data("usage: catalog-keys EN.PO KEYS.swift CATALOGS.swift [PO|TSV...]\n".utf8))
    exit(64)
}
let (input, keysOutput, catalogsOutput) = (arguments[1], arguments[2], arguments[3])
let catalogs = [input] + arguments.dropFirst(4)

/// `places-file.not-utf8` as a Swift name: `placesFileNotUtf8`.
func swiftName(_ key: String) -> String {
    let parts = key.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    let words = parts.enumerated().map { index, part in
        index == 0 ? part : part.prefix(1).uppercased() + part.dropFirst()
    }
    let name = words.joined()
    return name.first?.isNumber == true ? "_" + name : name
}

/// A field's name as a Swift argument label: `command-help` is `commandHelp`.
func labelName(_ field: String) -> String {
    let parts = field.split(separator: "-").map(String.init)
    return parts.enumerated().map { index, part in
        index == 0 ? part : part.prefix(1).uppercased() + part.dropFirst()
    }.joined()
}

/// The fields of `entry`'s English words, in order, each once: the labels of its constructor.
/// A `{command-NAME}` field is none of them (the catalog fills it in), but its command must have
/// a word (`command.NAME.word`).
func fields(of entry: POFile.Entry, commandWords: Set<String>) throws -> [String] {
    var fields: [String] = []
    for text in [entry.id] + (entry.idPlural.map { [$0] } ?? []) {
        for field in Template(text).fields where !fields.contains(field) {
            if field.hasPrefix("command-") {
                let word = "command.\(field.dropFirst("command-".count)).word"
                guard commandWords.contains(word) else {
                    throw POFile.Problem(line: entry.line, message: "{\(field)} names no command: en.po has no \(word)")
                }
                continue
            }
            fields.append(field)
        }
    }
    return fields
}

/// The text as a one-line Swift string literal.
func swiftLiteral(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": literal += "\\\\"
        case "\"": literal += "\\\""
        case "\n": literal += "\\n"
        case "\r": literal += "\\r"
        case "\t": literal += "\\t"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            literal += "\\u{\(String(scalar.value, radix: 16))}"
        default: literal.unicodeScalars.append(scalar)
        }
    }
    return literal + "\""
}

/// Writes the text to the path unless the file already holds it.
func write(_ text: String, to path: String) throws {
    let existing = try? String(contentsOfFile: path, encoding: .utf8)
    if existing != text { try text.write(toFile: path, atomically: true, encoding: .utf8) }
}

do {
    let text = try String(contentsOfFile: input, encoding: .utf8)
    let file = try POFile.parse(text)
    var names: [String: String] = [:]
    let commandWords = Set(file.entries.compactMap(\.context).filter { $0.hasPrefix("command.") })
    var swift = """
        // Generated from po/en.po by the CatalogKeys build-tool plugin (Sources/catalog-keys).
        // Do not edit: add or change a key in po/en.po.

        extension Key {

        """
    var phrases = """

        extension Phrase {

        """
    var generated: [String] = []
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
        let fields = try fields(of: entry, commandWords: commandWords)
        generated.append(name)
        swift += "    /// \(words)\n"
        if fields.isEmpty {
            swift += "    public static let \(name) = Key(\"\(key)\")\n"
            continue
        }
        swift += "    static let \(name) = Key(\"\(key)\")\n"
        let plural = entry.idPlural != nil
        let parameters =
            fields.map { "\(labelName($0)): some PhraseField" } + (plural ? ["plural: Int"] : [])
        phrases += "    /// \(words)\n"
        phrases += "    public static func \(name)(\(parameters.joined(separator: ", "))) -> Phrase {\n"
        phrases += "        var phrase = Phrase(raw: Key.\(name), count: \(plural ? "plural" : "nil"))\n"
        for field in fields { phrases += "        `\(labelName(field))`.fill(\"\(field)\", of: &phrase)\n" }
        phrases += "        return phrase\n"
        phrases += "    }\n"
    }
    swift += "\n    /// Every key of po/en.po, in its order: what the tests check each catalog file against.\n"
    swift += "    static let generated: [Key] = [\n"
    for name in generated { swift += "        .\(name),\n" }
    swift += "    ]\n"
    swift += "}\n" + phrases + "}\n"
    try write(swift, to: keysOutput)

    var embedded = """
        // Generated from po/*.po by the CatalogKeys build-tool plugin (Sources/catalog-keys).
        // Do not edit: change the catalogs.

        /// The text of each catalog compiled into the binary, named after its file (`en.po`: `en`).
        enum CatalogTexts {

        """
    for path in catalogs {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let catalog = path == input ? text : try String(contentsOfFile: path, encoding: .utf8)
        embedded += "    static let \(swiftName(name)) = \(swiftLiteral(catalog))\n"
    }
    embedded += "}\n"
    try write(embedded, to: catalogsOutput)
} catch let problem as POFile.Problem {
    FileHandle.standardError.write(Data("\(input):\(problem.line): \(problem.message)\n".utf8))
    exit(65)
} catch {
    FileHandle.standardError.write(Data("catalog-keys: \(error)\n".utf8))
    exit(74)
}
