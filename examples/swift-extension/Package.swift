// swift-tools-version: 6.1
// Two widgets for tiles in one Swift package: `swift build`, then point a [[widget]] table's
// `extension` at .build/debug/team-widgets (docs/extensions.md, "Widgets in Swift").
import PackageDescription

let package = Package(
    name: "team-widgets",
    platforms: [.macOS(.v15)],
    dependencies: [
        // A copy of this folder outside the tiles repository points at tiles' URL instead.
        .package(name: "tiles", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "team-widgets",
            dependencies: [.product(name: "TilesSDK", package: "tiles")]
        ),
    ]
)
