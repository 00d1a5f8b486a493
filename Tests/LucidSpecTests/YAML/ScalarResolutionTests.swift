import LucidSpec
import Testing

/// YAML 1.2 core-schema resolution of scalars, through `YAMLLoader` on one-document inputs.
@Suite struct ScalarResolutionTests {
    /// The value of the single scalar that `yaml` holds.
    private func value(_ yaml: String) throws -> YAMLValue {
        let documents = try YAMLLoader.loadAll(Array(yaml.utf8), file: "scalar.yaml")
        let scalar = try #require(documents.first?.scalar, "\(yaml) is not one scalar document")
        return scalar.value
    }

    @Test(arguments: ["~", "null", "Null", "NULL", "---\n", "--- # nothing\n"])
    func nulls(_ yaml: String) throws {
        #expect(try value(yaml) == .null)
    }

    @Test func anEmptyMappingValueIsNull() throws {
        let mapping = try #require(YAMLLoader.loadAll(Array("key:\n".utf8), file: "scalar.yaml").first?.mapping)
        #expect(mapping.first?.value.scalar?.value == .null)
    }

    @Test(arguments: [
        ("true", true), ("True", true), ("TRUE", true),
        ("false", false), ("False", false), ("FALSE", false),
    ])
    func booleans(_ yaml: String, _ expected: Bool) throws {
        #expect(try value(yaml) == .bool(expected))
    }

    @Test(
        arguments: [
            ("0", 0), ("-0", 0), ("+5", 5), ("-3", -3), ("00017", 17), ("0x1F", 31), ("0x1f", 31), ("0o17", 15),
            ("9223372036854775807", Int64.max), ("-9223372036854775808", Int64.min),
            ("0x7FFFFFFFFFFFFFFF", Int64.max), ("0o777777777777777777777", Int64.max),
        ] as [(String, Int64)])
    func integers(_ yaml: String, _ expected: Int64) throws {
        #expect(try value(yaml) == .int(expected))
    }

    /// Integers too large for Int64 keep their magnitude as a float instead of wrapping or failing.
    @Test(arguments: [
        ("9223372036854775808", 9_223_372_036_854_775_808.0),
        ("-9223372036854775809", -9_223_372_036_854_775_809.0),
        ("0x10000000000000000", 18_446_744_073_709_551_616.0),
        ("0o2000000000000000000000", 18_446_744_073_709_551_616.0),
    ])
    func integerOverflowBecomesFloat(_ yaml: String, _ expected: Double) throws {
        #expect(try value(yaml) == .float(expected))
    }

    @Test(arguments: [
        ("1.5", 1.5), (".5", 0.5), ("-.5", -0.5), ("+.5", 0.5), ("1.", 1.0), ("+1.", 1.0), ("1e3", 1000),
        ("1.e3", 1000), ("1.5E-3", 0.0015), ("-2.5e+2", -250), ("0.0", 0), ("1e400", .infinity),
        (".inf", .infinity), (".Inf", .infinity), ("+.INF", .infinity), ("-.inf", -.infinity), ("-.INF", -.infinity),
    ])
    func floats(_ yaml: String, _ expected: Double) throws {
        #expect(try value(yaml) == .float(expected))
    }

    @Test(arguments: [".nan", ".NaN", ".NAN"])
    func notANumber(_ yaml: String) throws {
        guard case .float(let number) = try value(yaml) else {
            Issue.record("\(yaml) is not a float")
            return
        }
        #expect(number.isNaN)
    }

    /// Spellings that YAML 1.1 or other languages read as numbers, booleans or null, but the 1.2 core schema
    /// keeps as strings.
    @Test(arguments: [
        "0b101", "1_000", "yes", "no", "on", "off", "y", "n", "Yes", "tRUE", "nULL", "nil", "0X1F", "-0x1F",
        "+0o17", "0o18", "0x", "0o", "0xG", "1.5e", "1e", "e3", ".e3", ".", "+", "--1", "1-2", "1.2.3",
        "inf", "nan", ".infinity", "12:30", "2001-12-14", "0x1p3", "1 2",
    ])
    func plainStrings(_ yaml: String) throws {
        #expect(try value(yaml) == .string(yaml))
    }

    /// Only plain scalars are resolved: quoted and block scalars are strings whatever their text.
    @Test(arguments: [
        ("\"123\"", "123"), ("'true'", "true"), ("'null'", "null"), ("''", ""), ("\"~\"", "~"), ("'1.5'", "1.5"),
        ("|\n  123\n", "123\n"), (">\n  true\n", "true\n"), ("|-\n  null\n", "null"),
    ])
    func nonPlainStylesAreStrings(_ yaml: String, _ expected: String) throws {
        #expect(try value(yaml) == .string(expected))
    }

    @Test func styleIsKept() throws {
        let styles = try ["a", "'a'", "\"a\"", "|\n a\n", ">\n a\n"].map { yaml in
            try YAMLLoader.loadAll(Array(yaml.utf8), file: "scalar.yaml").first?.scalar?.style
        }
        #expect(styles == [.plain, .singleQuoted, .doubleQuoted, .literal, .folded])
    }

    @Test(arguments: [
        ("!!str 123", YAMLValue.string("123")), ("!!str true", .string("true")), ("!!str", .string("")),
        ("!<tag:yaml.org,2002:str> null", .string("null")), ("! 123", .string("123")),
        ("!!int 0x1F", .int(31)), ("!!int \"42\"", .int(42)), ("!!float 1", .float(1)), ("!!float '.5'", .float(0.5)),
        ("!!bool True", .bool(true)), ("!!null ~", .null), ("!!null", .null),
    ])
    func explicitTags(_ yaml: String, _ expected: YAMLValue) throws {
        #expect(try value(yaml) == expected)
    }

    @Test func explicitTagIsRecorded() throws {
        let node = try #require(YAMLLoader.loadAll(Array("!!str 123".utf8), file: "scalar.yaml").first)
        #expect(node.tag == "tag:yaml.org,2002:str")
        #expect(node.scalar?.text == "123")
    }

    /// A `!!type` tag whose text does not fit is an error at the scalar (its tag), not a silent string.
    @Test(arguments: [
        ("!!int abc", "scalar.yaml:1:1: error: 'abc' is not a valid !!int"),
        ("!!int 1.5", "scalar.yaml:1:1: error: '1.5' is not a valid !!int"),
        ("!!float abc", "scalar.yaml:1:1: error: 'abc' is not a valid !!float"),
        ("!!bool yes", "scalar.yaml:1:1: error: 'yes' is not a valid !!bool"),
        ("!!null 0", "scalar.yaml:1:1: error: '0' is not a valid !!null"),
        ("a: 1\nb: !!int x\n", "scalar.yaml:2:4: error: 'x' is not a valid !!int"),
    ])
    func mismatchedTagIsAnError(_ yaml: String, _ message: String) {
        let error = #expect(throws: YAMLError.self) {
            try YAMLLoader.loadAll(Array(yaml.utf8), file: "scalar.yaml")
        }
        #expect(error?.description == message)
    }
}
