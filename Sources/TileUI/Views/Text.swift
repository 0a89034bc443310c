import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// How lines of a multi-line Text align inside the Text's own frame (A6.8).
public enum TextAlignment: Hashable, Sendable {
    case leading, center, trailing
}

/// A run of text, as SwiftUI's `Text`: wrapped and truncated in cells, drawn in block glyphs
/// several rows tall when its font is large (docs/rules.md A6, C3).
public struct Text: PrimitiveView {
    /// How text is shortened when it does not fit.
    public typealias TruncationMode = TextTruncationMode

    @usableFromInline let content: String
    /// Set for self-updating date text, whose string depends on "now" (docs/rules.md B4).
    @usableFromInline let liveDate: LiveDateText?

    /// Text shown as given.
    @inlinable public init<S: StringProtocol>(_ content: S) {
        self.content = String(content)
        self.liveDate = nil
    }

    /// Text shown as given, never localized (tiles does not localize; kept for SwiftUI parity).
    @inlinable public init(verbatim content: String) {
        self.content = content
        self.liveDate = nil
    }

    init(liveDate: LiveDateText) {
        self.content = ""
        self.liveDate = liveDate
    }

    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        guard let live = view.liveDate else {
            return _ViewOutputs(TextNode(text: view.content, environment: inputs.environment))
        }
        let node = LiveTextNode(live: live, environment: inputs.environment)
        inputs.context.liveTexts.append(node)
        return _ViewOutputs(node)
    }
}
