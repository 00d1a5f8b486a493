import Foundation
import LucidSpec
import LucidTestSupport
import Testing

@testable import LucidImport

/// Responses never read whole and bodies sent from a file (issue 40): `text/event-stream`, JSON Lines and JSON text
/// sequences become `stream:`, binary media types `download:`, a `format: binary` request body `body: { file: … }`;
/// an operation that answers JSON or a stream as its request asks is two endpoints; and what `lucid-gen openapi`
/// writes of them (`x-lucid-events`, `x-lucid-stream`, `x-lucid-download`, `x-lucid-file`) comes back.
struct OpenAPITransferImportTests {
    /// One operation at `path`, answering `content` (indented under the 200 response's `content:`), with `extra`
    /// lines of the operation (a request body, parameters) before its responses.
    static func document(
        _ method: String = "post", path: String = "/things", id: String = "things", extra: String = "",
        content: String, components: String = ""
    ) -> String {
        """
        openapi: 3.0.3
        info: {title: Transfers, version: "1"}
        servers: [{url: "https://api.example.org"}]
        paths:
          \(path):
            \(method):
              operationId: \(id)
        \(extra)
              responses:
                "200":
                  description: ok
                  content:
        \(content)
        components:
          schemas:
            Chunk: {type: object, properties: {delta: {type: string}}}
            Reply: {type: object, properties: {text: {type: string}}}
        \(components)
        """
    }

    /// The spec of `text`, linted clean, and its diagnostics without the document's path.
    static func imported(_ text: String) throws -> (spec: String, messages: [String]) {
        try OpenAPITestDocuments.importing(text)
    }

    // MARK: Streams

    @Test func aStreamBesideJSONIsAnEndpointOfItsOwnWithTheTerminatorTheProseSays() throws {
        // OpenAI's chat completions: JSON, or events ending in `data: [DONE]` when the body says `stream: true`.
        let text = Self.document(
            extra: """
                      requestBody:
                        content:
                          application/json:
                            schema:
                              type: object
                              properties:
                                stream: {type: boolean}
                                stream_options:
                                  anyOf:
                                    - type: object
                                      properties:
                                        include_usage:
                                          type: boolean
                                          description: "A last chunk comes before the `data: [DONE]` message."
                """,
            content: """
                            application/json: {schema: {$ref: "#/components/schemas/Reply"}}
                            text/event-stream: {schema: {$ref: "#/components/schemas/Chunk"}}
                """)
        let (spec, messages) = try Self.imported(text)
        #expect(
            spec.contains(
                "      things:\n        post: /things\n        body: things_body\n"
                    + "        response: { type: Reply }\n"), "\(spec)")
        #expect(
            spec.contains(
                "      things_stream:\n        post: /things\n        description: \"Reads the response as a stream (the"
                    + " request asks for one); endpoint 'things' reads it as JSON.\"\n        body: things_body\n"
                    + "        # terminator: guessed from the text 'data: [DONE]' in the request body's schema; check it\n"
                    + "        stream: { events: Chunk, terminator: \"[DONE]\" }\n"), "\(spec)")
        #expect(
            messages.contains(
                "27:13: warning: the stream's terminator '[DONE]' is guessed from the text 'data: [DONE]' in the"
                    + " request body's schema; check it"), "\(messages)")
        // Read, so not reported as left out; and two endpoints on one route, read two ways, are no repeat to lint.
        #expect(!messages.contains { $0.contains("is not read") || $0.contains("repeats") }, "\(messages)")
    }

    @Test func aStreamAloneIsTheEndpointsAndNoTerminatorIsGuessedWithoutProse() throws {
        let (spec, messages) = try Self.imported(
            Self.document(
                "get", content: "                text/event-stream: {schema: {$ref: \"#/components/schemas/Chunk\"}}"))
        #expect(spec.contains("      things:\n        get: /things\n        stream: { events: Chunk }\n"), "\(spec)")
        #expect(!spec.contains("things_stream"))
        #expect(messages.isEmpty, "\(messages)")
    }

    @Test func jsonLinesAndJSONSequencesAreStreamsOfTheirFormat() throws {
        for (media, key) in [
            ("application/x-ndjson", "json_lines"), ("application/jsonl", "json_lines"),
            ("application/json-seq", "json_seq"), ("text/event-stream; charset=utf-8", "events"),
        ] {
            let (spec, _) = try Self.imported(
                Self.document(
                    "get", content: "                \(media): {schema: {$ref: \"#/components/schemas/Chunk\"}}"))
            #expect(spec.contains("        stream: { \(key): Chunk }\n"), "\(media): \(spec)")
        }
    }

    @Test func aStreamWithoutASchemaReadsAnyValueAndSaysSo() throws {
        let (spec, messages) = try Self.imported(
            Self.document("get", content: "                application/x-ndjson: {}"))
        #expect(spec.contains("        stream: { json_lines: any_value }\n"), "\(spec)")
        #expect(spec.contains("  any_value:\n"))
        #expect(
            messages.contains(
                "13:17: warning: a stream without a schema reads each item as 'any_value' (JSON of any type); an item"
                    + " that is no JSON ends the stream with a decoding error"), "\(messages)")
    }

    @Test func aSchemaOfTheWholeEventReadsItsData() throws {
        // Mistral's: `{event, data}` describes the server-sent event, and each item is its data.
        let (spec, messages) = try Self.imported(
            Self.document(
                content: """
                                    text/event-stream:
                                      schema:
                                        type: object
                                        properties:
                                          event: {type: string, enum: [chunk, done]}
                                          data: {$ref: "#/components/schemas/Chunk"}
                    """))
        #expect(spec.contains("        stream: { events: Chunk }\n"), "\(spec)")
        #expect(messages.isEmpty, "\(messages)")
        // An object with other properties is the data itself.
        let (own, _) = try Self.imported(
            Self.document(
                content: """
                                    text/event-stream:
                                      schema:
                                        type: object
                                        properties:
                                          data: {type: string}
                                          seq: {type: integer}
                    """))
        #expect(own.contains("        stream: { events: things_event }\n"), "\(own)")
    }

    @Test func aStreamWhoseSchemaPointsNowhereIsLeftOutNeverAFailure() throws {
        // Mistral's speech stream refers to `#/$defs/…` of its own schema, which is the document's root: nothing.
        let (spec, messages) = try Self.imported(
            Self.document(
                content: """
                                    application/json: {schema: {$ref: "#/components/schemas/Reply"}}
                                    text/event-stream: {schema: {properties: {data: {$ref: "#/$defs/Delta"}}}}
                    """))
        #expect(spec.contains("        response: { type: Reply }\n") && !spec.contains("things_stream"), "\(spec)")
        #expect(
            messages == [
                "14:17: warning: the stream's schema cannot be read ('$ref: #/$defs/Delta' points at nothing in the"
                    + " document); the stream is left out"
            ], "\(messages)")
    }

    @Test func aSecondStreamMediaTypeIsLeftOutWithAWarning() throws {
        let (spec, messages) = try Self.imported(
            Self.document(
                "get",
                content: """
                                    text/event-stream: {schema: {$ref: "#/components/schemas/Chunk"}}
                                    application/x-ndjson: {schema: {$ref: "#/components/schemas/Reply"}}
                    """))
        #expect(spec.contains("        stream: { events: Chunk }\n"), "\(spec)")
        #expect(
            messages.contains(
                "14:17: warning: response media type 'application/x-ndjson' is not read: a response is read as one"
                    + " stream, the first of its media types"), "\(messages)")
    }

    // MARK: Downloads

    @Test func binaryMediaTypesAreDownloadsOfTheirTypeOrFamily() throws {
        let cases: [(content: String, download: String)] = [
            ("image/png: {schema: {type: string, format: binary}}", "{ content_type: image/png }"),
            ("application/zip: {}", "{ content_type: application/zip }"),
            ("application/pdf: {schema: {type: string}}", "{ content_type: application/pdf }"),
            (
                "application/vnd.ms-excel: {schema: {type: string, format: binary}}",
                "{ content_type: application/vnd.ms-excel }"
            ),
            ("audio/mpeg: {}\n                audio/ogg: {}", "{ content_type: \"audio/*\" }"),
            ("video/mp4: {}\n                image/webp: {}", "true"),
            ("\"*/*\": {schema: {type: string, format: binary}}", "true"),
        ]
        for (content, download) in cases {
            let (spec, messages) = try Self.imported(Self.document("get", content: "                " + content))
            #expect(spec.contains("      things:\n        get: /things\n        download: \(download)\n"), "\(spec)")
            #expect(messages.isEmpty, "\(content): \(messages)")
        }
        // Text is no file, whatever its schema says: still not read.
        let (spec, messages) = try Self.imported(
            Self.document("get", content: "                text/csv: {schema: {type: string, format: binary}}"))
        #expect(!spec.contains("download"))
        #expect(messages.contains("12:11: warning: the 200 response has no JSON media type; its body is ignored"))
    }

    @Test func aFileBesideJSONIsAnEndpointOfItsOwnAndTheFileFirstBesideAStream() throws {
        // OpenAI's skill bundle (zip, or a JSON string) and speech (audio bytes, or events with `stream_format`).
        let (bundle, bundleMessages) = try Self.imported(
            Self.document(
                "get",
                content: """
                                    application/zip: {schema: {type: string, format: binary}}
                                    application/json: {schema: {type: string}}
                    """))
        #expect(bundle.contains("      things:\n        get: /things\n        response: { type: string }\n"))
        #expect(bundle.contains("        download: { content_type: application/zip }\n"), "\(bundle)")
        #expect(bundle.contains("      things_download:\n"))
        #expect(bundleMessages.isEmpty, "\(bundleMessages)")
        let (speech, _) = try Self.imported(
            Self.document(
                content: """
                                    application/octet-stream: {schema: {type: string, format: binary}}
                                    text/event-stream: {schema: {$ref: "#/components/schemas/Chunk"}}
                    """))
        #expect(
            speech.contains(
                "      things:\n        post: /things\n        download: { content_type: application/"
                    + "octet-stream }\n"), "\(speech)")
        #expect(speech.contains("endpoint 'things' reads it as a file.\"\n        stream: { events: Chunk }\n"))
    }

    @Test func responseHeadersOfAStreamAreLeftOutWithAWarningAndADownloadsComeWithItsFile() throws {
        func withHeaders(_ media: String) -> String {
            Self.document("get", content: "                \(media): {}")
                .replacingOccurrences(
                    of: "          description: ok\n",
                    with: "          description: ok\n          headers:\n"
                        + "            X-Length: {schema: {type: integer}}\n")
        }
        let (stream, streamMessages) = try Self.imported(withHeaders("application/x-ndjson"))
        #expect(stream.contains("        stream: { json_lines: any_value }\n") && !stream.contains("X_Length"))
        #expect(
            streamMessages.contains(
                "13:13: warning: the response headers of a stream are not read (the spec has no place for them)"),
            "\(streamMessages)")
        // `DownloadedFile.headers` holds them, as sent.
        let (download, downloadMessages) = try Self.imported(withHeaders("video/mp4"))
        #expect(download.contains("        download: { content_type: video/mp4 }\n") && !download.contains("X_Length"))
        #expect(downloadMessages.isEmpty, "\(downloadMessages)")
    }

    @Test func aDownloadWhoseValuesLintRefusesIsLeftOutNeverAFailure() throws {
        // A download's method takes `destination` and `progress`: a query item of that name is refused by lint.
        let parameter = """
                  parameters:
                    - {name: progress, in: query, schema: {type: string}}
            """
        let (alone, aloneMessages) = try Self.imported(
            Self.document("get", extra: parameter, content: "                video/mp4: {}"))
        #expect(!alone.contains("download"))
        #expect(
            aloneMessages.contains {
                $0.hasPrefix("14:17: warning: the download does not fit the spec (lint: ")
                    && $0.hasSuffix("; its body is ignored")
            }, "\(aloneMessages)")
        let (beside, besideMessages) = try Self.imported(
            Self.document(
                "get", extra: parameter,
                content: """
                                    video/mp4: {}
                                    application/json: {schema: {type: string}}
                    """))
        #expect(beside.contains("      things:\n") && !beside.contains("things_download"), "\(beside)")
        #expect(
            besideMessages.contains { $0.hasSuffix("; the endpoint reading it is left out") }, "\(besideMessages)")
    }

    // MARK: Uploads

    @Test func aBinaryRequestBodyIsAFileUploadOnlyWhenItsSchemaSaysItIsAFile() throws {
        let cases: [(content: String, body: String)] = [
            ("image/png: {schema: {type: string, format: binary}}", "{ file: image/png }"),
            (
                "application/octet-stream: {schema: {type: string, format: binary}}",
                "{ file: application/octet-stream }"
            ),
            // 3.1's way to say a file: a media type without an encoding.
            ("video/mp4: {schema: {type: string, contentMediaType: video/mp4}}", "{ file: video/mp4 }"),
            // Nothing says these are files: bytes the caller passes, as before.
            ("application/octet-stream: {}", "{ raw: true }"),
            ("image/jpeg: {schema: {type: string, format: base64}}", "{ raw: true, content_type: image/jpeg }"),
            ("text/plain: {schema: {type: string}}", "{ raw: true, content_type: text/plain }"),
        ]
        for (content, body) in cases {
            let text = Self.document(
                "put",
                extra: "      requestBody:\n        content:\n          " + content,
                content: "                application/json: {schema: {$ref: \"#/components/schemas/Reply\"}}")
            let (spec, _) = try Self.imported(text)
            #expect(spec.contains("        put: /things\n        body: \(body)\n"), "\(content): \(spec)")
        }
    }

    @Test func whatDecidesHowAMediaTypeIsReadReportsNoBrokenReferenceOfItsOwn() throws {
        // Deciding whether a body is a file, or a response a download, reads schemas the import did not read before
        // (a raw body's, a text response's): a `$ref` of theirs that points nowhere fails nothing, as before.
        let text = Self.document(
            "put",
            extra: """
                      requestBody:
                        content:
                          application/octet-stream: {schema: {$ref: "#/components/schemas/Missing"}}
                """,
            content: """
                                text/plain: {schema: {$ref: "#/components/schemas/Gone"}}
                                application/json: {schema: {$ref: "#/components/schemas/Reply"}}
                """)
        let (spec, messages) = try Self.imported(text)
        #expect(spec.contains("        body: { raw: true }\n        response: { type: Reply }\n"), "\(spec)")
        #expect(
            messages == [
                "15:17: warning: response media type 'text/plain' is not read where the response is also JSON"
            ],
            "\(messages)")
    }

    @Test func aFileBodyLintRefusesIsSentAsRawBytes() throws {
        // An upload's method takes `file` and `progress`: a query item named `file` is refused by lint.
        let text = Self.document(
            "put",
            extra: """
                      parameters:
                        - {name: file, in: query, schema: {type: string}}
                      requestBody:
                        content:
                          image/png: {schema: {type: string, format: binary}}
                """,
            content: "                application/json: {schema: {$ref: \"#/components/schemas/Reply\"}}")
        let (spec, messages) = try Self.imported(text)
        #expect(spec.contains("        body: { raw: true, content_type: image/png }\n"), "\(spec)")
        #expect(
            messages.contains {
                $0.hasPrefix("12:11: warning: the file body does not fit the spec (lint: ")
                    && $0.hasSuffix("it is sent as raw bytes the caller passes (body: { raw: true })")
            }, "\(messages)")
    }

    // MARK: What the export writes

    @Test func namedEventsAndOptionsComeBackFromTheExportsExtensions() throws {
        let (spec, messages) = try Self.imported(
            Self.document(
                content: """
                                    text/event-stream:
                                      schema: {oneOf: [{$ref: "#/components/schemas/Chunk"}, {$ref: "#/components/schemas/Reply"}]}
                                      x-lucid-events:
                                        message_start: {$ref: "#/components/schemas/Reply"}
                                        content_block_delta: {$ref: "#/components/schemas/Chunk"}
                                      x-lucid-stream: {terminator: "[END]", resume: 3, idle_timeout: 120, max_item_bytes: 65536}
                    """))
        #expect(
            spec.contains(
                "        stream:\n          events:\n            message_start: Reply\n"
                    + "            content_block_delta: Chunk\n          terminator: \"[END]\"\n          resume: 3\n"
                    + "          idle_timeout: 120\n          max_item_bytes: 65536\n"), "\(spec)")
        #expect(messages.isEmpty, "\(messages)")
        let (download, _) = try Self.imported(
            Self.document(
                "get",
                content: """
                                    video/mp4:
                                      schema: {type: string, format: binary}
                                      x-lucid-download: {max_bytes: 2000000000, idle_timeout: 45, resume: 5}
                    """))
        #expect(
            download.contains(
                "        download: { content_type: video/mp4, max_bytes: 2000000000, idle_timeout: 45, resume: 5 }\n"),
            "\(download)")
        let (upload, _) = try Self.imported(
            Self.document(
                "put", extra: "      requestBody:\n        content:\n          image/jpeg: {x-lucid-file: true}",
                content: "                application/json: {schema: {$ref: \"#/components/schemas/Reply\"}}"))
        #expect(upload.contains("        body: { file: image/jpeg }\n"), "\(upload)")
    }

    @Test func namedEventsLintRefusesAreEveryItemOfTheSchemasType() throws {
        // `other` is the case of events the spec does not list: no event may be named so.
        let (spec, messages) = try Self.imported(
            Self.document(
                content: """
                                    text/event-stream:
                                      schema: {$ref: "#/components/schemas/Chunk"}
                                      x-lucid-events: {other: {$ref: "#/components/schemas/Chunk"}}
                    """))
        #expect(spec.contains("        stream: { events: Chunk }\n"), "\(spec)")
        #expect(
            messages.contains {
                $0.hasPrefix(
                    "13:17: warning: the stream does not fit the spec (lint: event 'other' of endpoint 'things'")
                    && $0.hasSuffix("; each item is read as the schema's type, whatever its event's name")
            }, "\(messages)")
    }

    @Test func optionsOutOfTheSpecsRangeAreLeftOutWithAWarning() throws {
        let (spec, messages) = try Self.imported(
            Self.document(
                "get",
                content: """
                                    application/x-ndjson:
                                      schema: {$ref: "#/components/schemas/Chunk"}
                                      x-lucid-stream: {resume: 3, idle_timeout: -1, max_item_bytes: 10}
                    """))
        #expect(spec.contains("        stream: { json_lines: Chunk, max_item_bytes: 10 }\n"), "\(spec)")
        #expect(
            messages.contains(
                "15:36: warning: 'resume' of 'x-lucid-stream' is not an option the spec's stream takes as written; it"
                    + " is left out"), "\(messages)")
        #expect(messages.contains { $0.contains("'idle_timeout' of 'x-lucid-stream'") })
    }
}
