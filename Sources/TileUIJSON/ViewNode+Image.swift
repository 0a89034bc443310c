import FoundationEssentials
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// `Image` nodes in JSON: `{"Image": "name"}` for an asset, or an object with one of `name`,
/// `systemName` or `data` (PNG or JPEG bytes in base64) and the picture's options
/// (docs/extensions-views.md#image).
enum ImageJSON {
    /// The most bytes a picture in a view tree may have once decoded from base64: a tile shows a
    /// few thousand pixels, and every timeline entry carries its own copy.
    static let maxDataBytes = 1024 * 1024

    static let contentModes = NameTable<ContentMode>([("fit", .fit), ("fill", .fill)])
    static let renderingModes = NameTable<Image.TemplateRenderingMode>([("original", .original), ("template", .template)])

    static func value(_ image: Image) -> JSONValue {
        let plain = image == Image(source: image.source)
        if case .named(let name) = image.source, plain { return .string(name) }
        var fields: [(key: String, value: JSONValue)]
        switch image.source {
        case .named(let name): fields = [("name", .string(name))]
        case .systemName(let name): fields = [("systemName", .string(name))]
        case .data(let data): fields = [("data", .string(data.base64EncodedString()))]
        }
        if image.isResizable { fields.append(("resizable", .bool(true))) }
        if let ratio = image.aspectRatio { fields.append(("aspectRatio", .number(ratio))) }
        if let mode = image.contentMode { fields.append(("contentMode", .string(contentModes.name(of: mode)!))) }
        if image.renderingMode != .original { fields.append(("renderingMode", .string(renderingModes.name(of: image.renderingMode)!))) }
        return .object(fields)
    }

    static func image(_ content: JSONValue, path: String) throws(ViewNodeError) -> Image {
        if case .string(let name) = content { return Image(source: try assetName(name, path: path)) }
        let fields = try Values.fields(
            content, allowed: ["name", "systemName", "data", "resizable", "aspectRatio", "contentMode", "renderingMode"], path: path)
        let sources = ["name", "systemName", "data"].filter { fields[$0] != nil }
        guard sources.count == 1 else {
            throw ViewNodeError(path: path, message: "expected exactly one of name, systemName or data (base64 PNG or JPEG), found \(sources.count)")
        }
        let source: Image.Source
        switch sources[0] {
        case "name":
            guard case .string(let name) = fields["name"]! else { throw Values.expected("an asset name", fields["name"]!, path: path + ".name") }
            source = try assetName(name, path: path + ".name")
        case "systemName":
            source = .systemName(try Values.text(fields["systemName"]!, path: path + ".systemName"))
        default:
            source = .data(try data(fields["data"]!, path: path + ".data"))
        }
        return Image(
            source: source,
            isResizable: try fields["resizable"].map { v throws(ViewNodeError) in try Values.bool(v, path: path + ".resizable") } ?? false,
            aspectRatio: try fields["aspectRatio"].map { v throws(ViewNodeError) in try Values.number(v, in: 0.01...100, path: path + ".aspectRatio") },
            contentMode: try fields["contentMode"].map { v throws(ViewNodeError) in try Values.name(v, contentModes, path: path + ".contentMode") },
            renderingMode: try fields["renderingMode"].map { v throws(ViewNodeError) in try Values.name(v, renderingModes, path: path + ".renderingMode") } ?? .original)
    }

    private static func assetName(_ name: String, path: String) throws(ViewNodeError) -> Image.Source {
        guard ImageAssets.isValidName(name) else {
            throw ViewNodeError(path: path, message: "\(JSONValue.string(name).quoted) is not an asset name: a file name without its extension, no /, ~ or leading dot, at most 128 bytes")
        }
        return .named(name)
    }

    private static func data(_ value: JSONValue, path: String) throws(ViewNodeError) -> Data {
        guard case .string(let text) = value else { throw Values.expected("base64 text of a PNG or JPEG file", value, path: path) }
        guard text.utf8.count <= (maxDataBytes / 3 + 1) * 4 else {
            throw ViewNodeError(path: path, message: "picture larger than \(maxDataBytes / 1024) KB")
        }
        guard let data = Data(base64Encoded: text) else {
            throw ViewNodeError(path: path, message: "not base64 text (expected the bytes of a PNG or JPEG file in base64)")
        }
        // A picture too large to decode is refused here, with its size, where the program can
        // be told; unreadable bytes draw a placeholder instead.
        if let problem = DecodedImage.sizeProblem(of: data) {
            throw ViewNodeError(path: path, message: problem.message)
        }
        return data
    }
}
