import Foundation
import Testing
@testable import TileWidgets
#if canImport(Glibc)
import Glibc
#endif

/// Parent of every test that talks to a `LocalHTTPServer`. Serialized so that the CPU-time
/// measurement in the timeout test is not polluted by other requests running at the same time.
@Suite(.serialized)
struct NetworkSuite {}

/// A fixed clock for tests: 2024-05-01 06:00:00 UTC.
let testNow = Date(timeIntervalSince1970: 1_714_543_200)

/// Runs `body` with a fetcher (test version "9.9.9", fixed clock). Each request closes its own
/// connection, so there is nothing to shut down afterwards.
func withFetcher<T>(
    // Generous: the tests that time something set their own; these bound a hang on a machine
    // busy with every other suite (a CI run once took over a second to connect to 127.0.0.1).
    configuration: HTTPFetcher.Configuration = HTTPFetcher.Configuration(connectTimeout: .seconds(5), totalTimeout: .seconds(20)),
    etagStore: (any ETagStore)? = InMemoryETagStore(),
    _ body: (HTTPFetcher) async throws -> T
) async throws -> T {
    try await body(HTTPFetcher(version: "9.9.9", configuration: configuration, etagStore: etagStore, now: { testNow }))
}

/// The `FetchError` that `operation` throws, or `nil` if it succeeds.
func fetchError<T>(_ operation: () async throws(FetchError) -> T) async -> FetchError? {
    do {
        _ = try await operation()
        return nil
    } catch {
        return error
    }
}

/// User plus system CPU time of the whole process so far, in seconds.
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    func seconds(_ time: timeval) -> Double {
        Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000
    }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}
