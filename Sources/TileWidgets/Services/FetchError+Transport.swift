import AsyncHTTPClient
import NIOCore
import NIOPosix
#if canImport(Glibc)
import Glibc
#endif

extension FetchError {
    /// Maps an error thrown by AsyncHTTPClient or SwiftNIO while sending the request or reading
    /// the response to the case a status line should show.
    static func fromTransport(_ error: any Error) -> FetchError {
        if let fetchError = error as? FetchError {
            return fetchError
        }
        if error is CancellationError {
            return .cancelled
        }
        if let clientError = error as? HTTPClientError {
            return fromClientError(clientError)
        }
        if let connectionError = error as? NIOConnectionError {
            return fromConnectionError(connectionError)
        }
        if let ioError = error as? IOError {
            return .offline(ioError.description)
        }
        if let channelError = error as? ChannelError, isConnectTimeout(channelError) {
            return .offline("connect timed out")
        }
        return .offline(String(describing: error))
    }

    private static func fromClientError(_ error: HTTPClientError) -> FetchError {
        switch error {
        case .cancelled:
            return .cancelled
        case .deadlineExceeded, .readTimeout, .writeTimeout:
            return .timedOut
        case .connectTimeout, .getConnectionFromPoolTimeout:
            return .offline("connect timed out")
        case .tlsHandshakeTimeout:
            return .offline("TLS handshake timed out")
        case .remoteConnectionClosed:
            return .offline("connection closed by the server")
        default:
            return .offline(error.description)
        }
    }

    private static func fromConnectionError(_ error: NIOConnectionError) -> FetchError {
        let target = "\(error.host):\(error.port)"
        if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
            return .offline("cannot resolve \(error.host)")
        }
        let reasons = error.connectionErrors.map { failure in
            (failure.error as? IOError).map { describe($0) } ?? String(describing: failure.error)
        }
        let reason = reasons.first ?? "no address to connect to"
        return .offline("cannot connect to \(target): \(reason)")
    }

    private static func describe(_ error: IOError) -> String {
        switch error.errnoCode {
        case ECONNREFUSED: return "connection refused"
        case ENETUNREACH: return "network unreachable"
        case EHOSTUNREACH: return "host unreachable"
        case ETIMEDOUT: return "connect timed out"
        default: return error.description
        }
    }

    private static func isConnectTimeout(_ error: ChannelError) -> Bool {
        if case .connectTimeout = error {
            return true
        }
        return false
    }
}
