import ArgumentParser
import FoundationEssentials
import TileBoard
import TileKit
import TileWidgets
#if canImport(Glibc)
import Glibc
#endif

/// `tiles gallery` (hidden, for `make gallery`): SVG pictures of every built-in widget in every
/// family it comes in, light and dark, and of the built-in board, into docs/gallery; and the
/// gallery's section of docs/widgets.md. Each picture is exactly what `tiles render --format svg`
/// prints for the same arguments; widgets are taken from the registry, so new ones are included.
struct Gallery: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: L("help.gallery.abstract"),
        shouldDisplay: false
    )

    @Option(help: ArgumentHelp(L("help.gallery.output")))
    var output: String

    @Option(help: ArgumentHelp(L("help.gallery.markdown")))
    var markdown: String?

    /// The moment every picture shows (the seed tutorial's Monday), offline.
    static let at = "2022-06-06T10:00:00+08:00"
    /// The board's terminal.
    static let boardSize = (width: 100, height: 30)
    /// The lines around the generated section of the Markdown file.
    static let startMarker = "<!-- gallery: written by `make gallery`; edits here are lost -->"
    static let endMarker = "<!-- end of gallery -->"

    func run() async throws {
        // The docs are in English, whatever the shell's language.
        Localization.use(.english)
        // A home of its own: the user's config, themes, store and caches must not change a picture.
        let home = FileManager.default.temporaryDirectory.appending(path: "tiles-gallery-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["HOME": home.path, "XDG_CONFIG_HOME": home.appending(path: "config").path,
                           "XDG_CACHE_HOME": home.appending(path: "cache").path,
                           "XDG_STATE_HOME": home.appending(path: "state").path,
                           "XDG_DATA_HOME": home.appending(path: "data").path, "TZ": "UTC"]
        let directory = URL(filePath: output)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) where file.hasSuffix(".svg") {
            try FileManager.default.removeItem(at: directory.appending(path: file))
        }
        let widgets = BuiltinWidgets.all(services: WidgetServices(environment: [:], directories: nil, version: Tiles.version, offline: true))
        for widget in widgets {
            for family in widget.supportedFamilies {
                for scheme in ["light", "dark"] {
                    try await write(["--widget", widget.kind, "--family", family.shortName, "--scheme", scheme],
                                    to: directory.appending(path: Self.fileName(widget.kind, family, scheme)), environment: environment)
                }
            }
        }
        for scheme in ["light", "dark"] {
            try await write(["--board", "--width", String(Self.boardSize.width), "--height", String(Self.boardSize.height), "--scheme", scheme],
                            to: directory.appending(path: "board-\(scheme).svg"), environment: environment)
        }
        // Edit mode and its gallery, for docs/usage.md ("Arranging the board").
        let board = ["--board", "--width", String(Self.boardSize.width), "--height", String(Self.boardSize.height)]
        try await write(board + ["--arrange"], to: directory.appending(path: "board-arrange-light.svg"), environment: environment)
        try await write(board + ["--gallery", "calendar"], to: directory.appending(path: "board-gallery-light.svg"), environment: environment)
        if let markdown { try rewriteSection(of: URL(filePath: markdown), widgets: widgets) }
    }

    static func fileName(_ kind: String, _ family: WidgetFamily, _ scheme: String) -> String {
        "\(kind)-\(family.shortName)-\(scheme).svg"
    }

    /// Renders `arguments` as `tiles render … --at --offline --format svg` would and writes the picture to `file`.
    private func write(_ arguments: [String], to file: URL, environment: [String: String]) async throws {
        let render = try Render.parse(arguments + ["--at", Self.at, "--offline", "--format", "svg"])
        try Data(try await render.output(environment: environment).utf8).write(to: file, options: .atomic)
    }

    /// Replaces the lines between the markers in `file` with the gallery's section.
    private func rewriteSection(of file: URL, widgets: [WidgetDescriptor]) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        guard let start = text.firstRange(of: Self.startMarker + "\n"), let end = text[start.upperBound...].firstRange(of: Self.endMarker) else {
            throw UsageError(message: "\(file.path) has no gallery section: put the lines\n\(Self.startMarker)\n\(Self.endMarker)\nwhere it goes")
        }
        let folder = URL(filePath: output).lastPathComponent
        var section = "The built-in board on a \(Self.boardSize.width)×\(Self.boardSize.height) terminal, light and dark:\n\n"
        section += "![the board, light](\(folder)/board-light.svg)\n![the board, dark](\(folder)/board-dark.svg)\n\n"
        for widget in widgets {
            section += "#### \(widget.displayName) (`\(widget.kind)`)\n\n| family | light | dark |\n|---|---|---|\n"
            for family in widget.supportedFamilies {
                let cells = ["light", "dark"].map { "![\(widget.kind) \(family.shortName), \($0)](\(folder)/\(Self.fileName(widget.kind, family, $0)))" }
                section += "| \(family.shortName) | \(cells.joined(separator: " | ")) |\n"
            }
            section += "\n"
        }
        try Data((text[..<start.upperBound] + section + text[end.lowerBound...]).utf8).write(to: file, options: .atomic)
    }
}
