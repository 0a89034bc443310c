import Synchronization
import TileUI

extension EnvironmentValues {
    /// Has views write self-updating dates in the language in use (`Text(_:style:)`).
    public mutating func useLanguage() {
        dateTextWords = DateTextWordsCache.words(for: Localization.current)
    }
}

/// Each language's `DateTextWords`, made from its catalogue once: renders ask at every frame.
enum DateTextWordsCache {
    private static let made = Mutex<[Language: DateTextWords]>([:])

    static func words(for catalog: Catalog) -> DateTextWords {
        if let known = made.withLock({ $0[catalog.language] }) { return known }
        let words = make(catalog)
        made.withLock { $0[catalog.language] = words }
        return words
    }

    private static func make(_ catalog: Catalog) -> DateTextWords {
        var relative: [DateTextWords.Unit: DateTextWords.Forms] = [:]
        var offset: [DateTextWords.Unit: DateTextWords.Forms] = [:]
        for unit in DateTextWords.Unit.allCases {
            let name = "\(unit)"
            relative[unit] = DateTextWords.Forms(catalog.text("datetext.\(name)_one"), catalog.text("datetext.\(name)_other"))
            offset[unit] = DateTextWords.Forms(catalog.text("datetext.\(name)_one_full"), catalog.text("datetext.\(name)_other_full"))
        }
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"].map { catalog.text("month.\($0)_long") }
        return DateTextWords(
            relative: relative, offset: offset, pair: catalog.text("datetext.pair"),
            time: catalog.text("datetext.time"), morning: catalog.text("datetext.morning"), afternoon: catalog.text("datetext.afternoon"),
            date: catalog.text("datetext.date"), months: months)
    }
}
