import Foundation
import LucidGenCLI
import LucidTestSupport
import Testing

/// The operations fixture (form, multipart and raw bodies, response headers, the error payload, guessed paging)
/// imported, linted, generated and type-checked under Swift 6 with zero warnings, with the generated API those
/// constructs give.
struct ImportOpenAPIOperationsCompileTests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LucidImportTests/Fixtures/OpenAPI/operations.openapi.yaml").path

    @Test func theImportGeneratesCodeThatCompiles() throws {
        guard SwiftCompiler.isAvailableOrSaysWhy() else { return }
        try withTemporaryFolder { folder in
            let spec = folder.appendingPathComponent("operations.lucid.yaml")
            let imported = CapturedConsole.run(["import-openapi", Self.document, "--output", spec.path])
            #expect(imported.code == .success, "\(imported.err)")
            let lint = CapturedConsole.run(["lint", spec.path])
            #expect(lint.code == .success && !lint.err.contains("warning"), "\(lint.err)")
            let generated = folder.appendingPathComponent("Generated")
            let generate = CapturedConsole.run(["generate", spec.path, "--output", generated.path, "--quiet"])
            #expect(generate.code == .success, "\(generate.err)")
            let files = try FileManager.default.contentsOfDirectory(at: generated, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
            let code = try files.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
            // The constructs' generated API: the error payload type, a multipart upload (with progress), raw bytes, an optional answer,
            // header members, page sequences.
            #expect(files.map(\.lastPathComponent).contains("OperationsErrorPayload.swift"))
            #expect(
                code.contains(
                    "func upload(\n        body: UploadBody,\n        progress: (@Sendable (TransferProgress) -> Void)?\n"
                        + "    ) async throws(APIError) -> EmptyResponse"))
            #expect(code.contains("let file: FileUpload"))
            // A `format: binary` body is an upload from a file; streams and downloads (issue 40): OpenAI's chat
            // completions answered as events beside JSON, a JSON Lines export, a video beside JSON, a PDF.
            #expect(
                code.contains(
                    "func putAvatar(file: URL, progress: (@Sendable (TransferProgress) -> Void)?) async"
                        + " throws(APIError) -> EmptyResponse"))
            #expect(
                code.contains("func createChatCompletion(body: ChatRequest) async throws(APIError) -> ChatCompletion"))
            #expect(code.contains("func createChatCompletionStream(body: ChatRequest) -> ResponseStream<ChatChunk>"))
            #expect(code.contains("func fetchExport(id: String) -> ResponseStream<Item>"))
            #expect(
                code.contains("func fetchVideoContentDownload(\n        videoId: String,\n        destination: URL,"))
            #expect(code.contains("func fetchReport(\n        id: String,\n        destination: URL,"))
            #expect(code.contains("func deleteItem(id: String) async throws(APIError) -> Item?"))
            #expect(code.contains("let xRateLimit: Int"))
            #expect(code.contains("func linkedPages("))
            #expect(code.contains("func eventsPages("))
            let outcome = try SwiftCompiler.typecheck(module: "Operations", files: files)
            #expect(outcome.succeeded && outcome.diagnostics.isEmpty, "\(outcome.diagnostics)")
        }
    }
}
