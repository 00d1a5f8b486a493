import CYaml
import Foundation

// `make bench`'s floor for reading a spec: how long libyaml alone takes to produce the events of FILE (the file
// read, every event parsed and freed, nothing built), best of RUNS. Prints `events SECONDS`.
//
// usage: yaml-events FILE [RUNS]

let arguments = CommandLine.arguments
guard arguments.count >= 2, let data = FileManager.default.contents(atPath: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: yaml-events FILE [RUNS]\n".utf8))
    exit(2)
}
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5

/// Parses every event of `bytes`; the number of events, or nil when libyaml reports an error.
func countEvents(_ bytes: [UInt8]) -> Int? {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) == 1 else { return nil }
    defer { yaml_parser_delete(&parser) }
    return bytes.withUnsafeBufferPointer { buffer -> Int? in
        yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
        var count = 0
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
            let done = event.type == YAML_STREAM_END_EVENT
            yaml_event_delete(&event)
            count += 1
            if done { return count }
        }
    }
}

let clock = ContinuousClock()
var best = Duration.seconds(1_000_000)
var events = 0
for _ in 0..<max(1, runs) {
    let elapsed = clock.measure {
        let bytes = [UInt8](FileManager.default.contents(atPath: arguments[1]) ?? data)
        events = countEvents(bytes) ?? -1
    }
    best = min(best, elapsed)
}
let parts = best.components
print(events, String(format: "%.4f", Double(parts.seconds) + Double(parts.attoseconds) / 1e18))
