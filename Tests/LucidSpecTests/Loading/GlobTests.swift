import Foundation
import Testing

@testable import LucidSpec

/// Include patterns walk the file system within a budget counted as they go, so a pattern over a deep or wide
/// tree ends quickly in a diagnostic instead of multiplying the tree by itself.
struct GlobTests {
    /// `levels` levels of `width` folders under `root`, with `x.yaml` in the first folder of each level.
    static func makeTree(_ root: String, levels: Int, width: Int) {
        guard levels > 0 else { return }
        for index in 0..<width {
            let folder = root + "/d\(index)"
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            if index == 0 {
                _ = FileManager.default.createFile(atPath: folder + "/x.yaml", contents: Data("a: 1\n".utf8))
            }
            makeTree(folder, levels: levels - 1, width: width)
        }
    }

    @Test func runsOfDoubleStarsFoldIntoOne() {
        #expect(Glob.segments(of: "t/**/**/**/*.yaml") == ["t", "**", "*.yaml"])
        #expect(Glob.segments(of: "**/a/**/**") == ["**", "a", "**"])
    }

    @Test func repeatedDoubleStarsMatchWhatOneMatches() {
        TemporarySpec.withFolder { folder in
            Self.makeTree(folder + "/t", levels: 3, width: 3)
            let one = Glob.expand("t/**/*.yaml", relativeTo: folder)
            let three = Glob.expand("t/**/**/**/*.yaml", relativeTo: folder)
            #expect(one.limit == nil && one.paths.count == 13)
            #expect(three.paths == one.paths && three.limit == nil)
        }
    }

    @Test func theWalkStopsAtItsBudget() {
        TemporarySpec.withFolder { folder in
            Self.makeTree(folder + "/t", levels: 4, width: 4)  // 340 folders
            let stopped = Glob.expand("t/**/*.yaml", relativeTo: folder, maxVisits: 100)
            #expect(stopped.limit == .visits && stopped.paths.isEmpty)
            #expect(Glob.expand("t/**/*.yaml", relativeTo: folder, maxVisits: 10_000).limit == nil)
        }
    }

    @Test func aPatternOverTooBigATreeIsALocatedError() {
        let result = TemporarySpec.withFolder { folder -> SpecLoadResult in
            Self.makeTree(folder + "/t", levels: 3, width: 5)  // 155 folders, each looked at
            TemporarySpec.write(["spec.lucid.yaml": TemporarySpec.header + "\ninclude: 't/**/*.yaml'\n"], into: folder)
            var loader = SpecLoader()
            loader.maxIncludeVisits = 100
            return loader.load(path: folder + "/spec.lucid.yaml")
        }
        // Nothing the pattern reached is read: the only diagnostic is the pattern's.
        #expect(
            TemporarySpec.messages(result) == [
                "spec.lucid.yaml:5:10: error: include pattern 't/**/*.yaml' walks more than 100 files and folders; "
                    + "name the folder that holds the spec's files"
            ])
        #expect(SpecLoader().maxIncludeVisits == 100_000)
    }
}
