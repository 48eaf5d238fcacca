/// A command of the REPL: its name, short aliases and what `help` says of it.
public struct CommandInfo: Sendable {
    public let name: String
    public let aliases: [String]
    public let usage: String
    public let summary: String

    /// Every command, in the order `help` lists them.
    public static let all: [CommandInfo] = [
        CommandInfo(name: "find", aliases: ["f", "search", "/"], usage: "find WORDS",
            summary: "searches places by name and kind; find alone focuses the search field"),
        CommandInfo(name: "clear", aliases: ["c"], usage: "clear",
            summary: "empties the search and deselects"),
        CommandInfo(name: "done", aliases: [], usage: "done",
            summary: "leaves the search field; the keyboard goes away"),
        CommandInfo(name: "filter", aliases: ["k"], usage: "filter KIND, or filter all",
            summary: "shows only one kind of place; filter alone reads the filters and their counts"),
        CommandInfo(name: "next", aliases: ["n"], usage: "next",
            summary: "moves to the next place in the list"),
        CommandInfo(name: "previous", aliases: ["p", "prev"], usage: "previous",
            summary: "moves to the previous place in the list"),
        CommandInfo(name: "select", aliases: ["open", "o", "s"], usage: "select NUMBER or NAME",
            summary: "selects a place, opens its details and moves the map to it; select alone takes the current place"),
        CommandInfo(name: "close", aliases: ["deselect"], usage: "close",
            summary: "closes the details and deselects"),
        CommandInfo(name: "up", aliases: ["u"], usage: "up",
            summary: "raises the sheet one detent"),
        CommandInfo(name: "down", aliases: ["d"], usage: "down",
            summary: "lowers the sheet one detent"),
        CommandInfo(name: "handle", aliases: [], usage: "handle",
            summary: "taps the sheet's handle, which cycles resting, half and full"),
        CommandInfo(name: "back", aliases: ["b"], usage: "back",
            summary: "taps the dimmed map at full height: the sheet steps down one detent"),
        CommandInfo(name: "detent", aliases: [], usage: "detent resting, half or full",
            summary: "moves the sheet to that detent"),
        CommandInfo(name: "drag", aliases: [], usage: "drag POINTS [VELOCITY]",
            summary: "drags the sheet by POINTS and lets go at VELOCITY points a second; negative numbers are upward"),
        CommandInfo(name: "read", aliases: ["r"], usage: "read",
            summary: "reads what the sheet shows at its detent"),
        CommandInfo(name: "where", aliases: [], usage: "where",
            summary: "says where you stand and what the map shows"),
        CommandInfo(name: "walk", aliases: ["w"], usage: "walk",
            summary: "says the walk time to the selected place"),
        CommandInfo(name: "repeat", aliases: ["again"], usage: "repeat",
            summary: "says the last announcement again"),
        CommandInfo(name: "history", aliases: [], usage: "history [NUMBER]",
            summary: "reviews earlier announcements"),
        CommandInfo(name: "stop", aliases: ["shh"], usage: "stop",
            summary: "silences speech now"),
        CommandInfo(name: "set", aliases: [], usage: "set SETTING VALUE",
            summary: "changes a setting; settings lists them"),
        CommandInfo(name: "settings", aliases: [], usage: "settings",
            summary: "says every setting and its value"),
        CommandInfo(name: "voices", aliases: [], usage: "voices",
            summary: "lists the installed voices; set voice NAME takes one"),
        CommandInfo(name: "map", aliases: ["m"], usage: "map",
            summary: "draws the map as text for a sighted collaborator"),
        CommandInfo(name: "help", aliases: ["h", "?"], usage: "help [COMMAND]",
            summary: "lists the commands, or tells about one"),
        CommandInfo(name: "quit", aliases: ["q", "exit"], usage: "quit",
            summary: "leaves"),
    ]

    /// The command a typed word names, by name or alias, whatever its case.
    public static func named(_ word: String) -> CommandInfo? {
        let lowered = word.lowercased()
        return all.first { $0.name == lowered || $0.aliases.contains(lowered) }
    }

    /// The command whose name is nearest to `word` in edit distance, when one is near enough to
    /// be what was meant.
    static func nearest(to word: String) -> CommandInfo? {
        let lowered = word.lowercased()
        if let prefixed = all.first(where: { $0.name.hasPrefix(lowered) && lowered.count >= 2 }) {
            return prefixed
        }
        let scored = all.map { info in
            (info, ([info.name] + info.aliases).map { editDistance(lowered, $0) }.min() ?? .max)
        }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(1, lowered.count / 2) ? best.0 : nil
    }
}

/// The Levenshtein distance between two short strings: how near a typed word is to a name.
public func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
