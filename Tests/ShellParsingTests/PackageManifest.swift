import Foundation

/// The targets of a `Package.swift`, read as text: each one's kind, name and dependencies, in
/// the order written. Enough of Swift to read the manifest the way it is written here: the
/// comments are skipped, and a dependency is a name in quotes, or the `name:` of a
/// `.product(…)`, `.target(…)` or `.byName(…)`.
struct PackageManifest {
    enum Kind: String, CaseIterable {
        case target, executableTarget, testTarget, systemLibrary
    }

    struct Target: Equatable {
        let kind: Kind
        let name: String
        let dependencies: [String]
    }

    let targets: [Target]

    init(_ text: String) {
        let code = Self.withoutComments(text)
        var targets: [Target] = []
        var rest = code[...]
        while let call = Self.nextCall(in: rest) {
            let body = Self.balanced(code[call.open...])
            if let name = Self.firstString(after: "name:", in: body) {
                targets.append(Target(kind: call.kind, name: name, dependencies: Self.dependencies(in: body)))
            }
            rest = code[body.endIndex...]
        }
        self.targets = targets
    }

    /// The target named `name`, if there is one.
    subscript(name: String) -> Target? { targets.first { $0.name == name } }

    /// `text` with its `//` and `/* */` comments blanked out (strings are left alone).
    static func withoutComments(_ text: String) -> String {
        var out = ""
        var index = text.startIndex
        var inString = false
        while index < text.endIndex {
            let character = text[index]
            let rest = text[index...]
            if inString {
                out.append(character)
                if character == "\\", text.index(after: index) < text.endIndex {
                    index = text.index(after: index)
                    out.append(text[index])
                } else if character == "\"" {
                    inString = false
                }
            } else if rest.hasPrefix("//") {
                while index < text.endIndex && text[index] != "\n" { index = text.index(after: index) }
                continue
            } else if rest.hasPrefix("/*") {
                guard let end = rest.range(of: "*/") else { break }
                index = end.upperBound
                out.append(" ")
                continue
            } else {
                if character == "\"" { inString = true }
                out.append(character)
            }
            index = text.index(after: index)
        }
        return out
    }

    /// The next `.target(`, `.executableTarget(`, `.testTarget(` or `.systemLibrary(` in
    /// `text`: its kind and the index of its opening parenthesis.
    static func nextCall(in text: Substring) -> (kind: Kind, open: String.Index)? {
        var best: (kind: Kind, open: String.Index)?
        for kind in Kind.allCases {
            guard let range = text.range(of: ".\(kind.rawValue)(") else { continue }
            let open = text.index(before: range.upperBound)
            if best == nil || open < best!.open { best = (kind, open) }
        }
        return best
    }

    /// The start of `text`, from the bracket it begins with to the one that closes it, both
    /// included.
    static func balanced(_ text: Substring) -> Substring {
        let pairs: [Character: Character] = ["(": ")", "[": "]"]
        var closers: [Character] = []
        var inString = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if inString {
                if character == "\\" {
                    index = text.index(after: index)
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if let closer = pairs[character] {
                closers.append(closer)
            } else if character == closers.last {
                closers.removeLast()
                if closers.isEmpty { return text[...index] }
            }
            index = text.index(after: index)
        }
        return text
    }

    /// The first string literal after `label` in `text`.
    static func firstString(after label: String, in text: Substring) -> String? {
        guard let range = text.range(of: label) else { return nil }
        let rest = text[range.upperBound...].drop { $0 == " " || $0 == "\n" }
        guard rest.first == "\"", let end = rest.dropFirst().firstIndex(of: "\"") else { return nil }
        return String(rest[rest.index(after: rest.startIndex)..<end])
    }

    /// The names in a call's `dependencies: [...]`, in order.
    static func dependencies(in call: Substring) -> [String] {
        guard let label = call.range(of: "dependencies:"),
            let open = call[label.upperBound...].firstIndex(of: "[")
        else { return [] }
        // `.product(name: "X", package: "p")`: the package's name is not a dependency.
        var list = String(balanced(call[open...]).dropFirst().dropLast())
        while let package = list.range(of: #"package:\s*"[^"]*""#, options: .regularExpression) {
            list.removeSubrange(package)
        }
        var names: [String] = []
        var rest = list[...]
        while let start = rest.firstIndex(of: "\"") {
            let after = rest[rest.index(after: start)...]
            guard let end = after.firstIndex(of: "\"") else { break }
            names.append(String(after[..<end]))
            rest = after[after.index(after: end)...]
        }
        return names
    }
}
