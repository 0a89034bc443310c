import Foundation
import Testing
import TileKit
import TileUIJSON
@testable import TileWidgets

/// The built-in widgets written as JSON: each view, described, sent as JSON and read back,
/// draws exactly the cells of the Swift view, in every family and scheme. What a built-in widget
/// draws, a widget extension can draw.
@Suite struct BuiltinWidgetsAsJSONTests {
    private typealias T = WidgetViewTests

    private func expectSameCells<V: View>(_ view: V, _ family: WidgetFamily, _ scheme: ColorScheme) throws {
        var environment = EnvironmentValues()
        environment.widgetFamily = family
        environment.colorScheme = scheme
        environment.now = T.goldenDate
        let json = try ViewNode(describing: view, environment: environment).jsonData
        let decoded = try ViewNode(json: json, path: "entries[0].view")
        let (columns, rows) = family.gridSize
        #expect(CellGrid.render(decoded.makeView(), width: columns, height: rows, environment: environment)
            == CellGrid.render(view, width: columns, height: rows, environment: environment), "\(V.self) \(family) \(scheme)")
    }

    @Test(arguments: T.families, T.schemes)
    func builtinViewsDrawTheSameFromJSON(family: WidgetFamily, scheme: ColorScheme) throws {
        try expectSameCells(QQSyncView(entry: .sample(date: T.goldenDate, timeZone: T.shanghai)), family, scheme)
        try expectSameCells(AlipayView(entry: .sample(date: T.goldenDate, timeZone: T.shanghai)), family, scheme)
        try expectSameCells(CommitView(entry: .sample(date: T.goldenDate, timeZone: T.shanghai)), family, scheme)
        let failed = CommitEntry.failed(date: T.goldenDate, timeZone: T.shanghai, reason: "HTTP 404: Branch not found")
        try expectSameCells(CommitView(entry: failed), family, scheme)
        try expectSameCells(SystemView(entry: .sample(at: T.goldenDate)), family, scheme)
        try expectSameCells(CalendarView(entry: CalendarEntry(date: T.goldenDate, timeZone: T.shanghai)), family, scheme)
    }
}
