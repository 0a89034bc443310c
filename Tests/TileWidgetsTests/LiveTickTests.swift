import Foundation
import Testing
import TileKit
import TileUI
@testable import TileWidgets
import TileBase

/// The board follows the countdown's timer in place (`RetainedDrawing.advance`): every tick must
/// give the cells a full render gives at that second, in every family, size class and scheme.
@Suite struct LiveTickTests {
    static let shanghai = Zone(identifier: "Asia/Shanghai")!
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    static let countdown: WidgetDescriptor = {
        let services = WidgetServices(environment: [:], directories: nil, version: "test", timeZone: shanghai, offline: true)
        return BuiltinWidgets.all(services: services).first { $0.kind == "countdown" }!
    }()

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .accessoryInline])
    func theCountdownTicksInPlaceAsItRendersAgain(family: WidgetFamily) {
        // An hour and 20 seconds to go: the timer passes 1:00:00 to 59:59, a shorter text.
        let target = Self.start + 3_620
        let entry = AnyTimelineEntry(CountdownEntry(date: Self.start, title: "下班", target: target, label: "18:00"))
        var advanced = 0
        for sizeClass in SizeClass.allCases {
            for scheme in [ColorScheme.light, .dark] {
                var environment = EnvironmentValues()
                environment.sizeClass = sizeClass
                environment.colorScheme = scheme
                environment.zone = Self.shanghai
                environment.now = Self.start
                var drawing = Self.countdown.drawing(entry, family: family, environment: environment)
                for second in 1...30 {
                    environment.now = Self.start + Double(second)
                    let full = Self.countdown.render(entry, family: family, environment: environment)
                    if drawing.advance(to: environment.now) {
                        advanced += 1
                    } else {
                        drawing = Self.countdown.drawing(entry, family: family, environment: environment)
                    }
                    let same = drawing.grid == full.grid && drawing.nextChange == full.nextChange
                    #expect(same, "\(family) \(sizeClass) \(scheme) at +\(second) s:\n\(drawing.grid.text)\n---\n\(full.grid.text)")
                    if !same { break }
                }
            }
        }
        // Of 180 ticks, one changes the text's shape in each of the 6 runs.
        #expect(advanced == 174)
    }
}
