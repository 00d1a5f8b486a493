#if os(macOS) || os(Linux)
import Foundation
import LucidTestSupport
import Testing

@testable import LucidSpec

/// docs/lucid.schema.json rejects every case of the invalid-spec corpus (`Invalid/*.lucid.yaml`) whose error a JSON
/// Schema can express: an editor flags those as they are typed. Whether an error is expressible is decided from its
/// expected message (`# expect:` lines) by the patterns below; a case is expressible when one of its errors is.
/// A message that neither list classifies fails the test, so a new corpus case is classified when it is added.
@Suite struct SpecSchemaInvalidCorpusTests {
    /// The scalar type names, for messages that are expressible only when they name a scalar type.
    static let scalars = "(?:" + ScalarType.allCases.map(\.rawValue).joined(separator: "|") + ")"

    /// Errors a schema expresses: the shape of one mapping or value, seen without resolving any name.
    static let expressible: [String] = [
        // The entity store's keys: a read policy is one of three words; an endpoint updates or deletes.
        #"is not a read policy"#, #"has both 'updates' and 'deletes'"#,
        // Keys: unknown, missing, exclusive, misplaced, root-only (the included-file schema).
        #"^unknown key '"#, #"can only be set in the root spec"#,
        #"^the spec has no '(lucid|module)'"#, #" has no '(properties|type|endpoints|name)'$"#, #" has no method; "#,
        #"needs 'in' \(header or query\) and 'name'$"#, #"needs 'ttl' "#, #"needs 'on': "#,
        #"needs 'type' or 'property'$"#, #"needs one of 'cases' \(an enum\)"#, #"needs exactly one of 'json'"#,
        #"needs 'entity', 'type' or 'headers'"#, #"is a mapping without 'one_of'"#,
        #" has several methods "#, #" has both '"#, #"^an identifier is either "#,
        #"^'nullable' applies to an identifier '\{ type: T, key: k \}'"#,
        #"^'content_type' applies only to raw"#, #"^'form_lists' applies only to form and multipart"#,
        #"^'(unknown|discriminator|patch|value|generic)' applies only to "#,
        #"^'optional' applies to a response with"#,
        #"^a (GET|HEAD) request cannot have a body"#, #"^'cache' applies only to GET endpoints"#,
        // Kinds of values, closed sets, numbers.
        #"^expected (?!a string for a name in |a finite number ).* for .*, found "#,
        #"^expected a finite number for .*, found infinity"#,
        #"is not an access level"#, #"is not where credentials go"#, #"is not a queue order"#,
        #"is not a retry condition"#, #"is not a payload structure"#, #"is not a query style"#,
        #"is not a header type"#,
        #"is not a form list convention"#,
        #"cannot identify an entity"#, #"is not a date format"#, #"^HTTP status \d+ is not an error"#,
        #"^unsupported format version"#, #" must be greater than 0$"#, #" must be at least 1$"#,
        #" must not be negative$"#,
        #"^'raw' must be true"#, #"is 'bearer', 'basic' or a mapping"#, #"is 'none' or a mapping with 'entity'"#,
        #"^auth scheme name 'none' is reserved"#,
        #"the auth of .* is an empty list"#, #"^'none' cannot be sent together with other schemes"#,
        #"is a mapping without 'any_of'"#, #"lists no alternative"#, #"^auth scheme '.*' is named twice in "#,
        // Names, paths, URLs, header names, empty values, counts.
        #" is not a valid name"#, #"^lexicon word '.*' must be letters and digits"#, #"has the name of a scalar type"#,
        #" must start with '/'$"#, #" has unbalanced or empty braces$"#, #" is not a base URL"#,
        #"is not an HTTP header name"#, #"^'output' must not be empty"#,
        #"^the (identifier key|key|discriminator) of .* is empty"#, #"has an empty segment"#,
        #" needs a value; "#, #"^a default map must be empty"#, #"^(enum|union) '.*' has no cases$"#,
        #"^option set '.*' has no options$"#, #"^option set '.*' has \d+ options; at most 64"#,
        #"has one case; a union needs two or more"#, #"^server '.*' has no environments$"#,
        #"has 'variables' but no 'url' or 'environments'"#, #"has variables, and server variables are declared with"#,
        #"^'enum' of variable .* is a list of one or more values"#, #"^value '.*' is in the 'enum' of .* twice$"#,
        // Type expressions: syntax, nullability, where dates, durations, file uploads and unions may stand.
        #"is not a (body |response )?type; "#, #"cannot be nullable \('"#,
        #" needs a name; "#, #"^a '(nested_array|flattened_arrays)' payload needs 'key'"#, #"is a list of durations"#,
        #"holds dates or durations inside"#,
        #"a plain response can be a date, a list of dates or a duration"#,
        #"whose date format or duration unit a union cannot apply"#,
        #"^property '.*' of entity '.*' is '.*'; a file upload"#,
        #"^the response of endpoint '.*' is '.*'; a file upload"#,
        #"^path parameter '.*' must be a scalar, .*, not '(\[|file_upload)"#,
        #"^header '.*' must be a scalar, .*, not '(\[|file_upload)"#,
        #"^path parameter '.*' cannot be nullable"#, #"^path parameter '.*' is reserved but "#,
        #"has style '.*', which applies to lists"#, #"cannot be a union \('one_of'\)"#,
        #"is a map, which a query sends only with 'style: deep_object'"#,
        #"has style 'deep_object', which applies to maps"#, #"is a map of '(\[|\{).*'; 'deep_object' sends"#,
        #"cannot declare a union inline"#,
        #"is '(\#(scalars)|\[.*|\{.*)'; with a discriminator, each case is an object"#,
        #"^error payload '\#(scalars)' must be"#,
        #"^the (form|multipart) body of .* must be a struct subtype; '\#(scalars)' is"#,
        #"^the JSON body of .* not '(\#(scalars)|\[\[.*|\[\#(scalars)\]|\{.*)'$"#,
        // Options that need a kind of type, and defaults of scalar types.
        #"^'format' applies only to (dates|a plain date response)"#,
        #"^'failable_items' applies only to lists and maps"#,
        #"^'failable_items' is not supported for lists or maps of dates"#, #"^'match_exact_key' applies only with"#,
        #"^'id_only' applies only to relationships .* is '\[?\#(scalars)\]?'$"#, #" is lazy and has a default"#,
        #"needs a default or 'nullable: true'"#, #"^default null needs 'nullable: true'"#,
        #"^default .* does not fit type '\[?\#(scalars)\]?'$"#, #"^a date default can only be 'now'"#,
        #"^default .* is too large for a float"#,
        #"has 'metadata', but its payload is a list"#, #" names no type parameter$"#,
        // Paging: its styles and each style's options, body paths.
        #"is not a paging style"#, #"^'[a-z_]+' paging of .* needs '"#,
        #"^'[a-z_]+' does not apply to '[a-z_]+' paging"#,
        #"^'paging' of .* (names several styles|needs one of)"#, #"is not a body path"#,
        #"of 'paging' of .* is empty"#,
        // Streams, downloads and uploads: their keys, formats, options, and what they exclude.
        #"^the stream of .* (needs one of 'events'|names several formats|names no events)"#,
        #"^the items of a '[a-z_]+' stream are of one type"#, #"^the terminator of .* is a list"#,
        #"^'resume' applies only to server-sent events"#, #"is not an item type; "#,
        #" must be greater than 0 seconds and at most a year$"#, #" must be between 0 and 100$"#,
        #" is a (stream|download) and cannot (have '|be deduplicated)"#, #" is a download and has no 'example'"#,
        #" uploads a file and cannot be queued"#, #"^'file' must be true or a media type"#,
        #"is not a media type; "#, #"^'download' must be true or a mapping"#,
    ]

    /// Errors a schema cannot express, by reason.
    static let notExpressible: [String] = [
        // The YAML stream itself: a file that is no single document never reaches a schema.
        #"control characters are not allowed"#, #"^did not find expected"#, #"mapping values are not allowed"#,
        #"^nesting is deeper than"#, #"^a spec file holds one YAML document"#, #"^a tab indents this line"#,
        #"invalid trailing UTF-8"#, #"^unterminated string"#, #"is not a valid !!int"#, #"^duplicate key '"#,
        #"^a merge key '<<' takes"#, #"^unknown alias '"#, #"^the file holds only comments"#,
        // JSON object keys are always strings.
        #"^expected a string for a name in "#,
        // Other files: includes and example bodies.
        #"^include cycle"#, #"^cannot include"#, #"example of endpoint"#, #"^the response of endpoint '.*'(:| reads)"#,
        #"^the (item|'.*' event) of endpoint '.*': "#,
        // References between names: what a name refers to, and what kind of type it is.
        #"^unknown (type|entity|server|auth scheme) '"#, #"is not declared in 'params'"#,
        #"does not appear in the path"#,
        #"names '\{.*\}' twice"#, #" is identified by '"#, #"is not a case of enum"#, #"is not an option of"#,
        #"is a subtype; a response 'entity' must be an entity"#, #"has no identifier$"#, #" has no server"#,
        #"must be a struct subtype or an entity"#, #"must be a struct subtype, a union or an entity"#,
        #"must be a struct subtype; '.*' is not"#, #"cannot send '"#,
        #"patch subtype"#, #"^an? (entity|struct|union) default can only be null"#, #"cannot identify entity"#,
        #"contains itself"#, #"is a case of itself"#,
        #"must be a scalar, an enum(,| or) an entity with an identifier"#,
        #"a file upload only goes in a multipart body"#, #"'id_only' applies only to relationships"#,
        #"does not fit type"#, #"with a discriminator, each case is an object"#,
        #"which its 'variables' do not declare"#, #"is in none of its URLs"#, #"is not in its 'enum'"#,
        #"does not fit its place in"#, #"a type the generated code uses"#,
        #"is a map of '.*'; 'deep_object' sends"#,
        // Names compared after their conversion to Swift, and values compared across entries.
        #"both become"#, #"is defined twice"#, #"^events '.*' and '.*' of endpoint '.*' are both case"#,
        #"cannot be a case of its event enum"#, #"cannot be named like the method's"#, #"would both be generated as"#,
        #"only in case"#, #"clashes with"#,
        #"which is a Swift, Foundation or LucidRuntime type"#, #"has the name of (subtype|entity)"#,
        #"read the same key"#,
        #"reads JSON key"#, #" repeats "#, #"already reads"#, #"is named '"#, #"send the same name"#,
        #"is set by its auth scheme"#, #"which its auth scheme '.*' sets"#, #"have the same value"#,
        #"would never be chosen"#, #"which the payload already has"#,
        #"both set (header|query item) '.*', so they cannot be sent together"#,
        #"must be the last alternative of 'any_of'"#,
        // Generics: what a name is (generic or not, how many parameters), what a type argument holds.
        #" is a patch and generic; "#, #" is generic, so it needs its type "#, #" is not generic, so "#,
        #"^unknown generic '"#, #" type arguments?, but '"#, #"passes a type parameter on to another generic"#,
        #"^the type argument '"#, #"^a default of type parameter '"#, #"which it would hide inside"#,
        // Paging against the endpoint: its query items, body and response.
        #"which is not a query item of the endpoint"#, #"; it must be an int$"#, #"cannot be paged"#,
        #"paging reads each page's items"#, #"paging sends the last item's identifier"#,
        #"cannot be named like the pages' bound"#,
        // The entity store: what an entity's identifier and properties are, what an endpoint answers and sends.
        #"so it cannot be stored"#, #"to compare in 'newer'"#, #"^'newer' property '"#,
        #"has no stored read for its read policy"#, #"which is not a stored entity"#,
        #"which changes nothing, so it cannot"#, #"but has no path parameter of type"#,
        #"and cannot (update|delete) a stored entity"#,
    ]

    @Test func expressibleErrorsFailTheSchema() throws {
        var documents: [(name: String, json: String)] = []
        var included: [(name: String, json: String)] = []
        var expressibleCases: [String] = []
        var notExpressibleCases: [String] = []
        for name in InvalidSpecCorpusTests.cases {
            let messages = try Self.errorMessages(of: name)
            let kinds = messages.map(Self.classify)
            for (message, kind) in zip(messages, kinds) where kind == nil {
                Issue.record("\(name): classify the message in SpecSchemaInvalidCorpusTests: \(message)")
            }
            let path = InvalidSpecCorpusTests.folder + "/" + name
            let root = FileManager.default.contents(atPath: path).flatMap {
                SpecSchema.json(ofYAML: Array($0), file: name)
            }
            guard kinds.contains(true) else {
                notExpressibleCases.append(name)
                continue
            }
            expressibleCases.append(name)
            let json = try #require(root, "\(name) is expressible, but its YAML does not load; classify it as not")
            documents.append((name, json))
            // Included files are checked against their own schema (an unknown section, a root-only key).
            let result = SpecLoader().load(path: path)
            for file in result.files.dropFirst() where file.hasSuffix(".yaml") {
                if let bytes = FileManager.default.contents(atPath: file),
                    let json = SpecSchema.json(ofYAML: Array(bytes), file: file)
                {
                    included.append((name + " includes " + URL(fileURLWithPath: file).lastPathComponent, json))
                }
            }
        }
        let errors = try SpecSchema.errors(of: documents)
        let includedErrors = try SpecSchema.errors(of: included, schema: SpecSchema.includeSchema)
        var failed = 0
        for name in expressibleCases {
            let found = (errors[name] ?? []) + includedErrors.filter { $0.key.hasPrefix(name + " ") }.flatMap(\.value)
            if found.isEmpty {
                Issue.record("\(name) has an error a schema can express, but docs/lucid.schema.json accepts it")
            } else {
                failed += 1
            }
        }
        print(
            "invalid corpus: \(expressibleCases.count) cases expressible by the schema, \(failed) of them rejected; "
                + "\(notExpressibleCases.count) not expressible")
        #expect(expressibleCases.count * 2 >= InvalidSpecCorpusTests.cases.count, "at least half the corpus")
    }

    /// The messages of the case's expected errors (not its warnings and notes).
    static func errorMessages(of name: String) throws -> [String] {
        try InvalidSpecCorpusTests.expectedLines(of: name).compactMap { line in
            line.range(of: ": error: ").map { String(line[$0.upperBound...]) }
        }
    }

    /// true: expressible, false: not, nil: unclassified. The expressible list is tried first.
    static func classify(_ message: String) -> Bool? {
        func matches(_ patterns: [String]) -> Bool {
            patterns.contains { message.range(of: $0, options: .regularExpression) != nil }
        }
        if matches(expressible) { return true }
        if matches(notExpressible) { return false }
        return nil
    }

    @Test func everyPatternIsUsed() throws {
        let messages = try InvalidSpecCorpusTests.cases.flatMap(Self.errorMessages)
        for pattern in Self.expressible + Self.notExpressible
        where !messages.contains(where: { $0.range(of: pattern, options: .regularExpression) != nil }) {
            Issue.record("no corpus message matches the pattern \(pattern); remove it")
        }
    }
}
#endif
