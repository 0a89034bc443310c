import Foundation
@testable import TileUI

/// The pictures of Tests/TileUITests/Fixtures/Images (drawn by scripts/draw_test_images.py).
enum ImageFixtures {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Images")

    static func data(_ name: String) -> Data {
        (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data()
    }

    /// A PNG file of `width × height` pixels that holds its header and an empty IDAT chunk, with
    /// correct checksums: what a hostile server sends to make a decoder allocate.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        var header = Array("IHDR".utf8)
        for value in [width, height] { header += withUnsafeBytes(of: value.bigEndian, Array.init) }
        header += [8, 6, 0, 0, 0] // 8-bit RGBA, no interlace
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for chunk in [header, Array("IDAT".utf8)] {
            bytes += withUnsafeBytes(of: UInt32(chunk.count - 4).bigEndian, Array.init) + chunk
            bytes += withUnsafeBytes(of: crc32(chunk).bigEndian, Array.init)
        }
        return Data(bytes)
    }

    /// PNG's CRC-32 (ISO 3309), bit by bit: for a header of a few bytes.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
