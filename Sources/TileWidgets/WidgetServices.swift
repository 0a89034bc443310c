import FoundationEssentials
import Synchronization
import TileKit
import TileUI
import TileBase
#if canImport(Glibc)
import Glibc
#endif

/// What the built-in widgets' providers read from the outside world: the services (one shared
/// HTTP client, made on first use so `--offline` and start-up never pay for it), the stores, the
/// time zone, and whether the network may be used at all.
public final class WidgetServices: Sendable {
    public let endpoints: ServiceEndpoints
    /// The GitHub token, when the environment has one; never logged or shown.
    let githubToken: String?
    /// When true, no provider touches the network: remote content comes from snapshot data.
    public let offline: Bool
    /// The zone dates are shown in.
    public let timeZone: Zone
    /// Last good data per source, so a failing service still shows its last content (stale).
    let memory: SharedStore?
    /// The shared store widgets read (for example `alipay.city`) and where geocoding is cached.
    let store: SharedStore?
    /// Reads this machine for the `system` widget: `/proc`, or `TILES_PROC_ROOT`'s directory.
    let systemSampler: SystemSampler
    /// The user's home folder, for `~/` in a calendar's path.
    let home: String?
    /// Where the battery widget reads `class/power_supply`: `/sys`, or `TILES_SYS_ROOT`'s directory.
    let sysRoot: String
    /// The `system` widget's readings of other machines, by host (each keeps its history).
    private let remoteSamplers = Mutex<[String: SystemSampler]>([:])
    /// Runs a command on another machine (the tiles command's ssh); nil where nothing can.
    private let remoteRun: RemoteRun?

    /// Runs `arguments` on `host` within `timeout` and returns its standard output, or throws
    /// the reason (`ssh server: Connection refused`).
    public typealias RemoteRun = @Sendable (_ arguments: [String], _ host: String, _ timeout: TimeInterval) async throws -> Data
    private let version: String
    private let etagDirectory: URL?
    /// The proxies the environment names, for the HTTP client.
    private let proxies: ProxySettings
    private let fetcherBox = Mutex<HTTPFetcher?>(nil)
    /// Where the services' own failures go (the board's log).
    private let log: @Sendable (String) -> Void

    /// Services where `settings` say (the configuration's endpoints and GitHub token), for a
    /// process with `environment` (proxies, the time zone), files under `directories`, version
    /// `version` for the User-Agent, dates in `timeZone` (by default the one `environment` and
    /// the system name), other machines reached through `remoteRun`.
    public init(
        settings: ServiceSettings = ServiceSettings(), environment: [String: String], directories: TilesDirectories?, version: String,
        timeZone: Zone? = nil, offline: Bool = false, remoteRun: RemoteRun? = nil, log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.log = log
        self.remoteRun = remoteRun
        endpoints = ServiceEndpoints(settings: settings)
        for name in ServiceEndpoints.invalid(in: settings) { log("services: \(name): not an http(s) URL; the real service is used") }
        home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        sysRoot = environment["TILES_SYS_ROOT"].flatMap { $0.isEmpty ? nil : $0 } ?? "/sys"
        systemSampler = SystemSampler(root: URL(filePath: environment["TILES_PROC_ROOT"].flatMap { $0.isEmpty ? nil : $0 } ?? "/proc"))
        githubToken = settings.githubToken
        self.offline = offline
        self.timeZone = timeZone ?? SystemTimeZone.current(environment: environment)
        self.version = version
        // Made from the folders' paths (`URL(filePath:appending:)`): two services are made at start.
        let cache = directories?.cache.path
        memory = cache.map { SharedStore(directoryPath: TilesDirectories.join($0, "memory")) }
        store = directories.map { SharedStore(directoryPath: $0.data.path) }
        etagDirectory = cache.map { URL(filePath: $0, appending: "http") }
        leaseDirectory = cache.map { TilesDirectories.join($0, "leases") }
        proxies = ProxySettings(environment: environment)
        for problem in proxies.problems { log("network: \(problem)") }
    }

    /// Runs `arguments` on `host`; fails when nothing can reach other machines.
    func run(_ arguments: [String], on host: String, timeout: TimeInterval) async throws -> Data {
        guard let remoteRun else { throw RemoteUnavailable(host: host) }
        return try await remoteRun(arguments, host, timeout)
    }

    /// The sampler of `host`'s readings.
    func systemSampler(for host: String) -> SystemSampler {
        remoteSamplers.withLock { samplers in
            if let sampler = samplers[host] { return sampler }
            let sampler = SystemSampler(root: URL(filePath: "/proc"))
            samplers[host] = sampler
            return sampler
        }
    }

    /// The feed and calendar parsers' helper, looked up when a widget first needs it.
    var parser: ParserHelper { ParserHelper(path: ParserHelper.installed()) }

    /// The process's HTTP client, made on first use.
    var fetcher: HTTPFetcher {
        fetcherBox.withLock { box in
            if let fetcher = box { return fetcher }
            let store: any ETagStore = etagDirectory.map { FileETagStore(directory: $0, log: log) } ?? InMemoryETagStore()
            let fetcher = HTTPFetcher(version: version, configuration: HTTPFetcher.Configuration(proxies: proxies), etagStore: store)
            box = fetcher
            return fetcher
        }
    }

    /// Remembers `value` as the last good data under `key`, fetched at `date`.
    func remember<T: Codable>(_ value: T, as key: String, at date: Date) {
        guard let memory, let data = try? JSONEncoder().encode(Remembered(value: value, fetchedAt: date)) else { return }
        // Best effort: without memory a failing service shows defaults instead of its last data.
        try? memory.set(String(decoding: data, as: UTF8.self), forKey: key)
    }

    /// The last good data remembered under `key`, and when it was fetched.
    func recall<T: Codable>(_ type: T.Type, as key: String) -> Remembered<T>? {
        guard let text = memory?.value(forKey: key) else { return nil }
        return try? JSONDecoder().decode(Remembered<T>.self, from: Data(text.utf8))
    }

    /// The directory of fetch leases shared by every board of this user.
    /// Where the boards' fetch leases live (`FetchLease`), as a path: made once, it is used at
    /// every fetch and every retry.
    let leaseDirectory: String?
}

/// Data a provider fetched, with the moment it did.
struct Remembered<T: Codable>: Codable {
    var value: T
    var fetchedAt: Date
}

extension FetchError: RetryAfterProviding {}

/// Geocoded cities in the shared store, so every board and restart reuses them.
struct StoreGeocodeCache: GeocodeCache {
    let store: SharedStore?

    func coordinates(for city: String) -> Coordinates? {
        guard let text = store?.value(forKey: "geocode.\(city)") else { return nil }
        return try? JSONDecoder().decode(Coordinates.self, from: Data(text.utf8))
    }

    func store(_ coordinates: Coordinates, for city: String) {
        guard let store, let data = try? JSONEncoder().encode(coordinates) else { return }
        try? store.set(String(decoding: data, as: UTF8.self), forKey: "geocode.\(city)")
    }
}
