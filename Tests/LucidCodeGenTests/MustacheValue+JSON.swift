import Foundation
import LucidCodeGen

extension MustacheValue {
    /// A value from what `JSONSerialization` returns: `NSNumber`s become `bool`, `int` or `double` by their
    /// stored type (on Linux and Darwin alike, `true` is an `NSNumber` that also casts to `Int`).
    init(json: Any) {
        switch json {
        case let string as String: self = .string(string)
        case let number as NSNumber: self = Self(number: number)
        case let items as [Any]: self = .list(items.map(MustacheValue.init(json:)))
        case let members as [String: Any]: self = .object(members.mapValues(MustacheValue.init(json:)))
        default: self = .null  // NSNull
        }
    }

    private init(number: NSNumber) {
        switch String(cString: number.objCType) {
        case "c", "B": self = .bool(number.boolValue)
        case "f", "d": self = .double(number.doubleValue)
        default: self = .int(number.intValue)
        }
    }
}
