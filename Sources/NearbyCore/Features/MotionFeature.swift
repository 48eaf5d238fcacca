import Words

/// What only the eye sees of the sheet's and the map's motion, said with `visuals` on: how a
/// released drag settles (the Nearby seed's "interpolating spring seeded by the gesture
/// velocity"; with reduce motion, a plain ease-out) and the walk-time chip a selection raises
/// over its pin. The snap earcon (the seed's soft haptic) stays on the detent's own answer, once
/// a snap: these words carry none.
extension NearbyState {
    /// A release at this speed or more (points a second, either way) is a fling: the spring
    /// starts at the finger's speed. Slower, the finger was lifted at rest.
    static let flingSpeed = 100.0

    /// How the sheet came to rest at `detent` after a drag released at `velocity`.
    func releaseMotion(to detent: Detent, velocity: Double) -> Announcement {
        let situation = detent.situation(words)
        let text: String
        if settings.reduceMotion {
            text = say(.sheetMotionEaseOut(detent: situation))
        } else if abs(velocity) >= Self.flingSpeed {
            let speed = grouped(Int(abs(velocity).rounded()))
            text = say(.sheetMotionFling(speed: speed, detent: situation))
        } else {
            text = say(.sheetMotionRelease(detent: situation))
        }
        return visual(Announcement(text, priority: .polite, kind: .detent))
    }

    /// The walk-time chip raised over the selected pin at `index`.
    func walkChip(of index: Int) -> Announcement {
        // Kind `selection`: the chip is part of selecting, not the answer to `walk`.
        return visual(
            Announcement(say(.selectWalkChip(walk: walkPhrase(of: index))), priority: .polite, kind: .selection))
    }
}
