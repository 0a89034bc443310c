import TileUI

extension EnvironmentValues {
    /// Has renders collect what a screen reader says (`speaksContent`), with a toggle's state in
    /// the language in use.
    public mutating func speakContent() {
        speaksContent = true
        toggleStateWords = ToggleStateWords(on: L("speech.on"), off: L("speech.off"))
    }
}
