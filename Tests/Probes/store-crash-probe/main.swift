// A helper for the entity store's crash test (Tests/LucidRuntimeTests/Store/EntityStoreCrashTests.swift): a process
// that writes a persisted store without pause, for the test to kill mid-write, and one that reads what is left.
//
//   store-crash-probe write <directory>   put 200 items again and again, every round a new generation
//   store-crash-probe read  <directory>   load the file and say what it holds
//
// `write` prints `round <n>` after each put (the file follows soon after, off the main thread). `read` prints one
// line: `noFile`, `discarded <reason>`, or `loaded <count> generations <g1,g2,…>` — the generations the items hold,
// one alone when the file is a snapshot of one moment, as every write is.
import Foundation
import LucidRuntime

struct Item: StorableEntity, EntityContaining, Codable {
    static var storeName: String { "item" }
    var id: Int
    var generation: Int
    var text: String

    func collectEntities(into batch: inout EntityBatch) { batch.add(self) }
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard arguments.count == 3, ["write", "read"].contains(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: store-crash-probe write|read <directory>\n".utf8))
    exit(2)
}
let directory = URL(fileURLWithPath: arguments[2], isDirectory: true)
let store = EntityStore(writeFailed: { say("write failed: \($0)") })
let load = store.persist(Item.self, in: directory)
if arguments[1] == "read" {
    switch load {
    case .noFile: say("noFile")
    case .discarded(let reason): say("discarded \(reason)")
    case .loaded(let count):
        let items = store.entities(Item.self, ids: Array(0..<200))
        let generations = Set(items.map(\.generation)).sorted().map(String.init).joined(separator: ",")
        say("loaded \(count) generations \(generations)")
    }
    exit(0)
}
// Long enough texts that a write takes a while, so a kill often lands in the middle of one.
let padding = String(repeating: "x", count: 400)
var round = 0
while true {
    round += 1
    let generation = round
    store.put((0..<200).map { Item(id: $0, generation: generation, text: padding) })
    say("round \(round)")
    // A breath between rounds: writes still overlap the next puts (a kill often lands mid-write), and the probe
    // leaves the machine's other tests their share of the cores, under ThreadSanitizer too.
    Thread.sleep(forTimeInterval: 0.002)
}
