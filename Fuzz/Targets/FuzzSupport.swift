// Shared by every fuzz target: compiled into each binary beside its own target file.

/// The fuzzer's input as bytes.
func fuzzBytes(_ start: UnsafeRawPointer, _ count: Int) -> [UInt8] {
    Array(UnsafeRawBufferPointer(start: start, count: count))
}

/// Stops the run with a message libFuzzer records as a crash, with the input that caused it.
func violated(_ property: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !property() { fatalError("fuzz property violated: \(message())") }
}
