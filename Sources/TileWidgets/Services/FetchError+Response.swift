import FoundationEssentials
import TileUI
#if canImport(Glibc)
import Glibc
#endif

extension FetchError {
    /// Classifies a non-success response: `nil` for 2xx and 304, otherwise the error to report.
    ///
    /// 429, and 403 that carries `x-ratelimit-remaining: 0` or `Retry-After` (GitHub's
    /// primary and secondary limits), become ``rateLimited(until:)``. `now` resolves a
    /// `Retry-After` given in seconds.
    static func fromResponse(
        status: Int,
        header: (String) -> String?,
        body: [UInt8],
        now: Date
    ) -> FetchError? {
        if (200..<300).contains(status) || status == 304 {
            return nil
        }
        let retryAfter = header("retry-after")
        let remaining = header("x-ratelimit-remaining")?.trimmingSpaces()
        if status == 429 || (status == 403 && (remaining == "0" || retryAfter != nil)) {
            let until = retryAfter.flatMap { retryDate(from: $0, now: now) }
                ?? header("x-ratelimit-reset").flatMap(epochDate(from:))
            return .rateLimited(until: until)
        }
        return .http(status: status, message: errorMessage(in: body))
    }

    /// `Retry-After` is either delay-seconds or an HTTP-date.
    static func retryDate(from value: String, now: Date) -> Date? {
        let trimmed = value.trimmingSpaces()
        if let seconds = Int(trimmed), seconds >= 0 {
            return now.addingTimeInterval(TimeInterval(seconds))
        }
        return HTTPDate.parse(trimmed)
    }

    /// `x-ratelimit-reset` is a UTC epoch in seconds.
    static func epochDate(from value: String) -> Date? {
        guard let epoch = Double(value.trimmingSpaces()), epoch.isFinite, epoch > 0 else {
            return nil
        }
        return Date(timeIntervalSince1970: epoch)
    }

    /// The `message`, `reason` or `error` string of a JSON error body, sanitized and short;
    /// `nil` when the body is not a JSON object with one of them.
    static func errorMessage(in body: [UInt8]) -> String? {
        guard !body.isEmpty, let fields = try? JSONDecoder().decode(ErrorFields.self, from: Data(body)) else {
            return nil
        }
        for text in [fields.message, fields.reason, fields.error] {
            if let text {
                let clean = RemoteText.sanitize(text, maxLength: 120)
                if !clean.isEmpty {
                    return clean
                }
            }
        }
        return nil
    }

    /// The fields of an error body tiles shows; a field of another type counts as absent.
    private struct ErrorFields: Decodable {
        var message: String?
        var reason: String?
        var error: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            message = try? container.decode(String.self, forKey: .message)
            reason = try? container.decode(String.self, forKey: .reason)
            error = try? container.decode(String.self, forKey: .error)
        }

        private enum CodingKeys: String, CodingKey { case message, reason, error }
    }
}
