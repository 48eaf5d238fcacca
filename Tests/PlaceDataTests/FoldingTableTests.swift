import Foundation
import Testing

@testable import PlaceData

/// The folding tables, built a page at a time from one decomposition of the whole page, fold
/// every scalar as folding it alone does.
@Suite("Folding tables: built by the page, the same as each scalar folded alone")
struct FoldingTableTests {
    @Test func everyScalarOfTheTablesFoldsAsItDoesAlone() {
        var differing: [String] = []
        var folded = 0
        // Backwards, so that the last pages are built first and out of order.
        for value in (0x80..<0x3000).reversed() where value != 0x0308 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let alone = TextFolding.foldScalar(scalar)
            if TextFolding.fold(String(scalar)) != alone { differing.append(String(format: "U+%04X", value)) }
            if !alone.isEmpty && alone != String(scalar) { folded += 1 }
        }
        #expect(differing.isEmpty, "\(differing.prefix(20))")
        // Thousands of scalars fold to something else: the comparison is not of identities.
        #expect(folded > 1_000, "\(folded)")
    }
}
