import Foundation

/// Removes keys from a JSON document. Payload decoding does not need it (`ResponsePayload` skips its
/// `excludedPaths` while decoding, without a pass over the body); it is the same rule applied to the bytes, for code
/// that passes a body on.
public enum JSONExclusion {
    /// Returns `data` without the keys at `paths`. Each path names object keys from the root;
    /// an array met on the way applies the rest of the path to every element, so
    /// `["results", "credits"]` removes `credits` from each item of `results`. Missing keys are
    /// ignored. The data comes back untouched when `paths` is empty or nothing was removed.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when `data` is not valid JSON.
    public static func removing(_ paths: [[String]], from data: Data) throws -> Data {
        guard !paths.isEmpty else { return data }
        var root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let context = DecodingError.Context(
                codingPath: [],
                debugDescription: "The given data was not valid JSON.",
                underlyingError: error
            )
            throw DecodingError.dataCorrupted(context)
        }
        var removed = false
        for path in paths where !path.isEmpty {
            root = removing(path[...], from: root, removed: &removed)
        }
        guard removed else { return data }
        return try JSONSerialization.data(withJSONObject: root, options: [.fragmentsAllowed, .withoutEscapingSlashes])
    }

    private static func removing(_ path: ArraySlice<String>, from value: Any, removed: inout Bool) -> Any {
        if let array = value as? [Any] {
            return array.map { removing(path, from: $0, removed: &removed) }
        }
        guard var object = value as? [String: Any], let key = path.first, let child = object[key] else {
            return value
        }
        if path.count == 1 {
            object[key] = nil
            removed = true
        } else {
            object[key] = removing(path.dropFirst(), from: child, removed: &removed)
        }
        return object
    }
}
