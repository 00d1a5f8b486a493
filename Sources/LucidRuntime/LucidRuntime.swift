/// LucidRuntime: what generated code compiles against (resources, the API client, deduplication, caching,
/// the request queue). It depends on no other module of this package, so apps link it without the generator.
public enum LucidRuntime {
    /// The runtime's version (semantic versioning; docs/Releasing.md), for diagnostics and user agents.
    public static let version = lucidVersion
}
