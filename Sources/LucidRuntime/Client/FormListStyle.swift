/// How a form or multipart body sends its lists. Servers disagree, and one reading another convention sees the
/// last value only, a hash keyed by position, or a name it does not know (docs/Spec.md §7.3 has a table of who
/// reads which). Maps and nested objects are bracketed in every convention (`address[city]=Paris`); an empty list
/// and a null element send nothing.
public enum FormListStyle: Sendable, Hashable, CaseIterable {
    /// A list of single values at the top level repeats its name (`tags=a&tags=b`); every other list is indexed
    /// (`poll[options][0]=tea`, `items[0][price]=p_1`). The default: lucid-gen's encoding before conventions could
    /// be chosen. Express (`qs`) reads all of it; Go, Django, Flask and Spring the top-level lists; PHP and Stripe
    /// the nested ones.
    case mixed
    /// Every list with `[]` after its name: `tags[]=a`, `poll[options][]=tea`, and a list of objects item by item,
    /// `items[][price]=p_1&items[][quantity]=2`, as Rails (Rack) reads it. Rack starts a new item when a field
    /// repeats, so each item after the first leads with a field the one before it has too. A list of lists cannot
    /// be sent this way.
    case brackets
    /// Every list with each item's position: `tags[0]=a`, `items[0][price]=p_1` (PHP, Stripe, Express).
    case indexed
    /// A list of single values repeats its name at any depth: `tags=a&tags=b`, `poll[options]=tea&poll[options]=
    /// milk` (Go, Django, Flask, Spring). A list of objects or lists cannot be sent this way.
    case repeated
    /// A list of single values is one value, joined by commas: `tags=a,b` (a comma inside a value is
    /// percent-encoded in a form body, sent as it is in a multipart part). A list of objects, lists or files cannot
    /// be sent this way.
    case comma

    /// The spelling in a spec's `form_lists`, for messages.
    var specName: String {
        switch self {
        case .mixed: "mixed"
        case .brackets: "brackets"
        case .indexed: "indexed"
        case .repeated: "repeat"
        case .comma: "comma"
        }
    }
}
