import Foundation
import Testing

/// The README's claims about the repository stay true: its Layout names every folder and target, its make targets
/// are the Makefile's (each of which `make help` describes), and its table of contents leads to its headings.
struct ReadmeClaimsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The README's Layout block.
    static func layout() throws -> String {
        let readme = try read("README.md")
        let section = try #require(readme.range(of: "\n## Layout\n"))
        let start = try #require(readme.range(of: "```\n", range: section.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "\n```\n", range: start.upperBound..<readme.endIndex))
        return String(readme[start.upperBound..<end.lowerBound])
    }

    /// The entries of `folder` (relative to the root) that are part of the repository: not hidden build output.
    static func entries(of folder: String) throws -> [String] {
        let ignored = [".build", ".git", ".swiftpm", "Package.resolved", "__pycache__", "callgrind.out", ".DS_Store"]
        return try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            .filter { name in !ignored.contains { name.hasPrefix($0) } && name != "Generated" }.sorted()
    }

    @Test func theLayoutNamesEveryFolder() throws {
        let layout = try Self.layout()
        for folder in ["Sources", "Tests", "Examples"] {
            for name in try Self.entries(of: folder) where name != "Golden" {
                #expect(layout.contains("\(folder)/\(name) "), "the README's Layout lacks \(folder)/\(name)")
            }
        }
        #expect(layout.contains("Tests/Golden/<Case>/"))
        for name in try Self.entries(of: "") where !["Sources", "Tests", "Examples"].contains(name) {
            let listed = layout.split(separator: "\n").contains { line in
                line.hasPrefix(name + " ") || line.hasPrefix(name + "/") || line.hasPrefix(name + "\t")
            }
            #expect(listed, "the README's Layout lacks the top-level \(name)")
        }
    }

    /// Every target Package.swift declares by name (the golden cases' are made per case folder).
    @Test func theLayoutNamesEveryTarget() throws {
        let manifest = try Self.read("Package.swift")
        let layout = try Self.layout()
        let pattern = #/\.(?:target|executableTarget|testTarget|plugin|systemLibrary)\(\s*name: "([^"\\]+)"/#
        let names = manifest.matches(of: pattern).map { String($0.output.1) }
        #expect(names.count >= 15, "found only \(names)")
        for name in names {
            #expect(layout.contains(name), "the README's Layout does not name the target \(name)")
        }
    }

    /// The Makefile's targets: the names of its rules.
    static func makeTargets() throws -> [String] {
        let makefile = try read("Makefile")
        return makefile.split(separator: "\n").compactMap { line -> String? in
            guard let match = line.wholeMatch(of: #/([a-z][a-z-]*):(?!=).*/#) else { return nil }
            return String(match.output.1)
        }
    }

    @Test func everyMakeTargetIsInTheReadmeAndInMakeHelp() throws {
        let readme = try Self.read("README.md")
        let makefile = try Self.read("Makefile")
        let targets = try Self.makeTargets()
        #expect(targets.count >= 20 && targets.contains("run") && targets.contains("test"))
        for target in targets {
            let pattern = try Regex("`make \(target)[` ]")
            #expect(readme.contains(pattern), "the README never names `make \(target)`")
            let documented = makefile.split(separator: "\n").contains { line in
                line.hasPrefix("## ")
                    && line.dropFirst(3).prefix { $0 != ":" }.split(separator: ",").map {
                        $0.trimmingCharacters(in: .whitespaces)
                    }.contains(target)
            }
            #expect(documented, "`make help` does not describe \(target): add a `## \(target): ...` line")
        }
    }

    /// GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens.
    static func anchor(_ heading: String) -> String {
        String(
            heading.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_"
                    ? character : nil
            })
    }

    @Test func theTableOfContentsLeadsToHeadings() throws {
        let readme = try Self.read("README.md")
        let anchors = Set(
            readme.split(separator: "\n").filter { $0.hasPrefix("#") && $0.contains("# ") }.map {
                Self.anchor(String($0.drop { $0 == "#" }.dropFirst()))
            })
        let links = readme.matches(of: #/\]\(#([a-z0-9_-]+)\)/#).map { String($0.output.1) }
        #expect(links.count >= 15)
        for link in links {
            #expect(anchors.contains(link), "the README links #\(link), which is no heading")
        }
        #expect(readme.contains("## Contents\n"))
    }
}
