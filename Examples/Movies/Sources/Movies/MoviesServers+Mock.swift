import LucidRuntime

// Hand-written beside the generated code: the example's mock server listens on a free port, so its address
// is only known at run time.
extension MoviesServers {
    /// Both servers on one local server at `baseURL` (`http://127.0.0.1:PORT`), as the example's mock server
    /// serves them: the API under `/3`, images under `/images`.
    public static func environments(mockServer baseURL: String) -> ServerEnvironments {
        ServerEnvironments(servers: [
            (api, [.init(name: "mock", baseURL: baseURL + "/3")]),
            (images, [.init(name: "mock", baseURL: baseURL + "/images")]),
        ])
    }
}
