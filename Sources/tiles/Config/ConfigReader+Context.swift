import TOMLKit
import TileKit

extension ConfigReader {
    /// Positions and message helpers shared by the sections of a config file.
    struct Context {
        var file: String
        var positions: ConfigKeyPositions

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
            return text
        }

        /// An error at the position of `path` (or its nearest written ancestor).
        func error(at path: [String], _ message: String) -> ConfigError {
            let position = positions.position(of: path)
            return ConfigError(file: file, line: position?.line, column: position?.column, message: message)
        }

        /// `key: expected …, found …`.
        func mismatch(at path: [String], expected: String, found value: TOMLValueConvertible) -> ConfigError {
            error(at: path, "\(Self.display(path)): expected \(expected), found \(Self.describe(value))")
        }

        /// The keys of `table` in the order they are written; an unknown one is an error that
        /// suggests the nearest allowed key.
        func keys(of table: TOMLTable, at path: [String], allowed: [String], noun: String = "key") throws(ConfigError) -> [String] {
            let keys = table.keys.sorted { a, b in
                let pa = positions.position(of: path + [a]), pb = positions.position(of: path + [b])
                let la = (pa?.line ?? .max, pa?.column ?? .max), lb = (pb?.line ?? .max, pb?.column ?? .max)
                return la != lb ? la < lb : a < b
            }
            for key in keys where !allowed.contains(key) {
                let place = path.isEmpty ? "" : " in [\(Self.display(path))]"
                let hint = nearest(to: key, in: allowed).map { " (did you mean '\($0)'?)" }
                    ?? (allowed.isEmpty ? "; this widget has no parameters" : "; expected one of: \(allowed.joined(separator: ", "))")
                throw error(at: path + [key], "unknown \(noun) '\(key)'\(place)\(hint)")
            }
            return keys
        }

        func table(_ value: TOMLValueConvertible, at path: [String]) throws(ConfigError) -> TOMLTable {
            guard let table = value.table else { throw mismatch(at: path, expected: "a table", found: value) }
            return table
        }

        /// The tables of `[[name]]` (or an inline array of inline tables).
        func arrayOfTables(_ value: TOMLValueConvertible, at path: [String], expected: String) throws(ConfigError) -> [TOMLTable] {
            guard let array = value.array else { throw mismatch(at: path, expected: expected, found: value) }
            var tables: [TOMLTable] = []
            for (index, item) in array.enumerated() {
                guard let table = item.table else { throw mismatch(at: path + ["\(index + 1)"], expected: "a table", found: item) }
                tables.append(table)
            }
            return tables
        }

        func nonEmptyString(_ value: TOMLValueConvertible, at path: [String], expected: String) throws(ConfigError) -> String {
            guard let text = value.string, !text.isEmpty else { throw mismatch(at: path, expected: expected, found: value) }
            return text
        }

        /// A found value as a message shows it: strings quoted, numbers as written, else its type.
        static func describe(_ value: TOMLValueConvertible) -> String {
            if let text = value.string { return "\"\(text)\"" }
            if let int = value.int { return "\(int)" }
            if let bool = value.bool { return "\(bool)" }
            if let double = value.double { return "\(double)" }
            switch value.type {
            case .table: return "a table"
            case .array: return "an array"
            default: return "a \(value.type)"
            }
        }
    }
}
