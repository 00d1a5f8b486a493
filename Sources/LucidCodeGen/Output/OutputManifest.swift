import Foundation

/// The record an output folder keeps of the files generation wrote there (`.lucid-gen-files`): one relative path
/// a line, after a comment line. Stale deletion removes only files listed here, so generation never deletes a
/// file it did not write — another spec's generated code sharing the folder, or a user's file — and never sweeps
/// a folder it did not fill. The name starts with a dot so SwiftPM and Xcode do not treat it as a source.
public enum OutputManifest {
    public static let fileName = ".lucid-gen-files"

    private static let comment = "# Files lucid-gen generated in this folder; it deletes only these. Do not edit."

    /// The manifest's text for `paths`.
    static func text(for paths: [String]) -> String {
        ([comment] + paths.sorted()).joined(separator: "\n") + "\n"
    }

    /// The paths a manifest's text records: every line but comments and blank lines.
    static func paths(in text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}
