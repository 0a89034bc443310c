import Foundation
import Testing
import TileUI
import TileUIJSON

@Suite struct ViewNodeDecodingTests {
    private func decode(_ json: String, path: String = "view") throws -> ViewNode {
        try ViewNode(json: Data(json.utf8), path: path)
    }

    private func error(_ json: String, path: String = "entries[0].view") -> String {
        do {
            _ = try ViewNode(json: Data(json.utf8), path: path)
            return "no error"
        } catch {
            return error.description
        }
    }

    private func render(_ json: String, width: Int = 20, height: Int = 3) throws -> CellGrid {
        CellGrid.render(try decode(json).makeView(), width: width, height: height)
    }

    @Test func issueExampleDecodesToStackWithModifiers() throws {
        let node = try decode(#"""
            {"VStack": [{"Text": "build #42", "font": "caption"}, {"Text": "passed", "bold": true}],
             "alignment": "leading", "padding": 1}
            """#)
        #expect(node == ViewNode(
            .vStack(alignment: .leading, spacing: nil, children: [
                ViewNode(.text(.verbatim("build #42")), modifiers: [.font(.caption)]),
                ViewNode(.text(.verbatim("passed")), modifiers: [.bold(true)]),
            ]),
            modifiers: [.padding(EdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1))]))
    }

    @Test func plainKeysApplyInTheDocumentedOrderWhateverTheirOrderInTheObject() throws {
        let a = try decode(#"{"Text": "x", "foregroundColor": "red", "background": "white", "padding": 1, "frame": {"width": 5}}"#)
        let b = try decode(#"{"frame": {"width": 5}, "padding": 1, "Text": "x", "background": "white", "foregroundColor": "red"}"#)
        #expect(a == b)
        #expect(a.modifiers.map { "\($0)".prefix(while: { $0 != "(" }) } == ["frame", "padding", "background", "foregroundColor"])
    }

    @Test func modifiersListAppliesInItsOrderAfterPlainKeys() throws {
        let node = try decode(#"{"Text": "x", "bold": true, "modifiers": [{"background": "red"}, {"padding": 1}]}"#)
        #expect(node.modifiers == [
            .bold(true), .background(ViewNode(.color(.red)), alignment: .center),
            .padding(EdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)),
        ])
    }

    @Test func decodedTreeRendersLikeTheSameSwiftTree() throws {
        let json = #"""
            {"ZStack": [
              {"LinearGradient": {"colors": ["#3a7bd5", "#8e54e9"], "startPoint": "topLeading", "endPoint": "bottomTrailing"}},
              {"HStack": [
                 {"VStack": [{"Text": "所有快乐都向你靠拢", "font": {"size": 19}, "fontWeight": "semibold", "foregroundColor": "white"},
                             {"Spacer": {}},
                             {"Text": "加油😄", "foregroundColor": "white", "lineLimit": 1}], "alignment": "leading"},
                 {"Spacer": {"minLength": 1}},
                 {"Text": "去分享", "fixedSize": true, "padding": {"horizontal": 3}, "background": "white",
                  "foregroundColor": "black", "cornerRadius": 12}
              ], "padding": {"horizontal": 2, "vertical": 1}}
            ]}
            """#
        let swift = ZStack {
            LinearGradient(colors: [Color(hex: 0x3A7BD5), Color(hex: 0x8E54E9)], startPoint: .topLeading, endPoint: .bottomTrailing)
            HStack {
                VStack(alignment: .leading) {
                    Text("所有快乐都向你靠拢").font(.system(size: 19)).fontWeight(.semibold).foregroundColor(.white)
                    Spacer()
                    Text("加油😄").foregroundColor(.white).lineLimit(1)
                }
                Spacer(minLength: 1)
                Text("去分享").fixedSize().padding(.horizontal, 3).background(.white).foregroundColor(.black).cornerRadius(12)
            }
            .padding(EdgeInsets(top: 1, leading: 2, bottom: 1, trailing: 2))
        }
        let fromJSON = CellGrid.render(try decode(json).makeView(), width: 30, height: 6)
        #expect(fromJSON == CellGrid.render(swift, width: 30, height: 6))
        #expect(fromJSON.text.contains("去分享"))
    }

    @Test func everyTextStyleAndTimerDecodes() throws {
        for style in ["time", "date", "relative", "offset", "timer"] {
            let node = try decode(#"{"Text": {"date": "2026-11-24T08:00:00Z", "style": "\#(style)"}}"#)
            guard case .text(.date(let date, _)) = node.view else { Issue.record("not a date text"); continue }
            #expect(date == Date(timeIntervalSince1970: 1_795_507_200))
        }
        let timer = try decode(#"{"Text": {"timerInterval": ["2026-11-24T08:00:00Z", "2026-11-24T08:25:00.5Z"], "countsDown": false}}"#)
        guard case .text(.timer(let range, nil, false, true)) = timer.view else { Issue.record("\(timer)"); return }
        #expect(range.upperBound.timeIntervalSince(range.lowerBound) == 1500.5)
        var environment = EnvironmentValues()
        environment.now = Date(timeIntervalSince1970: 1_795_507_200 + 70)
        let grid = CellGrid.render(try decode(#"{"Text": {"date": "2026-11-24T08:00:00Z", "style": "timer"}}"#).makeView(),
                                   width: 6, height: 1, environment: environment)
        #expect(grid.text == " 1:10 ")
    }

    @Test func colorsInEveryForm() throws {
        let colors = try decode(#"""
            {"HStack": [{"Color": "#ff9500"}, {"Color": "#ff950080"}, {"Color": "widget.background"}, {"Color": "red"},
                        {"Color": {"light": "#000000", "dark": "#ffffff"}}, {"Color": {"color": "white", "opacity": 0.22}}]}
            """#)
        guard case .hStack(_, _, let children) = colors.view else { Issue.record("not a stack"); return }
        #expect(children.map(\.view) == [
            .color(Color(hex: 0xFF9500)), .color(Color(hex: 0xFF9500).opacity(128.0 / 255)), .color(Color("widget.background")),
            .color(.red), .color(Color(light: .black, dark: .white)), .color(Color.white.opacity(0.22)),
        ])
    }

    @Test func errorsNameThePathAndWhatWasExpected() {
        #expect(error(#"{"VStack": [{"Text": "a"}, {"Text": "b"}, {"Text": "c", "font": "huge"}]}"#)
            == #"entries[0].view.VStack[2].font: expected one of largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2, found "huge""#)
        #expect(error(#"{"Txt": "a"}"#).hasPrefix("entries[0].view.Txt: unknown view; expected one of Text, VStack"))
        #expect(error(#"{"Text": "a", "Color": "red"}"#) == "entries[0].view: expected one view key, found 2: Text, Color")
        #expect(error(#"{"Text": "a", "colour": "red"}"#).hasPrefix("entries[0].view.colour: unknown key; expected a modifier (fixedSize, frame"))
        #expect(error(#"{"Text": 5}"#) == "entries[0].view.Text: expected a string or an object with date and style, found 5")
        #expect(error(#"{"HStack": {}}"#) == "entries[0].view.HStack: expected an array of views, found an object")
        #expect(error(#"{"Text": "a", "padding": "lots"}"#)
            == #"entries[0].view.padding: expected a number of cells, true, or {"horizontal": 2, "vertical": 1, …}, found "lots""#)
        #expect(error(#"{"Text": "a", "modifiers": [{"padding": 1, "bold": true}]}"#)
            .hasPrefix("entries[0].view.modifiers[0]: expected an object with one modifier"))
        #expect(error(#"{"Text": "a", "frame": {"maxWidth": "wide"}}"#)
            == #"entries[0].view.frame.maxWidth: expected a whole number of cells from 0 to 10000 or "infinity", found "wide""#)
        #expect(error(#"{"Link": {"destination": "not a url", "label": {"Text": "a"}}}"#)
            .hasPrefix("entries[0].view.Link.destination: expected an absolute URL"))
        #expect(error(#"{"Text": "a"} x"#).hasPrefix("entries[0].view: invalid JSON at byte 14"))
        #expect(error(#"{"Text": "a", "Text": "b"}"#).hasPrefix("entries[0].view: invalid JSON at byte 14: key \"Text\" appears twice"))
        #expect(error("[]") == "entries[0].view: expected a view, an object such as {\"Text\": \"Hello\"}, found an array")
    }

    @Test func deepAndLargeTreesAreRefusedNotRecursedInto() {
        let deep = String(repeating: #"{"VStack": ["#, count: 70) + #"{"Text": "x"}"# + String(repeating: "]}", count: 70)
        #expect(error(deep).hasSuffix("views nested deeper than 64 levels"))
        let wide = #"{"VStack": ["# + Array(repeating: #"{"Text": "x"}"#, count: 6_000).joined(separator: ",") + "]}"
        #expect(error(wide).hasSuffix("more than 5000 views"))
        let text = String(repeating: "ab ", count: 3_000)
        let wordy = #"{"VStack": ["# + Array(repeating: #"{"Text": "\#(text)"}"#, count: 3).joined(separator: ",") + "]}"
        #expect(error(wordy) == "entries[0].view.VStack[2].Text: more than 20000 characters of text in one tree")
        #expect(error(#"{"Text": "\#(String(repeating: "x", count: 10_001))"}"#) == "entries[0].view.Text: expected at most 10000 characters, found 10001")
        let veryDeep = String(repeating: "[", count: 100_000)
        #expect(error(veryDeep).contains("nested deeper than 256 levels"))
    }

    @Test func textAndURLsAreSanitized() throws {
        let node = try decode("{\"Text\": \"a\\u001b]52;c;ZXZpbA==\\u0007b\\u001b[2Jc\\u202ed\\u009b31me👨‍👩‍👧❤️\"}")
        #expect(node.view == .text(.verbatim("abcde👨‍👩‍👧❤️")))
        #expect(error("{\"Text\": \"a\", \"widgetURL\": \"https://x\\u001b[2J\"}").hasPrefix("entries[0].view.widgetURL: expected an absolute URL"))
        // Keys and values quoted in errors are cleaned too: errors are shown on the board.
        for hostile in ["{\"T\\u001b]52;c;eA==\\u0007\": 1}", "{\"Text\": \"a\", \"k\\u009b2J\\u202e\": 1}",
                        "{\"Text\": \"a\", \"font\": \"\\u001b[2Jhuge\"}", "{\"Text\": \"a\", \"Co\\u001b[1mlor\": 1}",
                        "{\"Text\": \"a\", \"\\u001b[2J\": 1, \"\\u001b[2J\": 2}"] {
            let message = error(hostile)
            #expect(!message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" }, "\(message)")
        }
    }

    @Test func shapesGridsLinksAndDividersRender() throws {
        let grid = try render(#"""
            {"VStack": [
              {"LazyVGrid": [{"Text": "a"}, {"Text": "b"}, {"Text": "c"}], "columns": [{"fixed": 3}, {"fixed": 3}]},
              {"Divider": {}},
              {"Link": {"destination": "https://example.com/x", "label": {"Text": "go"}}},
              {"RoundedRectangle": {"cornerRadius": 8, "stroke": "red"}, "frame": {"width": 4, "height": 2}}
            ], "spacing": 0}
            """#, width: 10, height: 7)
        #expect(grid.text == """
              a   b   
              c       
            ──────────
                go    
               ╭──╮   
               ╰──╯   
                      
            """)
        #expect(grid.link(x: 4, y: 3) == URL(string: "https://example.com/x"))
    }
}
