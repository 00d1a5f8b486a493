/// Decodes an endpoint's `queue:` options.
struct QueueDecoder {
    /// The keys of `queue:`.
    enum Key: String, SpecKeys {
        case order, persist, retry
    }
    /// The keys of `retry:` written as a mapping.
    enum RetryKey: String, SpecKeys {
        case on, maxAttempts = "max_attempts", backoff
    }
    static let defaultMaxAttempts = 3
    static let defaultBackoff = 1.0

    let context: DecodingContext

    func decode(_ node: YAMLNode, _ endpoint: String) -> QueueOptions? {
        var options = QueueOptions(
            order: .concurrent, persist: false, retry: [],
            maxAttempts: Self.defaultMaxAttempts, backoff: Self.defaultBackoff)
        if node.scalar?.value == .bool(true) { return options }  // `queue: true`: every default
        if node.scalar?.value == .bool(false) { return nil }
        let what = "the queue of \(endpoint)"
        guard let reader = MappingReader(node, what, keys: Key.names, context: context) else { return nil }
        if let orderNode = reader[Key.order], let text = context.string(orderNode, "the order of \(what)") {
            let names = QueueOptions.Order.allCases.map(\.rawValue)
            if let order = QueueOptions.Order(rawValue: text) {
                options.order = order
            } else {
                context.error(
                    "'\(text)' is not a queue order", at: orderNode.location,
                    hint: Suggestions.hint(for: text, in: names) ?? "use \(names.joined(separator: " or "))")
            }
        }
        options.persist = Flags(reader: reader, context: context, what: what)[Key.persist]
        if let retry = reader[Key.retry] { decodeRetry(retry, what, into: &options) }
        return options
    }

    /// `[network, timeout, 503]` or `{ on: [...], max_attempts: 5, backoff: 2 }`.
    private func decodeRetry(_ node: YAMLNode, _ what: String, into options: inout QueueOptions) {
        var conditionsNode = node
        if node.mapping != nil {
            guard let reader = MappingReader(node, "the retry of \(what)", keys: RetryKey.names, context: context)
            else { return }
            guard let on = reader[RetryKey.on] else {
                context.error(
                    "the retry of \(what) needs 'on': what to retry (network, timeout, status codes)", at: node.location
                )
                return
            }
            conditionsNode = on
            if let attempts = reader[RetryKey.maxAttempts],
                let value = context.int(attempts, "'max_attempts' of \(what)")
            {
                if value >= 1 {
                    options.maxAttempts = value
                } else {
                    context.error("'max_attempts' must be at least 1", at: attempts.location)
                }
            }
            if let backoff = reader[RetryKey.backoff], let value = context.number(backoff, "'backoff' of \(what)") {
                if value >= 0 {
                    options.backoff = value
                } else {
                    context.error("'backoff' must not be negative", at: backoff.location)
                }
            }
        }
        guard let items = conditionsNode.sequence else {
            context.expected("a list of retry conditions", for: what, found: conditionsNode)
            return
        }
        options.retry = items.compactMap(condition)
    }

    private func condition(_ node: YAMLNode) -> QueueOptions.RetryCondition? {
        switch node.scalar?.value {
        case .string("network")?: return .network
        case .string("timeout")?: return .timeout
        case .int(let code)? where (400...599).contains(code): return .status(Int(code))
        case .int(let code)?:
            context.error("HTTP status \(code) is not an error; retry on 400 to 599", at: node.location)
        default:
            let text = node.scalar?.text ?? node.kindDescription
            context.error(
                "'\(text)' is not a retry condition", at: node.location,
                hint: Suggestions.hint(for: text, in: ["network", "timeout"])
                    ?? "use network, timeout or an HTTP status code")
        }
        return nil
    }
}
