import LucidOutput
import LucidSpec

/// What every view model needs: the spec, its naming, and the spelling of types, decided once per run.
///
/// A class, so that the many view models holding it (one per property, endpoint, …) share one instance: as a
/// struct, each copy retained and released its two dozen arrays, dictionaries and strings.
final class GenerationContext: Sendable {
    let spec: Spec
    /// The spec's entities by name: payloads look theirs up, which scanning the spec would make quadratic.
    let entities: [String: Entity]
    let naming: SwiftNaming
    /// Every generated type and method name.
    let names: GeneratedNames
    let types: SwiftTypes
    let defaults: DefaultExpression
    /// `public `, `package ` or `` (internal is Swift's default and is not written).
    let access: String
    /// The generated-file header line.
    let header: String
    /// The entity or struct subtype a response answers directly, without a payload type (nil: it has one).
    let directType: @Sendable (ResponseDescription) -> TypeReference?
    /// The entities and struct subtypes some endpoint answers directly: they conform to `ResponsePayload`.
    let directlyAnswered: Set<TypeReference>
    /// The properties and union cases that close a cycle of values, stored out of line.
    let cycles: ValueCycles
    /// The untagged unions that remember their cases' results while they decode, so that no part of a body is
    /// decoded twice as one type.
    let redecoding: UnionRedecoding
    /// The types that hold stored entities: they conform to `EntityContaining`.
    let containment: StoreContainment

    init(spec: Spec, specFile: String) {
        self.spec = spec
        entities = spec.entitiesByName()
        names = GeneratedNames(spec: spec)
        naming = names.naming
        types = SwiftTypes(names: names, spec: spec)
        defaults = DefaultExpression(naming: naming)
        access = spec.access == .internal ? "" : spec.access.rawValue + " "
        header = GeneratedHeader.text(specFile: specFile)
        directType = spec.directTypes()
        directlyAnswered = spec.directlyAnsweredTypes(directType)
        cycles = ValueCycles(spec: spec)
        redecoding = UnionRedecoding(spec: spec)
        containment = StoreContainment(spec: spec)
    }
}
