extension View {
    /// Sets an environment value for this view and its descendants.
    @inlinable public consuming func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        modifyingEnvironment(.opaque("environment(_:_:)")) { $0[keyPath: keyPath] = value }
    }

    /// The colour of text and shapes inside (A7.7; innermost wins).
    @inlinable public consuming func foregroundColor(_ color: Color?) -> some View {
        modifyingEnvironment(.modifier(.foregroundColor(color))) { $0.foregroundColor = color }
    }

    /// The colour of text and shapes inside, as SwiftUI's `foregroundStyle`.
    @inlinable public consuming func foregroundStyle(_ color: Color) -> some View {
        modifyingEnvironment(.modifier(.foregroundColor(color))) { $0.foregroundColor = color }
    }

    /// The font of text inside: its size picks a glyph scale, its weight bold (C3).
    @inlinable public consuming func font(_ font: Font?) -> some View {
        modifyingEnvironment(.modifier(.font(font))) { $0.font = font }
    }

    /// The weight of text inside; semibold and heavier draw bold.
    @inlinable public consuming func fontWeight(_ weight: Font.Weight?) -> some View {
        modifyingEnvironment(.modifier(.fontWeight(weight))) { $0.fontWeight = weight }
    }

    /// Bold text inside.
    @inlinable public consuming func bold(_ isActive: Bool = true) -> some View {
        modifyingEnvironment(.modifier(.bold(isActive))) { if isActive { $0.fontWeight = .bold } }
    }

    /// Italic text inside.
    @inlinable public consuming func italic(_ isActive: Bool = true) -> some View {
        modifyingEnvironment(.modifier(.italic(isActive))) { $0.isItalic = isActive }
    }

    /// Underlined text inside.
    @inlinable public consuming func underline(_ isActive: Bool = true) -> some View {
        modifyingEnvironment(.modifier(.underline(isActive))) { $0.isUnderlined = isActive }
    }

    /// At most `number` lines of text (nil: unlimited) (A6.6).
    @inlinable public consuming func lineLimit(_ number: Int?) -> some View {
        modifyingEnvironment(.modifier(.lineLimit(number))) {
            $0.lineLimit = number
            $0.reservedLineCount = 0
        }
    }

    /// At most `limit` lines; with `reservesSpace` the text always reports `limit` lines of height.
    @inlinable public consuming func lineLimit(_ limit: Int, reservesSpace: Bool) -> some View {
        modifyingEnvironment(.modifier(reservesSpace ? .lineLimitReserving(limit: limit, reserved: limit) : .lineLimit(limit))) {
            $0.lineLimit = limit
            $0.reservedLineCount = reservesSpace ? limit : 0
        }
    }

    /// Reports at least `limits.lowerBound` lines and shows at most `limits.upperBound`.
    @inlinable public consuming func lineLimit(_ limits: ClosedRange<Int>) -> some View {
        modifyingEnvironment(.modifier(.lineLimitReserving(limit: limits.upperBound, reserved: limits.lowerBound))) {
            $0.lineLimit = limits.upperBound
            $0.reservedLineCount = limits.lowerBound
        }
    }

    /// Where "…" goes when text is cut short (A6.5).
    @inlinable public consuming func truncationMode(_ mode: Text.TruncationMode) -> some View {
        modifyingEnvironment(.modifier(.truncationMode(mode))) { $0.truncationMode = mode }
    }

    /// How the lines of multi-line text align within the text's own frame (A6.8).
    @inlinable public consuming func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        modifyingEnvironment(.modifier(.multilineTextAlignment(alignment))) { $0.multilineTextAlignment = alignment }
    }

    /// The smallest fraction of its font size text may shrink to before truncating (A6.7): in
    /// cells, large text steps down through smaller glyph scales.
    @inlinable public consuming func minimumScaleFactor(_ factor: Double) -> some View {
        modifyingEnvironment(.modifier(.minimumScaleFactor(factor))) { $0.minimumScaleFactor = factor }
    }

    /// Redacts the content for `reason` (A9.2): under `.placeholder` text becomes dim `▒` runs.
    @inlinable public consuming func redacted(reason: RedactionReasons) -> some View {
        modifyingEnvironment(.modifier(.redacted(reason))) { $0.redactionReasons.formUnion(reason) }
    }

    /// Shows the content unredacted even inside a redacted tree.
    @inlinable public consuming func unredacted() -> some View {
        modifyingEnvironment(.modifier(.unredacted)) { $0.redactionReasons = [] }
    }

    /// Marks the content as private: redacted when the reasons include `.privacy`.
    @inlinable public consuming func privacySensitive(_ sensitive: Bool = true) -> some View {
        modifyingEnvironment(.modifier(.privacySensitive(sensitive))) { $0.isPrivacySensitive = sensitive }
    }
}
