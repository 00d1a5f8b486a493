#if canImport(Observation)
import Observation  // portability: ok (every use is @available(macOS 14, iOS 17, ...))

/// What a store observation holds now, for a SwiftUI view to read: `value` follows the store (an entity by its
/// identifier, or a list), and the view redraws when it changes. Made by `EntityStore.value(of:id:)` and
/// `value(of:ids:)`, filled at once from the store; it stops following when it goes away (the store then forgets
/// the observer).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class StoreValue<Value: Sendable> {
    /// The current value: the store's, as of its last change.
    public private(set) var value: Value

    @ObservationIgnored private var following: Task<Void, Never>?

    init(_ initial: Value, following observation: EntityObservation<Value>) {
        value = initial
        following = Task { [weak self] in
            for await value in observation {
                guard let self else { return }
                self.value = value
            }
        }
    }

    deinit {
        following?.cancel()
    }
}

extension EntityStore {
    /// The entity `id` as a `StoreValue` a SwiftUI view holds (`@State var movie = store.value(of: Movie.self, id: id)`).
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    public func value<Entity: StorableEntity>(of type: Entity.Type, id: Entity.ID) -> StoreValue<Entity?> {
        StoreValue(entity(type, id: id), following: observe(type, id: id))
    }

    /// The stored entities of `ids`, in order, as a `StoreValue` a SwiftUI view holds.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @MainActor
    public func value<Entity: StorableEntity>(of type: Entity.Type, ids: [Entity.ID]) -> StoreValue<[Entity]> {
        StoreValue(entities(type, ids: ids), following: observe(type, ids: ids))
    }
}
#endif
