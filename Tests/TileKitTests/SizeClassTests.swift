import Testing
import TileKit

/// docs/rules.md C5: each family's cells per size class, and the class a terminal gets.
@Suite struct SizeClassTests {
    @Test(arguments: [
        (80, 24, SizeClass.regular), (100, 30, .regular), (125, 40, .regular), (126, 31, .regular),
        (126, 32, .large), (160, 40, .large), (160, 45, .large), (300, 100, .large),
        (42, 11, .regular), (41, 30, .compact), (200, 10, .compact), (1, 1, .compact), (0, 0, .compact),
    ])
    func theClassIsChosenFromTheTerminalsSize(columns: Int, rows: Int, expected: SizeClass) {
        #expect(SizeClass(columns: columns, rows: rows) == expected)
        #expect(SizeClassSetting.auto.sizeClass(columns: columns, rows: rows) == expected)
        // Pinned, the size does not matter.
        #expect(SizeClassSetting.pinned(.compact).sizeClass(columns: columns, rows: rows) == .compact)
    }

    @Test func theRegularClassKeepsTheGridsTilesAlwaysHad() {
        let grids = WidgetFamily.allCases.map { "\($0.shortName) \($0.gridSize(in: .regular).columns)×\($0.gridSize(in: .regular).rows)" }
        #expect(grids == ["small 20×10", "medium 42×10", "large 42×22", "extraLarge 86×22", "circular 9×4", "rectangular 20×4", "inline 29×1"])
        for family in WidgetFamily.allCases {
            #expect(family.gridSize == family.gridSize(in: .regular))
        }
    }

    @Test(arguments: SizeClass.allCases)
    func everyClassTilesLikeAHomeScreen(sizeClass: SizeClass) {
        let small = WidgetFamily.systemSmall.gridSize(in: sizeClass)
        let medium = WidgetFamily.systemMedium.gridSize(in: sizeClass)
        let large = WidgetFamily.systemLarge.gridSize(in: sizeClass)
        let extraLarge = WidgetFamily.systemExtraLarge.gridSize(in: sizeClass)
        #expect(medium.columns == 2 * small.columns + 2 && medium.rows == small.rows)
        #expect(large.columns == medium.columns && large.rows == 2 * small.rows + 2)
        #expect(extraLarge.columns == 2 * large.columns + 2 && extraLarge.rows == large.rows)
        #expect(WidgetFamily.accessoryInline.gridSize(in: sizeClass).rows == 1)
        let points = WidgetFamily.systemMedium.displaySize(in: sizeClass)
        #expect(points.width == Double(medium.columns * 8) && points.height == Double(medium.rows * 16))
    }

    @Test func classesGrowInOrder() {
        for family in WidgetFamily.allCases {
            let sizes = SizeClass.allCases.map { family.gridSize(in: $0) }
            #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0.columns <= $1.columns && $0.rows <= $1.rows }, "\(family)")
        }
    }

    @Test func settingsReadTheirNames() {
        #expect(SizeClassSetting(name: "auto") == .auto)
        #expect(SizeClassSetting(name: "large") == .pinned(.large))
        #expect(SizeClassSetting(name: "Large") == nil)
        #expect(SizeClassSetting(name: "") == nil)
        #expect(SizeClassSetting.allNames == ["auto", "compact", "regular", "large"])
    }

    @Test func aContextsGridFollowsItsClass() {
        let context = TimelineContext(family: .systemSmall, now: .distantPast, sizeClass: .large)
        #expect(context.gridSize == (30, 15))
        #expect(TimelineContext(family: .systemSmall, now: .distantPast).gridSize == (20, 10))
    }
}
