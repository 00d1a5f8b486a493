/// The version of lucid-gen and LucidRuntime, released together under one tag (docs/Releasing.md). The one place it
/// is written: LucidCodeGen compiles this same file through a link (Sources/LucidCodeGen/Version.swift), so the
/// generator names the version it writes code for, and the runtime the version it is, from one line.
let lucidVersion = "0.1.0"
