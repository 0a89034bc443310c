import TOML
import TileKit

extension ConfigReader {
    /// Positions and message helpers shared by the sections of a config file.
    struct Context {
        var file: String
        /// The parsed file, whose keys and values know where they are written.
        var root: TOMLTable

        /// `["page", "1", "tile", "2", "widget"]` as `page[1].tile[2].widget`.
        static func display(_ path: [String]) -> String {
            var text = ""
            for component in path {
                if Int(component) != nil {
                    text += "[\(component)]"
                } else {
                    text += text.isEmpty ? component : ".\(component)"
                }
            }
            return TOMLError.shown(text)
        }

        /// Where `path` is written: the key, or for an element of an array (counted from 1 in
        /// the path) the element; when part of the path is not written, its deepest written
        /// ancestor. Nil when not even the first key is written.
        func position(of path: [String]) -> TOMLPosition? {
            var value = TOMLValue(root)
            var position: TOMLPosition?
            for component in path {
                if let entry = value.table?.entry(component) {
                    position = entry.keyPosition
                    value = entry.value
                } else if let elements = value.array, let number = Int(component), elements.indices.contains(number - 1) {
                    position = elements[number - 1].position
                    value = elements[number - 1]
                } else {
                    break
                }
            }
            return position
        }

        /// An error at the position of `path` (or its nearest written ancestor).
        func error(at path: [String], _ message: String) -> ConfigError {
            let position = position(of: path)
            return ConfigError(file: file, line: position?.line, column: position?.column, message: message)
        }

        /// `key: expected …, found …`.
        func mismatch(at path: [String], expected: String, found value: TOMLValue) -> ConfigError {
            error(at: path, "\(Self.display(path)): expected \(expected), found \(value.shownInMessage)")
        }

        /// The keys of `table` and their values in the order they are written; an unknown key
        /// is an error that suggests the nearest allowed key.
        func entries(of table: TOMLTable, at path: [String], allowed: [String], noun: String = "key") throws(ConfigError) -> [(key: String, value: TOMLValue)] {
            for key in table.keys where !allowed.contains(key) {
                let place = path.isEmpty ? "" : " in [\(Self.display(path))]"
                let hint = nearest(to: key, in: allowed).map { " (did you mean '\($0)'?)" }
                    ?? (allowed.isEmpty ? "; this widget has no parameters" : "; expected one of: \(allowed.joined(separator: ", "))")
                throw error(at: path + [key], "unknown \(noun) '\(TOMLError.shown(key))'\(place)\(hint)")
            }
            return Array(table)
        }

        func table(_ value: TOMLValue, at path: [String]) throws(ConfigError) -> TOMLTable {
            guard let table = value.table else { throw mismatch(at: path, expected: "a table", found: value) }
            return table
        }

        /// The tables of `[[name]]` (or an inline array of inline tables).
        func arrayOfTables(_ value: TOMLValue, at path: [String], expected: String) throws(ConfigError) -> [TOMLTable] {
            guard let array = value.array else { throw mismatch(at: path, expected: expected, found: value) }
            var tables: [TOMLTable] = []
            for (index, item) in array.enumerated() {
                guard let table = item.table else { throw mismatch(at: path + ["\(index + 1)"], expected: "a table", found: item) }
                tables.append(table)
            }
            return tables
        }

        func nonEmptyString(_ value: TOMLValue, at path: [String], expected: String) throws(ConfigError) -> String {
            guard let text = value.string, !text.isEmpty else { throw mismatch(at: path, expected: expected, found: value) }
            return text
        }
    }
}
