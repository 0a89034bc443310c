import Foundation

/// How lines of a multi-line Text align inside the Text's own frame (A6.8).
public enum TextAlignment: Hashable, Sendable {
    case leading, center, trailing
}

/// A run of text, as SwiftUI's `Text`: wrapped and truncated in cells, drawn in block glyphs
/// several rows tall when its font is large (LAYOUT.md A6, C3).
public struct Text: PrimitiveView {
    /// How text is shortened when it does not fit.
    public typealias TruncationMode = TextTruncationMode

    @usableFromInline let content: String

    /// Text shown as given.
    @inlinable public init<S: StringProtocol>(_ content: S) {
        self.content = String(content)
    }

    /// Text shown as given, never localized (tiles does not localize; kept for SwiftUI parity).
    @inlinable public init(verbatim content: String) {
        self.content = content
    }

    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(TextNode(text: view.content, environment: inputs.environment))
    }
}
