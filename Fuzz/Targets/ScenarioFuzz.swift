import ScenarioFormat

/// The `.nvtest` reader: any text parses to a scenario or one problem with its line, and the
/// `~` patterns compile or give one problem with theirs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    do {
        let scenario = try Scenario.parse(text)
        var previous = 0
        for step in scenario.steps {
            violated(step.line > previous && step.line <= scenario.lines.count, "step line \(step.line)")
            previous = step.line
            for expectation in step.expectations {
                violated(
                    expectation.line > previous && expectation.line <= scenario.lines.count,
                    "expectation line \(expectation.line)")
                previous = expectation.line
            }
        }
        do { _ = try scenario.compiledPatterns() } catch {
            violated(error.line >= 1 && error.line <= scenario.lines.count, "pattern problem at line \(error.line)")
        }
    } catch {
        violated(error.line >= 1, "problem at line \(error.line): \(error.message)")
    }
    return 0
}
