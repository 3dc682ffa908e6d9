import CFuzzerDriver

import Glibc

/// Hands the process to libFuzzer with `callback` as the target. Each fuzz target's main.swift
/// calls this: SwiftPM renames an executable's Swift `main` and points the linker's `main` at it,
/// so libFuzzer's own `main` cannot be used, and its documented `LLVMFuzzerRunDriver` is.
public func runFuzzer(
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> Never {
  var argc = CommandLine.argc
  var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
  exit(LLVMFuzzerRunDriver(&argc, &argv, callback))
}

/// The fuzzer's input as an array.
public func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  guard let data, size > 0 else { return [] }
  return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Stops the run with a message when an invariant of the code under test does not hold; libFuzzer
/// then saves the input as a crash.
public func check(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #fileID, line: UInt = #line
) {
  if !condition() { fail(message(), file: file, line: line) }
}

public func fail(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
  fatalError("invariant broken: \(message)", file: file, line: line)
}

/// Parts of a target to leave out, from `FUZZ_SKIP` (comma-separated names each target lists),
/// to look past a known crash whose fix has not landed yet. CI never sets it.
public let skipped: Set<Substring> = Set(
  (getenv("FUZZ_SKIP").map { String(cString: $0) } ?? "").split(separator: ","))
