import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Decodes service responses, turning every decoding failure into a `.malformed` error that
/// names the service and the field that was wrong.
enum ServiceJSON {
    /// Decodes `T` from `body`. Invalid UTF-8 is first replaced with U+FFFD so one bad byte
    /// in a quote does not lose the whole response.
    static func decode<T: Decodable>(
        _ type: T.Type,
        from body: [UInt8],
        service: String,
        dates: JSONDecoder.DateDecodingStrategy = .deferredToDate
    ) throws(FetchError) -> T {
        let repaired = Data(String(decoding: body, as: UTF8.self).utf8)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = dates
        do {
            return try decoder.decode(T.self, from: repaired)
        } catch let error as DecodingError {
            throw .malformed(describe(error, service: service))
        } catch {
            throw .malformed("\(service) response could not be decoded: \(error)")
        }
    }

    private static func describe(_ error: DecodingError, service: String) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "\(service) response has no field '\(path(context.codingPath + [key]))'"
        case .typeMismatch(let type, let context):
            return "\(service) response field '\(path(context.codingPath))' is not a \(type)"
        case .valueNotFound(let type, let context):
            return "\(service) response field '\(path(context.codingPath))' is null, expected a \(type)"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return "\(service) response is not valid JSON"
            }
            return "\(service) response field '\(path(context.codingPath))' is invalid: \(context.debugDescription)"
        @unknown default:
            return "\(service) response could not be decoded: \(error)"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
