import TileUI

/// A two-way table between JSON names and TileUI values, in the order error messages list them.
struct NameTable<Value: Equatable>: Sendable where Value: Sendable {
    let entries: [(name: String, value: Value)]

    init(_ entries: [(String, Value)]) {
        self.entries = entries.map { (name: $0.0, value: $0.1) }
    }

    func value(named name: String) -> Value? { entries.first { $0.name == name }?.value }
    func name(of value: Value) -> String? { entries.first { $0.value == value }?.name }
    var names: [String] { entries.map(\.name) }
}

/// The JSON names of TileUI's enumerations: the same words as the Swift cases.
enum JSONNames {
    static let fonts = NameTable<Font>([
        ("largeTitle", .largeTitle), ("title", .title), ("title2", .title2), ("title3", .title3),
        ("headline", .headline), ("body", .body), ("callout", .callout), ("subheadline", .subheadline),
        ("footnote", .footnote), ("caption", .caption), ("caption2", .caption2),
    ])

    static let weights = NameTable<Font.Weight>([
        ("ultraLight", .ultraLight), ("thin", .thin), ("light", .light), ("regular", .regular),
        ("medium", .medium), ("semibold", .semibold), ("bold", .bold), ("heavy", .heavy), ("black", .black),
    ])

    static let horizontalAlignments = NameTable<HorizontalAlignment>([
        ("leading", .leading), ("center", .center), ("trailing", .trailing),
    ])

    static let verticalAlignments = NameTable<VerticalAlignment>([
        ("top", .top), ("center", .center), ("bottom", .bottom),
        ("firstTextBaseline", .firstTextBaseline), ("lastTextBaseline", .lastTextBaseline),
    ])

    static let alignments = NameTable<Alignment>([
        ("center", .center), ("leading", .leading), ("trailing", .trailing), ("top", .top), ("bottom", .bottom),
        ("topLeading", .topLeading), ("topTrailing", .topTrailing),
        ("bottomLeading", .bottomLeading), ("bottomTrailing", .bottomTrailing),
    ])

    static let unitPoints = NameTable<UnitPoint>([
        ("zero", .zero), ("center", .center), ("leading", .leading), ("trailing", .trailing),
        ("top", .top), ("bottom", .bottom), ("topLeading", .topLeading), ("topTrailing", .topTrailing),
        ("bottomLeading", .bottomLeading), ("bottomTrailing", .bottomTrailing),
    ])

    static let dateStyles = NameTable<Text.DateStyle>([
        ("time", .time), ("date", .date), ("relative", .relative), ("offset", .offset), ("timer", .timer),
    ])

    static let truncationModes = NameTable<Text.TruncationMode>([("head", .head), ("middle", .middle), ("tail", .tail)])

    static let textAlignments = NameTable<TextAlignment>([("leading", .leading), ("center", .center), ("trailing", .trailing)])

    static let redactionReasons = NameTable<RedactionReasons>([
        ("placeholder", .placeholder), ("privacy", .privacy), ("invalidated", .invalidated),
    ])

    /// SwiftUI's colour names; any other name is a theme colour.
    static let systemColors = NameTable<Color>([
        ("primary", .primary), ("secondary", .secondary), ("clear", .clear),
        ("black", .black), ("white", .white), ("gray", .gray), ("red", .red), ("orange", .orange),
        ("yellow", .yellow), ("green", .green), ("mint", .mint), ("teal", .teal), ("cyan", .cyan),
        ("blue", .blue), ("indigo", .indigo), ("purple", .purple), ("pink", .pink), ("brown", .brown),
    ])

    /// The shapes, as view names and as `clipShape` values.
    static let shapeViews = ["Rectangle", "RoundedRectangle", "Capsule"]
}
