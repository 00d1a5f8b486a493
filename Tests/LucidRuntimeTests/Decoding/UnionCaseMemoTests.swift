import Foundation
import Testing

@_spi(Generated) @testable import LucidRuntime

/// A remembering union (`UnionCaseAttempts(decoder, remembering: true)`) decodes each part of a body at most once as
/// each type, however its cases overlap; the results are those of a union that does not remember.
@Suite struct UnionCaseMemoTests {
    /// Counts the structs decoded, handed in through the decoder's `userInfo`.
    final class Counter: @unchecked Sendable {
        // `@unchecked`: one decode on one thread at a time writes it, and the test reads it after.
        var decoded = 0
        static let key = CodingUserInfoKey(rawValue: "counter")!
    }

    /// `shape: one_of [circle, square]` where both read `children: [shape]`: a square body makes the circle read
    /// all its children before it fails on `radius`, then the square reads them again.
    enum Shape: Decodable, Equatable {
        case circle(Circle)
        case square(Square)

        init(from decoder: any Decoder) throws {
            let remembering = decoder.userInfo[UnionCaseMemoTests.remembering] as? Bool ?? false
            var attempts = try UnionCaseAttempts(decoder, remembering: remembering)
            if let value = attempts.decode(Circle.self) {
                self = .circle(value)
            } else if let value = attempts.decode(Square.self) {
                self = .square(value)
            } else {
                throw attempts.failure(Shape.self, expected: "Expected Circle or Square.")
            }
        }
    }

    struct Circle: Decodable, Equatable {
        let children: [Shape]
        let radius: Double

        init(from decoder: any Decoder) throws {
            (decoder.userInfo[Counter.key] as? Counter)?.decoded += 1
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            children = try container.decode([Shape].self, at: "children")
            radius = try container.decode(Double.self, at: "radius")
        }
    }

    struct Square: Decodable, Equatable {
        let children: [Shape]
        let side: Double

        init(from decoder: any Decoder) throws {
            (decoder.userInfo[Counter.key] as? Counter)?.decoded += 1
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            children = try container.decode([Shape].self, at: "children")
            side = try container.decode(Double.self, at: "side")
        }
    }

    static let remembering = CodingUserInfoKey(rawValue: "remembering")!

    /// `depth` squares, each holding the next (and, when `siblings`, a circle beside it); the innermost is `last`.
    static func squares(
        _ depth: Int, siblings: Bool = false, last: String = #"{"side": 1, "children": []}"#
    )
        -> String
    {
        let sibling = siblings ? #"{"radius": 2, "children": []}, "# : ""
        return String(repeating: #"{"side": 1, "children": [\#(sibling)"#, count: depth) + last
            + String(repeating: "]}", count: depth)
    }

    private func decode(_ body: String, remembering: Bool) throws -> (shape: Shape, decoded: Int) {
        let counter = Counter()
        let decoder = JSONDecoder()
        decoder.userInfo = [Counter.key: counter, Self.remembering: remembering]
        let shape = try decoder.decode(Shape.self, from: Data(body.utf8))
        return (shape, counter.decoded)
    }

    @Test func aRememberingUnionDecodesEachPartOnceAsEachType() throws {
        // Without the memo, each level doubles the work: 2^12 squares and as many circles for 12 levels.
        let depth = 12
        let forgetful = try decode(Self.squares(depth), remembering: false)
        #expect(forgetful.decoded > 1 << depth)
        let remembering = try decode(Self.squares(depth), remembering: true)
        #expect(remembering.decoded == 2 * (depth + 1), "a circle and a square at each level")
        #expect(remembering.shape == forgetful.shape)
        let deep = try decode(Self.squares(200, siblings: true), remembering: true)
        #expect(deep.decoded == 2 * 201 + 200, "and the circle beside each square, once")
    }

    @Test func aFailureIsRememberedToo() throws {
        let body = Self.squares(12, last: #"{"side": "wide", "children": []}"#)
        for remembering in [false, true] {
            let counter = Counter()
            let decoder = JSONDecoder()
            decoder.userInfo = [Counter.key: counter, Self.remembering: remembering]
            #expect(throws: DecodingError.self) { try decoder.decode(Shape.self, from: Data(body.utf8)) }
            #expect(remembering ? counter.decoded == 2 * 13 : counter.decoded > 1 << 12)
        }
    }

    @Test func eachDecodeStartsWithoutAMemo() throws {
        // The same places hold other values in the second body: nothing of the first is remembered there.
        let first = try decode(Self.squares(3), remembering: true)
        let second = try decode(Self.squares(3, last: #"{"radius": 4, "children": []}"#), remembering: true)
        #expect(first.shape != second.shape)
        var innermost = second.shape
        while case .square(let square) = innermost, let child = square.children.first { innermost = child }
        #expect(
            innermost
                == .circle(try JSONDecoder().decode(Circle.self, from: Data(#"{"radius": 4, "children": []}"#.utf8))))
        #expect(UnionCaseMemo.current == nil)
    }

    /// A list of shapes each with its own body: the memo of one item's attempt is not the next item's.
    @Test func listItemsAtTheSamePathsInDifferentDecodesStayApart() throws {
        let decoder = JSONDecoder()
        decoder.userInfo = [Self.remembering: true]
        let bodies = [Self.squares(2), Self.squares(2, last: #"{"radius": 1, "children": []}"#)]
        let shapes = try bodies.map { try decoder.decode(Shape.self, from: Data($0.utf8)) }
        #expect(shapes[0] != shapes[1])
    }
}
