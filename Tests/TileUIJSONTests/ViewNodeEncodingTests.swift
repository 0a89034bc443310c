import Foundation
import Testing
import TileUI
import TileUIJSON
import TileUISamples

@Suite struct ViewNodeEncodingTests {
    static let everything = #"""
        {"ZStack": [
          {"LinearGradient": {"colors": ["#3a7bd5", {"light": "#000000", "dark": "#ffffff"}], "startPoint": {"x": 0.25, "y": 0}, "endPoint": "bottom"}},
          {"VStack": [
            {"Text": "a", "font": {"style": "caption", "weight": "bold", "italic": true}, "lineLimit": {"min": 1, "max": 2}},
            {"Text": {"date": "2026-11-24T08:00:00Z", "style": "relative"}, "font": {"size": 19, "weight": "semibold"}},
            {"Text": {"interval": ["2026-11-24T08:00:00Z", "2026-11-24T09:00:00Z"]}, "lineLimit": {"limit": 2, "reservesSpace": true}},
            {"Text": {"timerInterval": ["2026-11-24T08:00:00Z", "2026-11-24T09:00:00.25Z"], "pauseTime": "2026-11-24T08:30:00Z", "countsDown": false, "showsHours": false}},
            {"HStack": [{"Spacer": {"minLength": 2}}, {"Divider": {}}, {"EmptyView": {}}, {"Image": "widget_background_test"}, {"Image": {"systemName": "star.fill"}},
              {"Image": {"data": "iVBORw0KGgo=", "resizable": true, "aspectRatio": 2, "contentMode": "fill", "renderingMode": "template"}}], "alignment": "firstTextBaseline", "spacing": 0},
            {"LazyVGrid": [{"Capsule": {"fill": {"LinearGradient": {"colors": ["red", "blue"]}}}}, {"Rectangle": {"stroke": "accent"}}],
             "columns": [{"fixed": 3}, {"flexible": {"minimum": 2, "maximum": 9}, "spacing": 2}, {"adaptive": {"minimum": 4}, "alignment": "topLeading"}],
             "alignment": "trailing", "spacing": 1},
            {"Link": {"destination": "https://example.com/a?b=1", "label": {"RoundedRectangle": {"cornerRadius": 8, "fill": "#ffffff38"}}}},
            {"ProgressView": {"value": 3, "total": 8, "label": {"Text": "下载"}}}, {"ProgressView": {"value": null}},
            {"Gauge": {"value": 62, "in": [0, 100], "label": {"Text": "CPU"}, "currentValueLabel": {"Text": "62"},
                       "minimumValueLabel": {"Text": "0"}, "maximumValueLabel": {"Text": "100"}}},
            {"Gauge": {"value": 0.3}, "gaugeStyle": "accessoryCircularCapacity"},
            {"Chart": [{"LineMark": {"x": 0, "y": 3}}, {"AreaMark": {"x": "2026-11-24T08:00:00Z", "y": -2.5}},
                       {"BarMark": {"x": 1, "y": 4}}, {"RuleMark": {"y": 2}}], "chartYAxis": "hidden"}
          ], "alignment": "leading", "spacing": 1,
           "fixedSize": {"horizontal": true, "vertical": false}, "frame": {"maxWidth": "infinity", "minHeight": 2, "alignment": "topLeading"},
           "padding": {"top": 1, "leading": 2}, "background": {"view": {"Color": "widget.background"}, "alignment": "bottom"},
           "overlay": {"Text": "x", "hidden": true}, "border": {"color": "red", "width": 2}, "cornerRadius": 12,
           "clipShape": {"RoundedRectangle": {"cornerRadius": 8}}, "clipped": true, "opacity": 0.5, "offset": {"x": 1, "y": -1},
           "zIndex": 2, "layoutPriority": 1, "font": "headline", "fontWeight": "heavy", "bold": true, "italic": false, "underline": true,
           "foregroundColor": {"color": "secondary", "opacity": 0.3}, "truncationMode": "middle",
           "multilineTextAlignment": "center", "minimumScaleFactor": 0.5, "privacySensitive": true, "redacted": "placeholder",
           "unredacted": true, "widgetURL": "tiles://open"}
        ], "modifiers": [{"padding": 1}, {"frame": {"width": 5, "height": 2}}, {"padding": true}, {"lineLimit": null}, {"lineLimit": 3}, {"redacted": ["placeholder", "privacy"]}]}
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

    private func roundTrip<V: View>(_ view: V, width: Int, height: Int, environment: EnvironmentValues = .standard) throws {
        let json = try ViewNode(describing: view, environment: environment).jsonData
        let decoded = try ViewNode(json: json, path: "entries[0].view")
        let expected = CellGrid.render(view, width: width, height: height, environment: environment)
        #expect(CellGrid.render(decoded.makeView(), width: width, height: height, environment: environment) == expected)
    }

    @Test func qqSyncSampleSurvivesSwiftToJSONToView() throws {
        var dark = EnvironmentValues()
        dark.colorScheme = .dark
        for environment in [EnvironmentValues.standard, dark] {
            try roundTrip(QQSyncMediumSample(), width: 42, height: 10, environment: environment)
            try roundTrip(QQSyncMediumSample(quote: "A much longer quote that has to wrap and truncate in the medium family", day: "24"), width: 30, height: 8, environment: environment)
        }
    }

    /// A widget view in the shape of the built-ins: composite views, environment reads, builders
    /// with conditions and loops, shapes, grids, links and custom modifiers.
    private struct Sample: View {
        var items = ["支付宝", "扫一扫", "收付款", "出行"]
        var showsFooter = true
        @Environment(\.colorScheme) private var scheme

        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                HStack {
                    Text(scheme == .dark ? "night" : "day").font(.caption).foregroundColor(.secondary)
                    Spacer()
                    Text(Date(timeIntervalSince1970: 60), style: .timer).bold()
                }
                Divider().opacity(0.5)
                LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible())], spacing: 0) {
                    ForEach(items, id: \.self) { item in
                        Link(destination: URL(string: "tiles://\(item.count)")!) {
                            Text(item).lineLimit(1).padding(.horizontal, 1)
                                .background(RoundedRectangle(cornerRadius: 8).fill(Color.white.opacity(0.22)))
                        }
                    }
                }
                if showsFooter {
                    Group { Text("footer").underline(); Capsule().stroke(.red).frame(width: 6, height: 1) }
                        .modifier(Pill())
                } else {
                    EmptyView()
                }
            }
            .padding()
            .background(LinearGradient(colors: [Color(light: .white, dark: .black), Color("accent")], startPoint: .top, endPoint: .bottom))
            .widgetURL(URL(string: "tiles://widget"))
        }
    }

    private struct Pill: ViewModifier {
        func body(content: Content) -> some View {
            content.frame(maxWidth: .infinity, alignment: .trailing).foregroundStyle(.orange)
        }
    }

    @Test func aBuiltInShapedWidgetSurvivesSwiftToJSONToView() throws {
        var environment = EnvironmentValues()
        environment.now = Date(timeIntervalSince1970: 10)
        try roundTrip(Sample(), width: 30, height: 9, environment: environment)
        environment.colorScheme = .dark
        try roundTrip(Sample(showsFooter: false), width: 30, height: 9, environment: environment)
        let node = try ViewNode(describing: Sample(), environment: environment)
        #expect(node.jsonValue.jsonText.contains(#""Text":"night""#))
        #expect(CellGrid.render(node.makeView(), width: 30, height: 9, environment: environment).widgetURL == URL(string: "tiles://widget"))
    }

    @Test func viewsWhoseEffectIsCodeAreRefusedWithTheirName() {
        #expect(throws: ViewDescriptionError("GeometryReader cannot be described as data: its content depends on the size it is given")) {
            try ViewNode(describing: VStack { GeometryReader { _ in Text("x") } })
        }
        #expect(throws: ViewDescriptionError("environment(_:_:) cannot be described as data; use the modifier for the value instead")) {
            try ViewNode(describing: Text("x").environment(\.font, .caption))
        }
    }
}
