// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "tiles",
    products: [
        .library(name: "TileUI", targets: ["TileUI"]),
        .library(name: "TileUIJSON", targets: ["TileUIJSON"]),
        .library(name: "TileKit", targets: ["TileKit"]),
        .executable(name: "tiles", targets: ["tiles"]),
        .executable(name: "tiles-bench", targets: ["tiles-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        .target(
            name: "TileUI",
            dependencies: [.product(name: "TOMLKit", package: "TOMLKit")]
        ),
        .target(name: "TileUIJSON", dependencies: ["TileUI"]),
        .target(name: "TileKit", dependencies: ["TileUI"]),
        .target(
            name: "TileWidgets",
            dependencies: [
                "TileUI", "TileKit",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .systemLibrary(
            name: "CNcursesw",
            path: "Sources/CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        .target(name: "TileTerminal", dependencies: ["TileUI", "TileKit", "CNcursesw"]),
        .executableTarget(
            name: "tiles",
            dependencies: [
                "TileUI", "TileKit", "TileWidgets", "TileTerminal", "TileUISamples",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        .target(name: "TileUISamples", dependencies: ["TileUI"]),
        .executableTarget(
            name: "tiles-bench",
            dependencies: ["TileUI", "TileUISamples"],
            path: "Benchmarks/tiles-bench"
        ),
        .testTarget(
            name: "TileUITests",
            dependencies: [
                "TileUI",
                "TileUISamples",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(name: "TileUIJSONTests", dependencies: ["TileUIJSON", "TileUISamples"], exclude: ["Fixtures"]),
        .testTarget(name: "TileKitTests", dependencies: ["TileKit"]),
        .testTarget(name: "TileTerminalTests", dependencies: ["TileTerminal", "CNcursesw"]),
        .testTarget(
            name: "TileWidgetsTests",
            dependencies: [
                "TileWidgets",
                "TileUIJSON",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            exclude: ["__Snapshots__"]
        ),
        .testTarget(name: "TilesCLITests", dependencies: ["tiles"], exclude: ["Goldens"]),
    ]
)
