import Foundation
import LucidGenCLI

#if canImport(Glibc)
import Glibc

// glibc grows the heap of each rendering thread's arena a page at a time, one `mprotect` each: at N=1000 that was two
// system calls per written file, a quarter of the writer's. Growing 16 MB at a time (address space, not memory: pages
// count once touched) leaves a few dozen. `mallopt` is looked up because Swift's Glibc module leaves out malloc.h;
// -2 is glibc's M_TOP_PAD.
if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
    let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    _ = mallopt(-2, 16 << 20)
}
#endif

exit(LucidGenCommand.run(Array(CommandLine.arguments.dropFirst())).rawValue)
