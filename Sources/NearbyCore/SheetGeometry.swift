/// The sheet's heights on a screen, and where a drag released at a speed comes to rest.
public struct SheetGeometry: Sendable {
    public var screenHeight: Double

    /// The seed's resting detent: 76 points high.
    public static let restingHeight = 76.0
    /// The top detent leaves this much of the screen above the sheet (the status bar and the
    /// scaled-down map behind it).
    public static let topGap = 54.0
    /// UIScrollView's normal deceleration rate, per millisecond.
    public static let decelerationRate = 0.998

    public init(screenHeight: Double) { self.screenHeight = screenHeight }

    /// The sheet's height at a detent, in points.
    public func height(of detent: Detent) -> Double {
        switch detent {
        case .resting: Self.restingHeight
        case .half: screenHeight / 2
        case .full: screenHeight - Self.topGap
        }
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
        if dismissible && projected < Self.restingHeight / 2 { return .dismissed }
        let nearest = Detent.allCases.min { abs(height(of: $0) - projected) < abs(height(of: $1) - projected) }
        return .detent(nearest ?? start)
    }
}
