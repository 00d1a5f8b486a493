import Foundation

extension KeyedDecodingContainer {
    /// Decodes the date at `key` written in `format`.
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the format and the text when a string does
    ///   not match; other `DecodingError`s when the key is missing or the value mistyped.
    func decodeDate(forKey key: Key, format: DateCodingFormat) throws -> Date {
        if format.isNumeric {
            return format.date(fromNumber: try decode(Double.self, forKey: key))
        }
        return try date(from: try decode(String.self, forKey: key), forKey: key, format: format)
    }

    /// Decodes the date at `key` written in `format`, or `nil` when the key is absent or null.
    ///
    /// - Throws: like `decodeDate(forKey:format:)` for a present value.
    func decodeDateIfPresent(forKey key: Key, format: DateCodingFormat) throws -> Date? {
        // One lookup of the key: `decodeIfPresent` is nil for an absent key and for null.
        if format.isNumeric {
            return try decodeIfPresent(Double.self, forKey: key).map(format.date(fromNumber:))
        }
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        return try date(from: text, forKey: key, format: format)
    }

    private func date(from text: String, forKey key: Key, format: DateCodingFormat) throws -> Date {
        guard let date = format.date(fromText: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: format.mismatchMessage(text))
        }
        return date
    }

    /// Decodes the array of dates at `key`, each written in `format`.
    ///
    /// - Throws: `DecodingError` with the element's coding path (`dates[2]`) when one does not decode.
    func decodeDates(forKey key: Key, format: DateCodingFormat) throws -> [Date] {
        var container = try nestedUnkeyedContainer(forKey: key)
        return try container.decodeDates(format: format)
    }

}

extension SingleValueDecodingContainer {
    /// Decodes this value as a date written in `format`.
    func decodeDate(format: DateCodingFormat) throws -> Date {
        if format.isNumeric {
            return format.date(fromNumber: try decode(Double.self))
        }
        let text = try decode(String.self)
        guard let date = format.date(fromText: text) else {
            throw DecodingError.dataCorruptedError(in: self, debugDescription: format.mismatchMessage(text))
        }
        return date
    }
}

extension UnkeyedDecodingContainer {
    /// Decodes the remaining values as dates written in `format`.
    ///
    /// - Throws: `DecodingError` with the element's coding path (`dates[2]`) when one does not decode.
    mutating func decodeDates(format: DateCodingFormat) throws -> [Date] {
        var dates: [Date] = []
        while !isAtEnd {
            if format.isNumeric {
                dates.append(format.date(fromNumber: try decode(Double.self)))
                continue
            }
            let index = currentIndex
            let text = try decode(String.self)
            guard let date = format.date(fromText: text) else {
                let context = DecodingError.Context(
                    codingPath: codingPath + [AnyCodingKey(intValue: index)],
                    debugDescription: format.mismatchMessage(text))
                throw DecodingError.dataCorrupted(context)
            }
            dates.append(date)
        }
        return dates
    }
}

extension KeyedEncodingContainer {
    /// Encodes `date` at `key` in `format`.
    mutating func encodeDate(_ date: Date, forKey key: Key, format: DateCodingFormat) throws {
        if format.isNumeric {
            try encode(format.number(from: date), forKey: key)
        } else {
            try encode(format.text(from: date), forKey: key)
        }
    }

    /// Encodes `dates` as an array at `key`, each in `format`.
    mutating func encodeDates(_ dates: [Date], forKey key: Key, format: DateCodingFormat) throws {
        var container = nestedUnkeyedContainer(forKey: key)
        for date in dates {
            if format.isNumeric {
                try container.encode(format.number(from: date))
            } else {
                try container.encode(format.text(from: date))
            }
        }
    }

}
