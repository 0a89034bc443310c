// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "tiles",
    products: [
        .library(name: "TileUI", targets: ["TileUI"]),
        .library(name: "TileUIJSON", targets: ["TileUIJSON"]),
        .library(name: "TileKit", targets: ["TileKit"]),
        .library(name: "TileExtensions", targets: ["TileExtensions"]),
        .library(name: "TilesSDK", targets: ["TilesSDK"]),
        .executable(name: "tiles", targets: ["tiles"]),
        .executable(name: "tiles-bench", targets: ["tiles-bench"]),
        .executable(name: "tiles-parse", targets: ["tiles-parse"]),
        .executable(name: "tiles-serve", targets: ["tiles-serve"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.0.0"),
        // The web board's HTTP server (`tiles-serve` only): without its default traits, which
        // bring swift-configuration and the whole of Foundation (docs/design.md, "In a browser").
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.14.0"),
        // HTTPS for the web board (`--tls-cert`), through HummingbirdTLS.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
    ],
    targets: [
        .target(name: "TOML"),
        // Plain values every other target builds on: time zones (TZif), civil and internet dates,
        // percent-encoding, text search and trimming.
        .target(name: "TileBase", dependencies: ["CEpoll"]),
        // epoll and eventfd for the Reactor (Swift's Glibc module leaves them out).
        .systemLibrary(name: "CEpoll", path: "Sources/CEpoll"),
        .target(name: "TileUI", dependencies: ["TileBase", "CImageCodec"]),
        // PNG and JPEG decoding for Image: Debian's libpng and libjpeg-turbo behind a small C wrapper.
        .systemLibrary(name: "CLibPNG", path: "Sources/CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CLibJPEG", path: "Sources/CLibJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        // zlib, which libpng needs: linked from its static archive (the release build), libpng
        // names no library it needs, and pkg-config lists zlib among the static-only flags that
        // SwiftPM does not pass.
        .target(name: "CImageCodec", dependencies: ["CLibPNG", "CLibJPEG"], linkerSettings: [.linkedLibrary("z")]),
        .target(name: "TileUIJSON", dependencies: ["TileBase", "TileUI"]),
        .target(name: "TileKit", dependencies: ["TileBase", "TileUI", "TOML"]),
        .target(name: "CProcessSpawn"),
        // Every module a target's code uses is listed, TileUI too where TileKit re-exports it:
        // SwiftPM rebuilds a target only when a listed module changes, and a release build
        // inlines code across modules (docs/platform.md, "Packages and builds"; PackageDependencyTests).
        .target(name: "TileExtensions", dependencies: ["TileBase", "TileUI", "TileKit", "TileUIJSON", "CProcessSpawn"]),
        .target(name: "TilesSDK", dependencies: ["TileBase", "TileUI", "TileKit", "TileUIJSON", "TileExtensions"]),
        .target(
            name: "TileWidgets",
            dependencies: [
                "TileBase", "TileUI", "TileKit", "TileExtensions", "CNetwork",
            ]
        ),
        // epoll and the system's OpenSSL for the HTTP client (docs/design.md, "The network").
        .systemLibrary(name: "CNetwork", path: "Sources/CNetwork", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(
            name: "CNcursesw",
            path: "Sources/CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        // Reading, checking and editing `config.toml`: one settings value for the first start and hot reload.
        .target(name: "TileConfig", dependencies: ["TOML", "TileBase", "TileUI", "TileKit", "TileUIJSON", "TileExtensions"]),
        // How a board starts from the config and the command line, shared by `tiles` and `tiles-serve`.
        .target(name: "TileBoard", dependencies: ["TileBase", "TileUI", "TileKit", "TileConfig", "TileExtensions", "TileWidgets"]),
        // The board in a browser without the HTTP server: the headless driver, the tiles as SVG
        // and what the browser is sent, the access rules, the page's files.
        .target(name: "TileWeb", dependencies: ["TileBase", "TileUI", "TileKit"], exclude: ["Page"]),
        .executableTarget(
            name: "tiles-serve",
            dependencies: [
                "TileBase", "TileUI", "TileKit", "TileConfig", "TileExtensions", "TileWidgets", "TileBoard", "TileWeb",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .target(name: "CTerminalRescue"),
        .target(name: "CSignalDoorbell"),
        .target(name: "TileTerminal", dependencies: ["TileBase", "TileUI", "TileKit", "CNcursesw", "CTerminalRescue", "CSignalDoorbell", "CProcessSpawn"]),
        .executableTarget(
            name: "tiles",
            dependencies: [
                "TileBase", "TileUI", "TileKit", "TileConfig", "TileWidgets", "TileTerminal", "TileExtensions", "TileBoard",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            plugins: ["BuildVersion"]
        ),
        // The parsers that bring ICU with them as Debian builds them (libxml2, libical), in a
        // process of their own that tiles runs (docs/design.md, "Parsers in a helper").
        .executableTarget(name: "tiles-parse", dependencies: ["TileBase", "CLibXML2", "CLibical"]),
        .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CLibical", path: "Sources/CLibical", pkgConfig: "libical", providers: [.apt(["libical-dev"])]),
        // Records the commit the binary is built from, for `tiles --version`.
        .plugin(name: "BuildVersion", capability: .buildTool(), path: "Plugins/BuildVersion"),
        .target(name: "TileUISamples", dependencies: ["TileUI"]),
        .executableTarget(
            name: "tiles-bench",
            dependencies: ["TileUI", "TileUISamples", "TileKit", "TileWidgets"],
            path: "Benchmarks/tiles-bench"
        ),
        .testTarget(
            name: "TileUITests",
            dependencies: [
                "TileUI",
                "TileBase",
                "TileUISamples",
                "TestSupport",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__", "Fixtures"]
        ),
        .testTarget(name: "TileUIJSONTests", dependencies: ["TileBase", "TileUI", "TileUIJSON", "TileUISamples"], exclude: ["Fixtures"]),
        // Test code shared by the test targets (mutations of TOML files for the fuzz tests, scripts
        // written close-on-exec, a real proxy); in no product.
        .target(name: "TestSupport", dependencies: ["TileUISamples", "TileKit"], path: "Tests/TestSupport"),
        .testTarget(name: "TOMLTests", dependencies: ["TOML", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "TileBaseTests", dependencies: ["TileBase", "TileUISamples"]),
        .testTarget(name: "TileKitTests", dependencies: ["TileKit", "TileUI", "TileBase", "TOML", "TestSupport"]),
        .executableTarget(
            name: "tiles-extensions-probe",
            dependencies: ["TileKit", "TileExtensions"],
            path: "Tests/TileExtensionsProbe"
        ),
        .testTarget(name: "TileExtensionsTests", dependencies: ["TileUI", "TileKit", "TileExtensions", "TileUIJSON", "TilesSDK", "tiles-extensions-probe", "TestSupport"]),
        .testTarget(name: "TileWebTests", dependencies: ["TileBase", "TileUI", "TileKit", "TileWeb", "TestSupport"]),
        .testTarget(name: "TileTerminalTests", dependencies: ["TileUI", "TileKit", "TileTerminal", "CNcursesw", "TestSupport"]),
        .testTarget(
            name: "TileWidgetsTests",
            dependencies: [
                "TileBase",
                "TileUI",
                "TileKit",
                "TileWidgets",
                "TileUIJSON",
                "TileUISamples",
                "TestSupport",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            exclude: ["__Snapshots__", "Fixtures"]
        ),
        .testTarget(
            name: "TilesCLITests",
            dependencies: [
                "tiles", "tiles-serve", "TestSupport", "TileBase", "TileUI", "TileKit", "TileConfig", "TileWidgets", "TileExtensions", "TileUIJSON", "TileTerminal",
                "TileUISamples", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["Goldens", "Boards", "Fixtures"]
        ),
    ]
)
