import Foundation
import Testing

/// The README's claims about the repository stay true: the Layout (docs/Architecture.md's, once the README's) names
/// every folder and target, the README's make targets are the Makefile's (each of which `make help` describes), and
/// its table of contents leads to its headings.
struct ReadmeClaimsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// docs/Architecture.md's Layout block.
    static func layout() throws -> String {
        let text = try read("docs/Architecture.md")
        let section = try #require(text.range(of: "\n## Layout\n"))
        let start = try #require(text.range(of: "```\n", range: section.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "\n```\n", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
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
                #expect(layout.contains("\(folder)/\(name) "), "docs/Architecture.md's Layout lacks \(folder)/\(name)")
            }
        }
        #expect(layout.contains("Tests/Golden/<Case>/"))
        for name in try Self.entries(of: "") where !["Sources", "Tests", "Examples"].contains(name) {
            let listed = layout.split(separator: "\n").contains { line in
                line.hasPrefix(name + " ") || line.hasPrefix(name + "/") || line.hasPrefix(name + "\t")
            }
            #expect(listed, "docs/Architecture.md's Layout lacks the top-level \(name)")
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
            #expect(layout.contains(name), "docs/Architecture.md's Layout does not name the target \(name)")
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

    /// The headings of the Markdown file at `path` (relative to the root), as anchors; none inside code blocks.
    static func anchors(ofFile path: String) throws -> Set<String> {
        var inCode = false
        var found = Set<String>()
        for line in try read(path).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle() }
            if !inCode && line.hasPrefix("#") && line.contains("# ") {
                found.insert(anchor(String(line.drop { $0 == "#" }.dropFirst())))
            }
        }
        return found
    }

    /// A link to a heading of another page (`docs/Runtime.md#errors`, `../README.md#openapi-export`) from the
    /// README, CONTRIBUTING.md or a page of docs/ leads to a file that has that heading: moving a section from one
    /// page to another breaks no link.
    @Test func everyLinkToAHeadingLeadsToOne() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        var checked = 0
        for page in ["README.md", "CONTRIBUTING.md"] + docs.sorted() {
            let folder = URL(fileURLWithPath: page).deletingLastPathComponent().relativePath
            for match in try Self.read(page).matches(of: #/\]\(([A-Za-z0-9_./-]+\.md)#([a-z0-9_-]+)\)/#) {
                let target = URL(fileURLWithPath: folder + "/" + match.output.1, relativeTo: Self.root)
                    .standardized.path.replacingOccurrences(of: Self.root.standardized.path + "/", with: "")
                let anchors = try? Self.anchors(ofFile: target)
                #expect(anchors != nil, "\(page) links \(match.output.1), which is no file")
                #expect(
                    anchors?.contains(String(match.output.2)) != false,
                    "\(page) links \(match.output.1)#\(match.output.2), which is no heading")
                checked += 1
            }
        }
        #expect(checked >= 20, "the pages link each other's headings: found \(checked)")
    }
}
