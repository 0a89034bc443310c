import CNcursesw
import Glibc

/// Makes the C locale's character type UTF-8 before ncurses starts: ncurses decodes input and
/// measures output with it, and under `LC_ALL=C` wide text is garbled (docs/platform.md). Only
/// `LC_CTYPE` is set: nothing else of the C locale is used, and each other category is a file
/// to open and map at start.
enum LocaleSetup {
    /// Applies the user's character type, falling back to `C.UTF-8` when its codeset is not
    /// UTF-8. Returns the locale in effect.
    @discardableResult
    static func ensureUTF8() throws(TerminalError) -> String {
        let requested = setlocale(LC_CTYPE, "").map { String(cString: $0) }
        if isUTF8 { return requested ?? "" }
        guard let fallback = setlocale(LC_CTYPE, "C.UTF-8"), isUTF8 else {
            throw .noUTF8Locale(requested.map { "the locale \"\($0)\"" } ?? "the locale from LANG/LC_ALL")
        }
        return String(cString: fallback)
    }

    private static var isUTF8: Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }
}
