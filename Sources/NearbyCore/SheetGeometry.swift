/// The sheet's heights on a screen, and where a drag released at a speed comes to rest.
///
/// Under the Nearby screen (002: "Detents are fractions of the container height ignoring the
/// keyboard") every detent is a fraction of the screen's height; under the Map Search Sheet
/// (000) the resting detent is its fixed 76 points, `.medium` half the screen and `.large` the
/// screen less 54 points. docs/decisions.md says why each fraction is what it is.
public struct SheetGeometry: Sendable {
    public var screenHeight: Double
    public var screen: Settings.Screen

    /// The Map Search Sheet's resting detent: 76 points high (000's `restingHeight`).
    public static let restingHeight = 76.0
    /// The Map Search Sheet's top detent leaves this much of the screen above the sheet (the
    /// status bar and the scaled-down map behind it).
    public static let topGap = 54.0
    /// The Nearby screen's detents as fractions of the screen's height: the resting detent
    /// shows the title and the search field (76 points of an 844-point phone, 000's measure of
    /// them), the middle one is half the screen, and the top one leaves 6 % for the status bar
    /// and the scaled map's edge (793 of 844 points: ten rows of the list, as before).
    public static let restingFraction = 0.09
    public static let halfFraction = 0.5
    public static let fullFraction = 0.94
    /// UIScrollView's normal deceleration rate, per millisecond.
    public static let decelerationRate = 0.998

    public init(screenHeight: Double, screen: Settings.Screen = .nearby) {
        self.screenHeight = screenHeight
        self.screen = screen
    }

    /// The geometry of `settings`' screen.
    public init(_ settings: Settings) {
        self.init(screenHeight: settings.screenHeight, screen: settings.screen)
    }

    /// The sheet's height at a detent, in points.
    public func height(of detent: Detent) -> Double {
        switch (screen, detent) {
        case (.nearby, .resting): screenHeight * Self.restingFraction
        case (.nearby, .half): screenHeight * Self.halfFraction
        case (.nearby, .full): screenHeight * Self.fullFraction
        case (.mapSearch, .resting): Self.restingHeight
        case (.mapSearch, .half): screenHeight / 2
        case (.mapSearch, .full): screenHeight - Self.topGap
        }
    }

    /// The sheet's frame at a detent: its height, or, with a keyboard `keyboard` points high on
    /// the screen, only the part above the keyboard (002: "its frame is capped at the space
    /// above the keyboard"): the sheet keeps its top edge and ends where the keyboard begins,
    /// so 793 − 336 = 457 points of an 844-point phone at the top detent.
    public func frameHeight(of detent: Detent, keyboard: Double?) -> Double {
        guard let keyboard else { return height(of: detent) }
        return max(0, height(of: detent) - keyboard)
    }

    /// How far a release at `velocity` points a second carries on, as UIKit projects a scroll
    /// view's deceleration: v / 1000 × r / (1 − r).
    public static func projection(velocity: Double) -> Double {
        velocity / 1000 * decelerationRate / (1 - decelerationRate)
    }

    public enum Rest: Equatable, Sendable {
        case detent(Detent)
        case dismissed
    }

    /// Where the sheet rests after a drag of `translation` points (negative is up) released at
    /// `velocity`: the detent nearest the projected height, or dismissed below half the lowest
    /// detent when dismissal is allowed.
    public func settle(from start: Detent, translation: Double, velocity: Double, dismissible: Bool) -> Rest {
        let projected = height(of: start) - translation - Self.projection(velocity: velocity)
        if dismissible && projected < height(of: .resting) / 2 { return .dismissed }
        let nearest = Detent.allCases.min { abs(height(of: $0) - projected) < abs(height(of: $1) - projected) }
        return .detent(nearest ?? start)
    }
}
