import Testing
import TOML

/// What a parsed document holds: values, key order, origins and the positions of keys, headers
/// and values.
@Suite struct DocumentTests {
    @Test func keysKeepSourceOrderWithTheirPositions() throws {
        let document = try TOMLDocument.parse("""
            zebra = 1
            apple = "a"
            [colors]
              "text.primary" = { light = "#000000" }
            mango.ripe = true

            """)
        #expect(document.keys == ["zebra", "apple", "colors"])
        #expect(document.position(of: "apple") == TOMLPosition(line: 2, column: 1, offset: 10))
        let colors = try #require(document["colors"]?.table)
        #expect(colors.origin == .header)
        #expect(colors.position == TOMLPosition(line: 3, column: 1, offset: 22))
        #expect(colors.keys == ["text.primary", "mango"])
        #expect(colors.position(of: "text.primary") == TOMLPosition(line: 4, column: 3, offset: 33))
        let entry = try #require(colors["text.primary"]?.table)
        #expect(entry.origin == .inline)
        #expect(entry.position(of: "light") == TOMLPosition(line: 4, column: 22, offset: 52))
        #expect(colors["mango"]?.table?.origin == .dottedKey)
        #expect(colors["mango"]?.table?.position(of: "ripe")?.column == 7)
    }

    @Test func valuesCarryTheirPositionAndByteRange() throws {
        let text = "a = [1, \"é\", 2.5]\nb = 1979-05-27T07:32:00Z # when\n"
        let document = try TOMLDocument.parse(text)
        let array = try #require(document["a"])
        #expect(array.position == TOMLPosition(line: 1, column: 5, offset: 4))
        #expect(array.range == 4..<18)
        let elements = try #require(array.array)
        #expect(elements.map(\.range) == [5..<6, 8..<12, 14..<17])
        #expect(elements[2].position.column == 14)
        let date = try #require(document["b"])
        #expect(date.range == 23..<43)
        #expect(Array(text.utf8)[date.range].elementsEqual("1979-05-27T07:32:00Z".utf8))
    }

    /// Columns count Unicode scalars, so a key after `é` or `主题` is where an editor shows it.
    @Test func columnsCountUnicodeScalarsNotBytes() throws {
        let document = try TOMLDocument.parse("\"主题\" = { \"é\" = 1, x = 2 }")
        let table = try #require(document["主题"]?.table)
        #expect(table.position(of: "x") == TOMLPosition(line: 1, column: 19, offset: 23))
    }

    @Test func tableOriginsSayHowEachTableWasMade() throws {
        let document = try TOMLDocument.parse("""
            [a.b.c]
            [a]
            d.e = 1
            [[f]]
            [[f]]
            [f.g]
            """)
        let a = try #require(document["a"]?.table)
        #expect(document.origin == .document)
        #expect(a.origin == .header)
        #expect(a.position == TOMLPosition(line: 2, column: 1, offset: 8))
        #expect(document.position(of: "a") == TOMLPosition(line: 1, column: 2, offset: 1))
        #expect(a["b"]?.table?.origin == .implicit)
        #expect(a["b"]?.table?["c"]?.table?.origin == .header)
        #expect(a["d"]?.table?.origin == .dottedKey)
        let f = try #require(document["f"]?.array)
        #expect(f.map { $0.table?.origin } == [.arrayOfTables, .arrayOfTables])
        #expect(f.map(\.position.line) == [4, 5])
        #expect(f[1].table?["g"]?.table?.position.line == 6)
        #expect(document["f"]?.position.line == 4)
    }

    @Test func accessorsAnswerOnlyForTheirOwnType() throws {
        let document = try TOMLDocument.parse("s = 'x'\ni = 7\nf = 7.0\nb = true\nd = 07:32:00\na = []\nt = {}")
        #expect(document["s"]?.string == "x")
        #expect(document["i"]?.int == 7)
        #expect(document["i"]?.double == nil)
        #expect(document["f"]?.double == 7.0)
        #expect(document["f"]?.int == nil)
        #expect(document["b"]?.bool == true)
        #expect(document["d"]?.dateTime == TOMLDateTime(date: nil, time: .init(hour: 7, minute: 32, second: 0)))
        #expect(document["a"]?.array == [])
        #expect(document["t"]?.table?.isEmpty == true)
        #expect(document.values.map(\.typeName) == [
            "a string", "an integer", "a float", "a boolean", "a local time", "an array", "a table",
        ])
    }

    @Test func dateTimesKeepTheirKindFractionAndOffset() throws {
        let document = try TOMLDocument.parse("""
            odt = 1979-05-27 07:32:00.123456789123-07:30
            ldt = 1979-05-27t07:32:00
            ld = 2024-02-29
            lt = 23:59:60.5
            """)
        let odt = try #require(document["odt"]?.dateTime)
        #expect(odt.kind == .offsetDateTime)
        #expect(odt.time?.nanosecond == 123_456_789)
        #expect(odt.offsetMinutes == -450)
        #expect(odt.description == "1979-05-27T07:32:00.123456789-07:30")
        #expect(document["ldt"]?.dateTime?.description == "1979-05-27T07:32:00")
        #expect(document["ldt"]?.typeName == "a local date-time")
        #expect(document["ld"]?.dateTime?.kind == .localDate)
        #expect(document["lt"]?.dateTime?.description == "23:59:60.5")
    }

    @Test func stringsDecodeEveryEscapeAndMultilineForm() throws {
        let document = try TOMLDocument.parse(#"""
            basic = "tab\there \u00e9 \U0001F600 \"q\" \\"
            literal = 'C:\path'
            multi = """
            one \
                two""""
            raw = '''
            a''b'''''
            """#)
        #expect(document["basic"]?.string == "tab\there é 😀 \"q\" \\")
        #expect(document["literal"]?.string == #"C:\path"#)
        #expect(document["multi"]?.string == "one two\"")
        #expect(document["raw"]?.string == "a''b''")
    }
}
