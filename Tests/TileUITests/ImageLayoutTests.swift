import Foundation
import Synchronization
import Testing
import TileUISamples
@testable import TileUI

/// How an Image takes its size and draws: natural size (one column a pixel, one row two),
/// resizable, fit and fill, half blocks blended over what lies beneath, and nothing without colour.
@Suite struct ImageLayoutTests {
    let quadrants = ImageFixtures.data("quadrants.png")
    let wide = ImageFixtures.data("wide.png")

    @Test func testNaturalSizeIsOneColumnAPixelAndOneRowTwo() {
        let size = LayoutInspection.size(of: Image(data: wide), proposal: ProposedSize(width: 5, height: 2))
        #expect(size == Size(width: 40, height: 5))
        // An odd number of pixel rows rounds up to whole rows.
        let odd = Image(data: ImageTestPNG.encode(width: 3, height: 3))
        #expect(LayoutInspection.size(of: odd, proposal: ProposedSize(width: nil, height: nil)) == Size(width: 3, height: 2))
    }

    @Test func testResizableTakesTheOfferAndKeepsRatiosWhenAsked() {
        func size(_ image: Image, _ width: Int?, _ height: Int?) -> Size {
            LayoutInspection.size(of: image, proposal: ProposedSize(width: width, height: height))
        }
        let picture = Image(data: wide).resizable()
        #expect(size(picture, 30, 7) == Size(width: 30, height: 7))
        #expect(size(picture, nil, nil) == Size(width: 40, height: 5))
        // 40×10 pixels is 8 columns a row: fit in 30×7 is width-limited, fill height-limited.
        #expect(size(picture.scaledToFit(), 30, 7) == Size(width: 30, height: 4))
        #expect(size(picture.scaledToFill(), 30, 7) == Size(width: 56, height: 7))
        #expect(size(picture.aspectRatio(1, contentMode: .fit), 30, 7) == Size(width: 14, height: 7))
        #expect(size(picture.scaledToFit(), 16, nil) == Size(width: 16, height: 2))
        #expect(size(picture.scaledToFit(), nil, 3) == Size(width: 24, height: 3))
        #expect(size(picture.scaledToFill(), 0, 0) == Size(width: 0, height: 0))
        #expect(size(picture.scaledToFit(), 30, 0) == Size(width: 0, height: 0))
        #expect(size(picture.scaledToFill(), 0, 2) == Size(width: 16, height: 2))
    }

    @Test func testPixelsDrawAsUpperHalfBlocks() {
        let grid = CellGrid.render(Image(data: quadrants).resizable(), width: 2, height: 1)
        // Each cell averages a 4×8 block: the left one red over blue, the right green over nothing.
        #expect(grid[0, 0].character == "▀")
        #expect(grid[0, 0].foreground == RGBColor(hex: 0xFF0000))
        #expect(grid[0, 0].background == RGBColor(hex: 0x0000FF))
        #expect(grid[1, 0].character == "▀")
        #expect(grid[1, 0].foreground == RGBColor(hex: 0x00FF00))
        #expect(grid[1, 0].background == nil)
    }

    @Test func testAreaAveragingIsInLinearLight() {
        // Red and green averaged: in linear light each channel is 50 % → sRGB 188, not 128.
        let raster = ImageRaster(
            resampling: try! DecodedImage(decoding: quadrants), width: 1, height: 2, window: Rect(x: 0, y: 0, width: 1, height: 2))
        #expect(raster[0, 0].rgb == RGBColor(red: 188, green: 188, blue: 0))
        #expect(raster[0, 0].alpha == 255)
        // Blue over transparency: the colour stays blue, half covered.
        #expect(raster[0, 1].rgb == RGBColor(red: 0, green: 0, blue: 255))
        #expect(raster[0, 1].alpha == 128)
    }

    @Test func testTransparentPixelsBlendOverWhatLiesBeneath() {
        let view = ZStack {
            Color(hex: 0x000000)
            Image(data: quadrants).resizable()
        }
        let grid = CellGrid.render(view, width: 2, height: 1)
        // The transparent quarter shows the black beneath; the rest covers it.
        #expect(grid[1, 0].foreground == RGBColor(hex: 0x00FF00))
        #expect(grid[1, 0].background == RGBColor(hex: 0x000000))
        let faded = CellGrid.render(ZStack { Color(hex: 0x000000); Image(data: quadrants).resizable().opacity(0.5) }, width: 2, height: 1)
        #expect(faded[0, 0].foreground == RGBColor(red: 128, green: 0, blue: 0))
    }

    @Test func testAFullyTransparentCellKeepsTheTextBeneath() {
        let view = ZStack {
            Text("ab")
            Image(data: quadrants).resizable().frame(width: 2, height: 1).offset(x: 1)
        }
        let grid = CellGrid.render(view, width: 2, height: 1)
        #expect(grid[0, 0].character == "a")
    }

    @Test func testWithoutColourAPictureDrawsNothing() {
        var environment = EnvironmentValues()
        environment.colorMode = .none
        let view = ZStack { Color.blue; Image(data: quadrants).resizable() }
        let grid = CellGrid.render(view, width: 4, height: 2, environment: environment)
        #expect(grid.text == "    \n    ")
        #expect(grid[0, 0].background == RGBColor(hex: 0x007AFF))
    }

    @Test func testTemplateRenderingFillsTheShapeWithTheForegroundColour() {
        let view = Image(data: quadrants).resizable().renderingMode(.template).foregroundColor(.orange)
        let grid = CellGrid.render(view, width: 2, height: 1)
        // Both halves opaque, so both orange: a plain orange cell. The right cell is half empty.
        #expect(grid[0, 0].character == " " && grid[0, 0].background == RGBColor(hex: 0xFF9500))
        #expect(grid[1, 0].character == "▀" && grid[1, 0].foreground == RGBColor(hex: 0xFF9500) && grid[1, 0].background == nil)
    }

    @Test func testUndecodableBytesDrawAPlainPlaceholder() {
        let grid = CellGrid.render(Image(data: Data("not a picture".utf8)).frame(width: 3, height: 2), width: 5, height: 2)
        let border = Theme.default.color(named: "widget.border", scheme: .light)
        #expect(grid[1, 0].background == border && grid[3, 1].background == border)
        #expect(grid[0, 0].background == nil)
        #expect(grid.text == "     \n     ")
    }

    @Test func testSystemNamesDrawTheirGlyphInTheForegroundColour() {
        let grid = CellGrid.render(Image(systemName: "star.fill").foregroundColor(.yellow), width: 3, height: 1)
        #expect(grid.text == " ★ ")
        #expect(grid[1, 0].foreground == RGBColor(hex: 0xFFCC00))
        #expect(CellGrid.render(Image(systemName: "no.such.symbol"), width: 3, height: 1).text == "   ")
    }

    @Test func testEverySystemNameIsInTheDocsTable() throws {
        let docs = try String(contentsOf: ImageFixtures.folder.appendingPathComponent("../../../../docs/layout.md").standardized, encoding: .utf8)
        for (name, glyph) in SystemSymbols.table {
            #expect(docs.contains("`\(name)` \(glyph)"), "docs/layout.md lacks \(name)")
        }
    }

    /// Any picture from 1×1 to 4000×4000 pixels, in any frame from 1×1 to 200×60 and any content
    /// mode, stays inside its frame: stretched and fill (clipped) cover it exactly, fit is centred
    /// with one side the frame's. Sampled, with a time budget.
    @Test func testAnyPictureFillsExactlyItsFrame() {
        var random = SplitMix64(seed: 2026)
        let sides = [1, 2, 3, 7, 64, 333, 1000, 4000]
        // At least 20 cases, then more until the budget is spent.
        let deadline = Date().addingTimeInterval(10)
        var runs = 0
        while runs < 20 || (runs < 300 && Date() < deadline) {
            let width = runs == 0 ? 4000 : sides[Int(random.next() % UInt64(sides.count))]
            let height = runs == 0 ? 4000 : sides[Int(random.next() % UInt64(sides.count))]
            let columns = 1 + Int(random.next() % 200), rows = 1 + Int(random.next() % 60)
            let picture = Image(data: Self.solidPNG(width: width, height: height)).resizable()
            let mode = random.next() % 3
            let image = mode == 0 ? picture : picture.aspectRatio(contentMode: mode == 1 ? .fit : .fill)
            let view = ZStack { image.frame(width: columns, height: rows).clipped() }
                .frame(width: columns + 4, height: rows + 4)
            let grid = CellGrid.render(view, width: columns + 4, height: rows + 4)
            var painted = (minX: Int.max, minY: Int.max, maxX: -1, maxY: -1)
            for y in 0..<grid.height {
                for x in 0..<grid.width where grid[x, y].background != nil || grid[x, y].foreground != nil {
                    painted = (min(painted.minX, x), min(painted.minY, y), max(painted.maxX, x), max(painted.maxY, y))
                }
            }
            let frame = Rect(x: 2, y: 2, width: columns, height: rows)
            let label = "\(width)×\(height) px in \(columns)×\(rows), mode \(mode)"
            #expect(painted.minX >= frame.minX && painted.maxX < frame.maxX && painted.minY >= frame.minY && painted.maxY < frame.maxY, "\(label)")
            if mode != 1 {
                #expect(painted == (frame.minX, frame.minY, frame.maxX - 1, frame.maxY - 1), "\(label)")
            } else {
                #expect(painted.maxX - painted.minX + 1 == columns || painted.maxY - painted.minY + 1 == rows, "\(label)")
                #expect(abs((painted.minX - frame.minX) - (frame.maxX - 1 - painted.maxX)) <= 1, "\(label) centred")
                #expect(abs((painted.minY - frame.minY) - (frame.maxY - 1 - painted.maxY)) <= 1, "\(label) centred")
            }
            runs += 1
        }
    }

    /// A grey PNG of `width × height`, made once per size: the test goes through the real decoder.
    static func solidPNG(width: Int, height: Int) -> Data {
        solidFiles.withLock { files in
            let key = "\(width)x\(height)"
            if let data = files[key] { return data }
            let data = ImageTestPNG.encode(width: width, height: height)
            files[key] = data
            return data
        }
    }

    private static let solidFiles = Mutex<[String: Data]>([:])
}
