import Foundation

/// Relationships resolved from the store: a property that holds only another entity's typed identifier (`id_only`
/// in the spec: `movie.genres` is `[Genre.ID]`, `status.inReplyToAccountId` an `Account.ID?`) names its entity's
/// type, so the store finds the entity without being told the type.
extension EntityStore {
    /// The stored entity `id` identifies (`store.entity(review.movie)`), or nil.
    public func entity<Entity: StorableEntity, RawValue>(_ id: Identifier<Entity, RawValue>) -> Entity?
    where Entity.ID == Identifier<Entity, RawValue> {
        entity(Entity.self, id: id)
    }

    /// The stored entities `ids` identify, in that order, without those the store does not hold
    /// (`store.entities(movie.genres)`).
    public func entities<Entity: StorableEntity, RawValue>(_ ids: [Identifier<Entity, RawValue>]) -> [Entity]
    where Entity.ID == Identifier<Entity, RawValue> {
        entities(Entity.self, ids: ids)
    }

    /// The entity `id` identifies now and each time it changes (`store.observe(review.movie)`).
    public func observe<Entity: StorableEntity, RawValue>(
        _ id: Identifier<Entity, RawValue>
    ) -> EntityObservation<Entity?> where Entity.ID == Identifier<Entity, RawValue> {
        observe(Entity.self, id: id)
    }

    /// The entities `ids` identify now and each time one of them changes or goes (`store.observe(movie.genres)`).
    public func observe<Entity: StorableEntity, RawValue>(
        _ ids: [Identifier<Entity, RawValue>]
    ) -> EntityObservation<[Entity]> where Entity.ID == Identifier<Entity, RawValue> {
        observe(Entity.self, ids: ids)
    }
}
