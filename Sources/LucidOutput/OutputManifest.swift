import Foundation

/// The record an output folder keeps of the files one spec's generation wrote there
/// (`.movies.lucid.yaml.lucid-gen-files` for `movies.lucid.yaml`): one relative path a line, after a comment
/// line that names the spec. Stale deletion removes only files listed here that still begin with the spec's
/// header, so generation never deletes a file it did not write — another spec's generated code sharing the
/// folder, or a user's file — and never sweeps a folder it did not fill. One manifest per spec, so two specs
/// generating into one folder each keep their own record. The name starts with a dot so SwiftPM and Xcode do
/// not treat it as a source.
public enum OutputManifest {
    /// The manifest of the spec at `specFile` (named by its file name, as the generated header names it).
    public static func fileName(specFile: String) -> String {
        "." + GeneratedHeader.specName(of: specFile) + ".lucid-gen-files"
    }

    /// The one manifest earlier versions kept for every spec writing into a folder; read as a record of this
    /// spec's files too, and removed once it records nothing another spec still owns.
    public static let legacyFileName = ".lucid-gen-files"

    private static let family = "# Files lucid-gen generated in this folder"

    /// The first line of the legacy manifest.
    static let legacyComment = family + "; it deletes only these. Do not edit."

    /// What the manifest of `specFile` begins with; any lucid-gen manifest begins with `family`.
    static func mark(specFile: String) -> OwnershipMark {
        OwnershipMark(
            own: family + " from " + GeneratedHeader.specName(of: specFile) + ";", family: family,
            shown: "'\(family)'")
    }

    /// The manifest's text for `paths`.
    static func text(for paths: [String], specFile: String) -> String {
        let comment = mark(specFile: specFile).own + " it deletes only these. Do not edit."
        return ([comment] + paths.sorted()).joined(separator: "\n") + "\n"
    }

    /// The paths a manifest's text records: every line but comments and blank lines.
    static func paths(in text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}
