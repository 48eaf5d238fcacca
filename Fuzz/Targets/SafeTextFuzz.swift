import PlaceData

/// Scalars that must never leave `SafeText.clean`: C0 (but a kept newline), DEL, C1, line and
/// paragraph separators, zero-width and bidirectional controls, noncharacters.
private func isForbidden(_ value: UInt32, keepingNewlines: Bool) -> Bool {
    switch value {
    case 0x0A: !keepingNewlines
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: true
    case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F, 0x061C, 0xFEFF, 0xFFF9...0xFFFB, 0xFFFE, 0xFFFF: true
    default: false
    }
}

/// The text sanitiser and the search folding. The first byte chooses the limit (1 to 128) and
/// whether newlines are kept; the rest is the text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = fuzzBytes(start, count)
    guard let first = bytes.first else { return 0 }
    let limit = Int(first & 0x7F) + 1
    let keepingNewlines = first & 0x80 != 0
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)

    let clean = SafeText.clean(text, keepingNewlines: keepingNewlines, limit: limit)
    let whole = SafeText.clean(text, keepingNewlines: keepingNewlines, limit: .max)
    for scalar in clean.unicodeScalars {
        violated(
            !isForbidden(scalar.value, keepingNewlines: keepingNewlines),
            "U+\(String(scalar.value, radix: 16)) survived")
    }
    violated(clean.count <= limit + 1, "\(clean.count) characters for a limit of \(limit)")
    violated(clean.unicodeScalars.count <= limit + 1, "\(clean.unicodeScalars.count) scalars for a limit of \(limit)")
    // Cut only when too long, and then the start of the whole text and an ellipsis.
    let wholeScalars = Array(whole.unicodeScalars)
    if wholeScalars.count <= limit {
        violated(
            clean == whole,
            "cut though it fits: \(clean.debugDescription) for \(whole.debugDescription), limit \(limit)")
    } else {
        var expected = String.UnicodeScalarView(wholeScalars.prefix(limit))
        expected.append("\u{2026}")
        violated(clean == String(expected), "\(clean.debugDescription) is not the start of \(whole.debugDescription)")
    }
    violated(
        SafeText.clean(whole, keepingNewlines: keepingNewlines, limit: .max) == whole,
        "not idempotent: \(whole.debugDescription)")

    // Folding: no ASCII capitals or quotes, and the joined search form is the fold without
    // its spaces and hyphens.
    let folded = TextFolding.fold(text)
    for byte in folded.utf8 {
        violated(
            !(0x41...0x5A).contains(byte) && byte != 0x27 && byte != 0x22 && byte != 0x60,
            "byte \(byte) in \(folded.debugDescription)")
    }
    let forms = TextFolding.searchForms(text)
    violated(forms.count == 1 || forms.count == 2, "\(forms.count) search forms")
    violated(
        forms[0] == folded.utf8.filter { $0 != 0x20 && $0 != 0x2D },
        "joined form \(String(decoding: forms[0], as: UTF8.self).debugDescription) of \(folded.debugDescription)")
    _ = TextFolding.queryWords(text)
    return 0
}
