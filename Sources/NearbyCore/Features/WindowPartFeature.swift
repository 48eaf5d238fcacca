import PlaceData

/// A place store's window in two parts (issues 36 and 42: the first answer at 10M places). The
/// whole window (the places within 2 km, at most 20,000) takes about 100 ms to read and index on
/// a thread of its own; a command typed at once after the start or a move waits for it. `where`
/// needs far less: the nearest place with a direction among the first `whereLooksAt` about the
/// user, and how many places the list holds. While the window is still being read, the shell
/// asks here whether the command can be answered from its nearest part (`windowPartRequest`);
/// if so it reads that part at once, with the counts, and applies `.windowPartRead`; any other
/// command, and any position report, takes the whole window in first (`.windowMoved`), which
/// sets the part aside. What is said is the same either way: the part holds exactly the first
/// places of the whole window, in its order, and the counts are the whole window's.
public struct WindowPart: Equatable, Sendable {
    /// The nearest places of the window, nearest first (equal distances in the store's order):
    /// the whole window's first places, in its order.
    public var places: Places
    /// Where the window is read about.
    public var origin: Coordinate
    /// The radius `withinRadius` counts within: the list's, when the part was asked for.
    public var radius: Double
    /// How many places of the whole window lie within `radius` of `origin`.
    public var withinRadius: Int
    /// How many places the whole window holds.
    public var total: Int

    public init(places: Places, origin: Coordinate, radius: Double, withinRadius: Int, total: Int) {
        self.places = places
        self.origin = origin
        self.radius = radius
        self.withinRadius = withinRadius
        self.total = total
    }

    /// How many places the Nearby list holds, with no search or filter, once the whole window
    /// is in: those within the radius, or every place of the window when none is
    /// (`NearbyState.refreshShown`).
    public var listCount: Int { withinRadius > 0 ? withinRadius : total }
}

/// What the shell is to read of a window still being read, for a command to be answered from it.
public struct WindowPartRequest: Equatable, Sendable {
    /// How many of the window's nearest places.
    public var nearest: Int
    /// The radius to count the window's places within (the list's).
    public var radius: Double
}

extension NearbyState {
    /// How many places about the user `where` looks among for the nearest with a direction.
    public static let whereLooksAt = 16
    /// How many of a window's nearest places its first part holds: more than `where` looks at.
    public static let windowPartSize = 256

    /// What to read of a window still being read about `origin` (the shell's) for `action` to
    /// be answered from that part alone, or nil when the action needs the whole window. Only
    /// `where` is, and only when nothing else it says depends on the whole window: no search,
    /// no filter, no selection, no search being typed, and the user at the window's centre. A
    /// part already in serves when it was read for the same point and radius.
    public func windowPartRequest(for action: Action, windowAt origin: Coordinate) -> WindowPartRequest? {
        guard case .whereRequested = action, places.isWindow, origin == settings.origin, query.isEmpty,
            kindFilter == nil, selection == nil, beforeTyping == nil
        else { return nil }
        if let windowPart, windowPart.origin != origin || windowPart.radius != settings.radius { return nil }
        return WindowPartRequest(nearest: Self.windowPartSize, radius: settings.radius)
    }

    /// The shell read the nearest part of the window (`windowPartRequest`): its places are the
    /// places in memory, as `.windowMoved` takes the whole window in, until the whole window
    /// comes; nothing is said.
    mutating func windowPartRead(_ part: WindowPart) -> Reaction {
        let reaction = windowMoved(part.places)
        windowPart = part
        return reaction
    }
}
