/// A schema converted to a spec type expression.
struct ConvertedType {
    /// The type expression: `int64`, `Pet`, `[Tag]`, `{string: int}`.
    var expression: String
    /// Whether the schema allows null (`nullable: true`, `type: [x, "null"]`).
    var nullable = false
    /// The date format a `date` (or list of dates) needs: `yyyy-MM-dd` for OpenAPI's `format: date`.
    var format: String?
    /// Whether the type holds dates, which lists and maps cannot nest.
    var holdsDate = false
    /// Whether a property of this type says `failable_items: true` (a map or list of free-form values).
    var failableItems = false
    /// Whether a property of this type says `lenient: true` and is nullable (a free-form value).
    var lenient = false
}
