import Foundation
import Testing
import TileUI
import TileUIJSON

@Suite struct ViewNodeEncodingTests {
    static let everything = #"""
        {"ZStack": [
          {"LinearGradient": {"colors": ["#3a7bd5", {"light": "#000000", "dark": "#ffffff"}], "startPoint": {"x": 0.25, "y": 0}, "endPoint": "bottom"}},
          {"VStack": [
            {"Text": "a", "font": {"style": "caption", "weight": "bold", "italic": true}, "lineLimit": {"min": 1, "max": 2}},
            {"Text": {"date": "2026-11-24T08:00:00Z", "style": "relative"}, "font": {"size": 19, "weight": "semibold"}},
            {"Text": {"interval": ["2026-11-24T08:00:00Z", "2026-11-24T09:00:00Z"]}, "lineLimit": {"limit": 2, "reservesSpace": true}},
            {"Text": {"timerInterval": ["2026-11-24T08:00:00Z", "2026-11-24T09:00:00.25Z"], "pauseTime": "2026-11-24T08:30:00Z", "countsDown": false, "showsHours": false}},
            {"HStack": [{"Spacer": {"minLength": 2}}, {"Divider": {}}, {"EmptyView": {}}], "alignment": "firstTextBaseline", "spacing": 0},
            {"LazyVGrid": [{"Capsule": {"fill": {"LinearGradient": {"colors": ["red", "blue"]}}}}, {"Rectangle": {"stroke": "accent"}}],
             "columns": [{"fixed": 3}, {"flexible": {"minimum": 2, "maximum": 9}, "spacing": 2}, {"adaptive": {"minimum": 4}, "alignment": "topLeading"}],
             "alignment": "trailing", "spacing": 1},
            {"Link": {"destination": "https://example.com/a?b=1", "label": {"RoundedRectangle": {"cornerRadius": 8, "fill": "#ffffff38"}}}}
          ], "alignment": "leading", "spacing": 1,
           "fixedSize": {"horizontal": true, "vertical": false}, "frame": {"maxWidth": "infinity", "minHeight": 2, "alignment": "topLeading"},
           "padding": {"top": 1, "leading": 2}, "background": {"view": {"Color": "widget.background"}, "alignment": "bottom"},
           "overlay": {"Text": "x", "hidden": true}, "border": {"color": "red", "width": 2}, "cornerRadius": 12,
           "clipShape": {"RoundedRectangle": {"cornerRadius": 8}}, "clipped": true, "opacity": 0.5, "offset": {"x": 1, "y": -1},
           "zIndex": 2, "layoutPriority": 1, "font": "headline", "fontWeight": "heavy", "bold": true, "italic": false, "underline": true,
           "foregroundColor": {"color": "secondary", "opacity": 0.3}, "truncationMode": "middle",
           "multilineTextAlignment": "center", "minimumScaleFactor": 0.5, "privacySensitive": true, "redacted": "placeholder",
           "unredacted": true, "widgetURL": "tiles://open"}
        ], "modifiers": [{"padding": 1}, {"frame": {"width": 5, "height": 2}}, {"padding": true}, {"lineLimit": null}, {"lineLimit": 3}]}
        """#

    @Test func encodingReadsBackAsTheSameNode() throws {
        let node = try ViewNode(json: Data(Self.everything.utf8))
        let encoded = node.jsonData
        #expect(try ViewNode(json: encoded) == node)
        #expect(node.jsonData == encoded, "encoding is stable")
    }

    @Test func modifiersOutOfTheFixedOrderAreWrittenAsAList() throws {
        let node = ViewNode(.text(.verbatim("x")), modifiers: [.padding(EdgeInsets(top: 1, leading: 1, bottom: 1, trailing: 1)), .bold(true)])
        #expect(String(decoding: node.jsonData, as: UTF8.self) == #"{"Text":"x","padding":1,"bold":true}"#)
        let reordered = ViewNode(.text(.verbatim("x")), modifiers: [.background(ViewNode(.color(.red)), alignment: .center), .padding(EdgeInsets(top: 0, leading: 2, bottom: 0, trailing: 2))])
        #expect(String(decoding: reordered.jsonData, as: UTF8.self)
            == #"{"Text":"x","modifiers":[{"background":"red"},{"padding":{"leading":2,"trailing":2}}]}"#)
    }
}
