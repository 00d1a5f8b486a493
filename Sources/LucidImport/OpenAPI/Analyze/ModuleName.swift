import LucidSpec

/// The spec's `module`, from the document's `info.title`.
enum ModuleName {
    /// The title's words capitalized and joined, as many whole words as fit in 40 characters (`Swagger Petstore` →
    /// `SwaggerPetstore`; `…ImprovementsFrom` is cut before `From`, not to `…ImprovementsFro`), `API` when nothing
    /// is left or the name is reserved.
    static func of(title: String) -> String {
        let words = title.unicodeScalars.split {
            !($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
        }
        var module = ""
        for word in words.map({ String($0).prefix(1).uppercased() + String($0).dropFirst() }) {
            var word = Substring(word)
            if module.isEmpty { word = word.drop { $0.isNumber } }
            guard module.count + word.count <= 40 else {
                if module.isEmpty { module = String(word.prefix(40)) }
                break
            }
            module += word
        }
        if module.isEmpty || SwiftNaming.reservedTypeNames.contains(module) { module = "API" }
        return module
    }
}
