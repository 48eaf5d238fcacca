/// A language the program speaks: the three built in, and the team's pseudo-locale.
public enum Language: String, CaseIterable, Sendable {
    case english = "en"
    case spanish = "es"
    case portuguese = "pt"
    /// Brazilian Portuguese: European Portuguese's words, those that differ overridden
    /// (`po/pt_BR.po`), with espeak-ng's Brazilian voice.
    case brazilian = "pt-BR"
    /// Android's accented pseudo-locale: English words accented inside ⟦ ⟧, data untouched, so
    /// that any word not from the catalog stands out.
    case pseudo = "en-XA"

    /// The code `--language` takes.
    public var code: String { rawValue }

    /// The espeak-ng voice that reads it, unless the user chose one.
    public var voice: String {
        switch self {
        case .english, .pseudo: "en"
        case .spanish: "es"
        case .portuguese: "pt"
        case .brazilian: "pt-br"
        }
    }

    /// The language a code names ("pt", "PT", "pt_PT.UTF-8", "pt_BR.UTF-8", "es-419", "en-XA").
    public init?(code: String) {
        if code.lowercased() == "en-xa" {
            self = .pseudo
            return
        }
        let parts = code.split(whereSeparator: { "_-.@".contains($0) }).map { $0.lowercased() }
        let base = parts.first ?? ""
        if base == "pt", parts.count > 1, parts[1] == "br" {
            self = .brazilian
            return
        }
        switch base {
        case "en": self = .english
        case "es": self = .spanish
        case "pt": self = .portuguese
        default: return nil
        }
    }

    /// The language of the POSIX locale: the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is
    /// set and not empty decides, as setlocale does; English when it names none of ours (or C).
    public static func fromLocale(_ environment: [String: String]) -> Language {
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[variable], !value.isEmpty else { continue }
            return Language(code: value) ?? .english
        }
        return .english
    }
}
