import Words

extension Subcommand {
    /// `nearby-voice SUBCOMMAND --help`, in `words`, every line at most `width` columns: its
    /// usage, what it does, and each of its options with what it does.
    public func helpScreen(_ words: Catalog, width: Int = 80) -> String {
        var lines = Options.wrapped(
            usageItems(words), first: "\(words.text(.usageHeading)): ", width: width, separator: " ")
        lines += Options.wrapped(
            summary(words).split(separator: " ").map(String.init), first: "", width: width, separator: " ")
        lines += ["", "\(words.text(.usageOptionsHeading)):"]
        let labels = options.map { "  " + $0.helpLabel(words) }
        let column = min((labels.map(\.count).max() ?? 0) + 2, width / 2)
        for (option, label) in zip(options, labels) {
            let summary = option.summary(words).split(separator: " ").map(String.init)
            if label.count + 2 > column {
                lines.append(label)
                lines += Options.wrapped(
                    summary, first: String(repeating: " ", count: column), width: width, separator: " ", indent: column)
            } else {
                let first = label + String(repeating: " ", count: column - label.count)
                lines += Options.wrapped(summary, first: first, width: width, separator: " ", indent: column)
            }
        }
        return lines.joined(separator: "\n")
    }
}
