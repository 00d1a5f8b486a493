import LucidSupport

/// The outcome of following keys from a value.
enum Navigation {
    /// The value at the last key (possibly null).
    case found(JSONNode)
    /// A step is missing or null where the decoder takes that for "no value": nothing more to check.
    case absent
    /// The decoder would fail on the way; the mismatch is logged.
    case failed
}

extension ExampleChecker {
    /// Follows `keys` from `start`, which stands at the current path, as the runtime's payload navigation does
    /// (`decode(_:at:)`, `payload(at:)` and their `IfPresent` forms).
    ///
    /// With keys, `start` and every step before the last must be objects. A missing step fails, reported as
    /// `<prefix> reads <what> from <holder>, but the example has no '<key>'`; with `ifPresent` a missing or null
    /// step (or a null `start` without keys) is `absent` instead. Otherwise the last value is `found`, null
    /// included: whether null will do is for its reader to say.
    func navigate(
        from start: JSONNode, through keys: [String], reading what: String, ifPresent: Bool = false
    ) -> Navigation {
        guard !keys.isEmpty else { return ifPresent && start.isNull ? .absent : .found(start) }
        var holder = start
        var steps = 0
        defer { path.removeLast(steps) }
        for key in keys {
            guard let object = holder.object else {
                mismatch(holder, expected: "an object with '\(key)'")
                return .failed
            }
            guard let value = object[key], !(ifPresent && value.isNull) else {
                if ifPresent { return .absent }
                missing(key, reading: what, in: holder)
                return .failed
            }
            path.append(.key(key))
            steps += 1
            holder = value
        }
        return .found(holder)
    }
}
