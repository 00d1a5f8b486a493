import Foundation
import LucidRuntime
import Testing

@testable import GoldenMinimal

/// The smallest useful spec: one subtype, one entity without an identifier, one GET.
@Suite struct MinimalDecodingTests {
    @Test func latestNote() throws {
        // `notes.latest` answers the note itself, read from the body's root.
        let note = try Note.decode(from: Data(#"{"text": "Buy milk", "mood": "busy"}"#.utf8))
        #expect(note == Note(text: "Buy milk", mood: .busy))
        let resource: BackendResource<Void, Note, NoAuth> = NotesService.fetchLatestResource()
        #expect(resource.name == "notes.latest")
    }

    @Test func defaultsAndFailures() throws {
        #expect(try Note.decode(from: Data(#"{"text": "Quiet"}"#.utf8)) == Note(text: "Quiet"))
        #expect(Note(text: "Quiet").mood == .calm && Mood.allCases == [.calm, .busy])
        #expect(throws: DecodingError.self) { try Note.decode(from: Data(#"{"mood": "calm"}"#.utf8)) }
        #expect(throws: DecodingError.self) { try Note.decode(from: Data(#"{"text": "T", "mood": "sleepy"}"#.utf8)) }
    }

    @Test func roundTrip() throws {
        let note = Note(text: "Round", mood: .busy)
        let encoded = try JSONEncoder().encode(note)
        #expect(try JSONDecoder().decode(Note.self, from: encoded) == note)
        #expect(
            try JSONSerialization.jsonObject(with: encoded) as? [String: String] == ["text": "Round", "mood": "busy"])
    }

    /// `access: package` reaches every declaration the spec describes.
    @Test func everyDeclarationIsPackage() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Generated")
        for path in ["Entities.swift", "Subtypes.swift", "Services.swift"] {
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            #expect(text.contains("package struct ") || text.contains("package enum "), "\(path)")
            #expect(!text.contains("public "), "\(path)")
        }
    }
}
