import Foundation
import TileUI
import TileBase

/// Entries store their time zone as its identifier (`"Asia/Shanghai"`), so a cached entry reads
/// the same on any host. An unknown identifier fails decoding rather than silently becoming UTC.
extension KeyedDecodingContainer {
    func decodeTimeZone(forKey key: Key) throws -> Zone {
        let identifier = try decode(String.self, forKey: key)
        guard let timeZone = Zone(identifier: identifier) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "unknown time zone identifier '\(identifier)'")
        }
        return timeZone
    }
}

extension KeyedEncodingContainer {
    mutating func encode(timeZone: Zone, forKey key: Key) throws {
        try encode(timeZone.identifier, forKey: key)
    }
}
