import Foundation

/// The inputs the fuzzer starts from, and the regression replay checks: every spec the project keeps — the golden
/// cases, the invalid corpus and the examples — each bundled with the files it reads, the raw inputs of past
/// findings, and the fuzz inputs kept because they reach code the specs do not (`make fuzz-corpus`). All of them
/// are committed, so a seeded run starts from the same corpus on every machine.
public enum FuzzSeeds {
    /// Where past findings are kept as raw fuzz inputs, relative to the package folder.
    public static let findingsFolder = "Tests/LucidFuzzTests/Findings"
    /// Where kept fuzz inputs are, relative to the package folder.
    public static let corpusFolder = "Tests/LucidFuzzTests/Corpus"

    /// Every seed spec under the package folder `package`, sorted: `Tests/Golden/*/Spec/*.lucid.yaml`,
    /// `Tests/LucidSpecTests/Invalid/*.lucid.yaml` and `Examples/**/*.lucid.yaml` (build folders skipped).
    public static func specPaths(in package: String) -> [String] {
        let golden = entries(of: join(package, "Tests/Golden")).flatMap { name in
            specs(in: join(package, "Tests/Golden/\(name)/Spec"))
        }
        let invalid = specs(in: join(package, "Tests/LucidSpecTests/Invalid"))
        return (golden + invalid + specs(under: join(package, "Examples"))).sorted()
    }

    /// The seeds as fuzz inputs, each named after its spec's path (slashes as `_`), one per distinct content: a
    /// golden case that links to an example is one seed.
    public static func inputs(in package: String) -> [(name: String, input: FuzzInput)] {
        var seen = Set<[UInt8]>()
        return specPaths(in: package).compactMap { path in
            guard let input = FuzzInput.bundling(specAt: path), seen.insert(input.bytes).inserted else { return nil }
            let relative = path.hasPrefix(package + "/") ? String(path.dropFirst(package.count + 1)) : path
            return (relative.replacingOccurrences(of: "/", with: "_"), input)
        }
    }

    /// The past findings' raw inputs, by file name, sorted.
    public static func findings(in package: String) -> [(name: String, bytes: [UInt8])] {
        rawInputs(in: join(package, findingsFolder))
    }

    /// The kept fuzz inputs, by file name, sorted.
    public static func corpus(in package: String) -> [(name: String, bytes: [UInt8])] {
        rawInputs(in: join(package, corpusFolder))
    }

    /// The files of `folder` but its README and hidden files, by name, sorted.
    private static func rawInputs(in folder: String) -> [(name: String, bytes: [UInt8])] {
        entries(of: folder).filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.compactMap { name in
            FileManager.default.contents(atPath: folder + "/" + name).map { (name, [UInt8]($0)) }
        }
    }

    private static func specs(in folder: String) -> [String] {
        entries(of: folder).filter { $0.hasSuffix(".lucid.yaml") }.map { folder + "/" + $0 }
    }

    /// Specs in `folder` and below, not looking into hidden folders (`.build`) or generated code.
    private static func specs(under folder: String) -> [String] {
        var found = specs(in: folder)
        for name in entries(of: folder) where !name.hasPrefix(".") && name != "Generated" {
            var isFolder: ObjCBool = false
            let path = folder + "/" + name
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                found += specs(under: path)
            }
        }
        return found
    }

    private static func entries(of folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    private static func join(_ package: String, _ path: String) -> String {
        package == "." || package.isEmpty ? path : package + "/" + path
    }
}
