import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The caches behind `Image`: assets looked up, pictures decoded (or the error they gave), and
/// pictures resampled to a cell rectangle. All three are bounded, the least recently used entry
/// going first, so a board redrawn every second decodes and resamples a picture once.
final class ImageStore: Sendable {
    /// The store every render shares.
    static let shared = ImageStore()

    /// A picture as a node needs it: an identity for caches, and the picture or why there is none.
    struct Picture: Sendable {
        let key: String
        let result: Result<DecodedImage, ImageDecodingError>
    }

    /// Bounds: decoded pixels kept in all (a larger picture is decoded again when needed), and
    /// entries of each cache.
    static let maxDecodedBytes = 96 * 1024 * 1024
    static let maxEntries = 64

    private struct RasterKey: Hashable {
        let picture: String
        let width: Int
        let height: Int
        let window: Rect
    }

    private struct State {
        var clock = 0
        var assets = BoundedCache<String, Picture?>()
        var pictures = BoundedCache<String, Picture>()
        var rasters = BoundedCache<RasterKey, ImageRaster>()
    }

    private let state = Mutex(State())

    /// The picture of asset `name` in `scheme`; nil when no folder has the asset.
    func asset(_ name: String, scheme: ColorScheme) -> Picture? {
        let key = (scheme == .dark ? "dark:" : "light:") + name
        if let cached = state.withLock({ $0.assets.value(for: key, clock: &$0.clock) }) { return cached }
        let picture = ImageAssets.lookup(name, scheme: scheme).map { self.picture(key: $0.key, data: $0.data) }
        state.withLock { $0.assets.insert(picture, for: key, cost: 1, clock: &$0.clock) }
        return picture
    }

    /// The picture of `data`, keyed by a hash of the bytes.
    func picture(of data: Data) -> Picture {
        picture(key: "data:\(data.count):" + String(ImageStore.hash(data), radix: 16), data: data)
    }

    private func picture(key: String, data: Data) -> Picture {
        if let cached = state.withLock({ $0.pictures.value(for: key, clock: &$0.clock) }) { return cached }
        let picture: Picture
        do {
            picture = Picture(key: key, result: .success(try DecodedImage(decoding: data)))
        } catch {
            picture = Picture(key: key, result: .failure(error))
        }
        let cost = (try? picture.result.get()).map { $0.pixels.count } ?? 1
        if cost <= ImageStore.maxDecodedBytes {
            state.withLock { $0.pictures.insert(picture, for: key, cost: cost, clock: &$0.clock) }
        }
        return picture
    }

    /// `image` (the picture `key`) resampled to `width × height` pixels, the `window` of it.
    func raster(_ image: DecodedImage, key: String, width: Int, height: Int, window: Rect) -> ImageRaster {
        let rasterKey = RasterKey(picture: key, width: width, height: height, window: window)
        if let cached = state.withLock({ $0.rasters.value(for: rasterKey, clock: &$0.clock) }) { return cached }
        let raster = ImageRaster(resampling: image, width: width, height: height, window: window)
        state.withLock { $0.rasters.insert(raster, for: rasterKey, cost: 1, clock: &$0.clock) }
        return raster
    }

    /// Empties every cache (tests measure a first, decoding render with it).
    func removeAll() {
        state.withLock { $0 = State() }
    }

    /// A 64-bit hash of all the bytes, eight at a time (FNV-style multiply and xor-shift): cheap
    /// enough to key a picture's bytes on every render.
    static func hash(_ data: Data) -> UInt64 {
        data.withUnsafeBytes { raw in
            var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(raw.count)
            var index = 0
            while index + 8 <= raw.count {
                h = (h ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0x100_0000_01b3
                h ^= h >> 29
                index += 8
            }
            while index < raw.count {
                h = (h ^ UInt64(raw[index])) &* 0x100_0000_01b3
                index += 1
            }
            return h
        }
    }
}

/// A dictionary that keeps at most `ImageStore.maxEntries` entries and `ImageStore.maxDecodedBytes`
/// of cost, dropping the least recently used first.
private struct BoundedCache<Key: Hashable, Value> {
    private var entries: [Key: (value: Value, cost: Int, used: Int)] = [:]
    private var totalCost = 0

    mutating func value(for key: Key, clock: inout Int) -> Value? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key]?.used = clock
        return entry.value
    }

    mutating func insert(_ value: Value, for key: Key, cost: Int, clock: inout Int) {
        clock += 1
        if let old = entries[key] { totalCost -= old.cost }
        entries[key] = (value, cost, clock)
        totalCost += cost
        while entries.count > ImageStore.maxEntries || totalCost > ImageStore.maxDecodedBytes,
              let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
            totalCost -= oldest.value.cost
            entries[oldest.key] = nil
        }
    }
}
