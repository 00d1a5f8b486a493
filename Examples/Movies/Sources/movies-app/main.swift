import Foundation
import LucidRuntime
import Movies

/// movies-app: lists, shows, prefetches and rates movies through the code lucid-gen generated from
/// Sources/Movies/movies.lucid.yaml, against the example's mock server (`Examples/Movies/run.sh` starts both).
let usage = """
    usage: movies-app --server URL [--state DIR] COMMAND
      list [GENRE_ID]     discover movies, optionally of one genre
      show ID             a movie with its cast (cached for 60 s)
      prefetch ID...      fill the cache, then show the first one without the network
      rate ID VALUE       queue a rating (persisted until the server answers it)
      watch ID VALUE      observe the discover list in the entity store while a movie is rated
      live ID             a movie's new reviews as they arrive (a stream of server-sent events)
      poster ID           download a movie's poster to the state folder
      demo                all of the above, and an error
    """

/// Removes `name VALUE` from `arguments` and returns VALUE.
func option(_ name: String, from arguments: inout [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    defer { arguments.removeSubrange(index...index + 1) }
    return arguments[index + 1]
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let server = option("--server", from: &arguments) else {
    FileHandle.standardError.write(Data((usage + "\n").utf8))
    exit(2)
}
let state = URL(fileURLWithPath: option("--state", from: &arguments) ?? NSTemporaryDirectory() + "movies-app")
let app = MoviesApp(server: server, stateDirectory: state)
let commands = Commands(app: app)

do {
    try await app.start()
    // Every value after the command must parse: `rate 680 7` is an id and a rating, `show 6x0` is no id.
    let values = Array(arguments.dropFirst())
    let ids = values.compactMap(Int.init)
    let allIDs = ids.count == values.count
    switch arguments.first {
    case "list" where allIDs && ids.count <= 1: try await commands.list(genre: ids.first)
    case "show" where allIDs && ids.count == 1: try await commands.show(Movie.ID(ids[0]))
    case "prefetch" where allIDs && !ids.isEmpty: try await commands.prefetch(ids.map { Movie.ID($0) })
    case "rate" where values.count == 2 && Int(values[0]) != nil && Double(values[1]) != nil:
        try await commands.rate(Movie.ID(Int(values[0])!), Double(values[1])!)
    case "watch" where values.count == 2 && Int(values[0]) != nil && Double(values[1]) != nil:
        try await commands.watch(Movie.ID(Int(values[0])!), Double(values[1])!)
    case "live" where allIDs && ids.count == 1: try await commands.live(Movie.ID(ids[0]))
    case "poster" where allIDs && ids.count == 1: try await commands.poster(ids[0])
    case "demo" where values.isEmpty, nil: try await commands.demo()
    default:
        FileHandle.standardError.write(Data((usage + "\n").utf8))
        exit(2)
    }
    await app.queue.waitUntilIdle()
} catch let error as APIError {
    print("error: \(Describe.error(error))")
    exit(1)
}
