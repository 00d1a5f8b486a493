import LucidSupport

/// One way an example differs from what its endpoint's decoder reads, at the offending JSON value (or at the
/// object that lacks a key).
struct Mismatch: Sendable {
    var position: JSONPosition
    var message: String
    /// Added after the message: which failable item the mismatch would drop.
    var hint: String?
    /// Added after the hint: how the spec would read the example (`nullable: true` for a key a server leaves out).
    var fix: String?
    /// The decoder still reads the body (an item it would drop, a key it would miss): a warning, not an error.
    var isWarning = false
}

/// The mismatches found in one example, or in one part of it that may still be dropped or absorbed (a failable
/// item, a lenient value).
///
/// Bounded: it keeps the `limit + 1` mismatches that come first in the file and counts the rest, so an example with
/// a million bad values costs no more memory, and prints no more lines, than one with twenty-one.
struct MismatchLog: Sendable {
    /// Mismatches reported per example file; one more error says how many were left out.
    static let limit = 20

    /// The mismatches that come first in the file, in file order (ties in the order found); at most `limit + 1`.
    private(set) var earliest: [Mismatch] = []
    /// Every mismatch logged, kept or not.
    private(set) var count = 0
    /// The errors among them (the rest are warnings).
    private(set) var errorCount = 0

    /// Logs a mismatch at `position`, an error unless `warning`; the message is only made when the mismatch is kept.
    mutating func add(
        at position: JSONPosition, warning: Bool = false, hint: String? = nil, fix: String? = nil,
        _ message: () -> String
    ) {
        count += 1
        if !warning { errorCount += 1 }
        keep(at: position) {
            Mismatch(position: position, message: message(), hint: hint, fix: fix, isWarning: warning)
        }
    }

    /// Logs everything `other` logged; `hint` is added to those of its kept mismatches that have none, and with
    /// `asWarnings` every one of them is a warning (the decoder drops the item they are in, and goes on).
    mutating func merge(_ other: MismatchLog, hint: String?, asWarnings: Bool = false) {
        count += other.count
        if !asWarnings { errorCount += other.errorCount }
        for var mismatch in other.earliest {
            if mismatch.hint == nil { mismatch.hint = hint }
            if asWarnings { mismatch.isWarning = true }
            keep(at: mismatch.position) { mismatch }
        }
    }

    private mutating func keep(at position: JSONPosition, _ mismatch: () -> Mismatch) {
        // Mismatches mostly come in file order: once the log is full, a later one is only counted.
        if earliest.count > Self.limit, let last = earliest.last, last.position <= position { return }
        let index = earliest.lastIndex { $0.position <= position }.map { $0 + 1 } ?? 0
        guard index <= Self.limit else { return }
        earliest.insert(mismatch(), at: index)
        if earliest.count > Self.limit + 1 { earliest.removeLast() }
    }

    /// The kept mismatches as errors (or warnings) in `file`, then, when more were logged than `limit`, one at the
    /// first one left out: `<prefix>: and 37 more mismatches in this example`, an error when an error is among them.
    func diagnostics(in file: String, prefix: String) -> [Diagnostic] {
        let shown = earliest.prefix(Self.limit)
        var diagnostics = shown.map { mismatch in
            Diagnostic(
                mismatch.isWarning ? .warning : .error, mismatch.message, at: mismatch.position.location(in: file),
                hint: [mismatch.hint, mismatch.fix].compactMap { $0 }.joined(separator: "; ").nonEmpty)
        }
        if count > Self.limit {
            let errorsLeftOut = errorCount - shown.filter { !$0.isWarning }.count
            diagnostics.append(
                Diagnostic(
                    errorsLeftOut > 0 ? .error : .warning,
                    "\(prefix): and \(count - Self.limit) more mismatches in this example",
                    at: earliest[Self.limit].position.location(in: file)))
        }
        return diagnostics
    }
}

extension String {
    /// Nil for the empty string.
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
