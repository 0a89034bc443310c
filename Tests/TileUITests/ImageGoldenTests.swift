import Foundation
import SnapshotTesting
import Testing
@testable import TileUI

/// Golden files (plain text and truecolor ANSI) of pictures: every content mode, transparency,
/// the light and dark variants of an asset, template rendering and rounded clipping. Compared
/// exactly; re-record on purpose with `make golden`.
@Suite struct ImageGoldenTests {
    private func assertGolden<V: View>(
        _ view: V, width: Int, height: Int, named name: String, scheme: ColorScheme = .light,
        testName: String = #function, filePath: StaticString = #filePath, line: UInt = #line
    ) {
        var environment = EnvironmentValues()
        environment.colorScheme = scheme
        let grid = CellGrid.render(view, width: width, height: height, environment: environment)
        assertSnapshot(of: grid.text, as: .lines, named: name, file: filePath, testName: testName, line: line)
        assertSnapshot(of: ANSIRenderer(colorMode: .trueColor).render(grid), as: .lines, named: name + "-ansi",
                       file: filePath, testName: testName, line: line)
    }

    static let modes = ["natural", "stretch", "fit", "fill", "square-fit"]

    /// wide.png (40×10 pixels, 4:1) in a 20×6 frame, centred in 24×8.
    @Test(arguments: modes)
    func testContentModesMatchGolden(mode: String) {
        let picture = Image(data: ImageFixtures.data("wide.png"))
        let image: Image
        switch mode {
        case "natural": image = picture
        case "stretch": image = picture.resizable()
        case "fit": image = picture.resizable().scaledToFit()
        case "fill": image = picture.resizable().scaledToFill()
        default: image = picture.resizable().aspectRatio(1, contentMode: .fit)
        }
        assertGolden(image.frame(width: 20, height: 6).clipped(), width: 24, height: 8, named: mode)
    }

    @Test func testTransparencyMatchesGolden() {
        let disc = Image(data: ImageFixtures.data("disc.png"))
        assertGolden(ZStack { Color(hex: 0x30B0C7); disc }, width: 16, height: 8, named: "over-teal")
        assertGolden(disc, width: 16, height: 8, named: "over-nothing")
    }

    @Test(arguments: [ColorScheme.light, .dark])
    func testAssetVariantsMatchGolden(scheme: ColorScheme) {
        assertGolden(Image("widget_background_test").resizable(), width: 42, height: 10,
                     named: scheme == .dark ? "dark" : "light", scheme: scheme)
    }

    @Test func testTemplateAndRoundedClipMatchGolden() {
        let disc = Image(data: ImageFixtures.data("disc.png")).resizable().renderingMode(.template)
        assertGolden(disc.foregroundColor(.orange).frame(width: 8, height: 4), width: 8, height: 4, named: "template")
        let wide = Image(data: ImageFixtures.data("wide.png")).resizable()
        assertGolden(wide.cornerRadius(12).frame(width: 10, height: 3), width: 10, height: 3, named: "corner-radius")
    }
}
