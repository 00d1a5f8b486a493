import LucidSpec
import LucidSupport

/// lucid-gen's own export of an option set → an option set subtype.
///
/// `lucid-gen openapi` writes an option set as `anyOf` of a list of its option names and an integer of its bits,
/// marked `x-lucid-option-set: true`. Read as what it says, that is a union no form body can send; the mark says
/// it is one option set, so it becomes one again (`options: [email, sms]`).
extension SchemaTranslator {
    /// The option names of a schema lucid-gen's export marked as an option set; nil for any other schema.
    func optionSetNames(_ schema: LocatedValue) -> [String]? {
        guard schema["x-lucid-option-set"]?.bool == true else { return nil }
        let members = (schema["anyOf"] ?? schema["oneOf"])?.items ?? []
        for member in members where typeNamesOf(member) == ["array"] {
            guard let items = member["items"], isStringEnum(items) else { continue }
            let names = (items["enum"]?.items ?? []).compactMap(\.string)
            if !names.isEmpty, names.count <= 64, names.allSatisfy({ SpecNameText.sanitized($0, prefix: "n") == $0 }) {
                return names
            }
        }
        return nil
    }

    /// Writes the option set subtype `name` of `names`.
    func makeOptionSet(_ name: String, _ schema: LocatedValue, names: [String]) {
        types.append(
            DraftType(
                name: name, kind: .optionSet(names), description: schema["description"]?.string,
                origin: schema.location))
    }
}
