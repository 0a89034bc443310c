import Foundation
import TileKit
import TileTerminal
import TileUI

/// Builders for dashboard states in tests: tiles with drawn grids, key events.
enum DashboardFixtures {
    static let quoteURL = URL(string: "https://hitokoto.cn/?uuid=u1")!
    static let shareURL = URL(string: "tiles:copy?text=%E6%B5%8B%E8%AF%95")!
    static let payURL = URL(string: "https://render.alipay.com/p/s/i?scheme=pay")!
    static let scanURL = URL(string: "https://render.alipay.com/p/s/i?scheme=scan")!

    /// A tile that is not drawn yet.
    static func tile(_ id: String, _ family: WidgetFamily = .systemMedium, supported: [WidgetFamily] = WidgetFamily.systemFamilies) -> DashboardState.Tile {
        DashboardState.Tile(id: id, kind: id, family: family, supportedFamilies: supported)
    }

    /// A quote tile: a widgetURL, and a 去分享 link on its last row.
    static func quoteGrid(_ family: WidgetFamily) -> CellGrid {
        let (width, height) = family.gridSize
        return CellGrid.render(
            VStack(spacing: 0) {
                Text("测试句子")
                Spacer()
                Link("去分享", destination: shareURL)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity)
            .widgetURL(quoteURL),
            width: width, height: height)
    }

    /// A tile with two links and no widgetURL, like Alipay's buttons.
    static func buttonsGrid(_ family: WidgetFamily) -> CellGrid {
        let (width, height) = family.gridSize
        return CellGrid.render(
            HStack(spacing: 2) {
                Link("付款", destination: payURL)
                Link("扫一扫", destination: scanURL)
            }, width: width, height: height)
    }

    /// A plain tile without any link.
    static func plainGrid(_ family: WidgetFamily) -> CellGrid {
        let (width, height) = family.gridSize
        return CellGrid.render(Text("Fix the thing"), width: width, height: height)
    }

    /// The board quote, buttons, plain (medium) on a 100 × 30 screen, every tile drawn.
    static func board(screen: Size = Size(width: 100, height: 30), families: [WidgetFamily] = [.systemMedium, .systemMedium, .systemMedium]) -> DashboardState {
        var state = DashboardState(
            tiles: [tile("quote", families[0]), tile("buttons", families[1]), tile("plain", families[2], supported: [.systemSmall, .systemMedium])],
            screen: screen, scheme: .light, theme: .default, themeName: Theme.default.name)
        drawAll(&state)
        return state
    }

    /// Draws every tile in its current family, as the shell would.
    static func drawAll(_ state: inout DashboardState) {
        for tile in state.tiles {
            let grid: CellGrid
            switch tile.id {
            case "quote": grid = quoteGrid(tile.family)
            case "buttons": grid = buttonsGrid(tile.family)
            default: grid = plainGrid(tile.family)
            }
            _ = state.update(.rendered(id: tile.id, grid: grid))
        }
    }

    static func key(_ character: Character) -> DashboardEvent { .input(.key(.character(character))) }
    static func key(_ key: Key) -> DashboardEvent { .input(.key(key)) }
    static func click(_ x: Int, _ y: Int) -> DashboardEvent { .input(.mouse(x: x, y: y, button: .left)) }

    /// The screen cell of the first cell showing `text` in `grid`'s row `y` within tile `id`.
    static func screenPoint(of text: String, inTile id: String, state: DashboardState) -> Point? {
        guard let placement = state.layout.placement(of: id), let grid = state.tile(id)?.grid else { return nil }
        for y in 0..<grid.height {
            var cells: [(Character, Int)] = []
            for x in 0..<grid.width where !grid[x, y].isContinuation {
                cells.append((grid[x, y].character, x))
            }
            let characters = cells.map(\.0)
            let target = Array(text)
            guard characters.count >= target.count else { continue }
            for start in 0...(characters.count - target.count) where Array(characters[start..<start + target.count]) == target {
                return Point(x: placement.rect.minX + cells[start].1, y: placement.rect.minY + y)
            }
        }
        return nil
    }
}

/// A provider error with a fixed description, as a widget's service reports it.
struct FixtureFailure: Error, CustomStringConvertible {
    var description: String
}

private struct FailingEntry: TimelineEntry {
    var date: Date
}

private struct FailingProvider: TimelineProvider {
    var reason: String
    func placeholder(in context: TimelineContext) -> FailingEntry { FailingEntry(date: context.now) }
    func snapshot(in context: TimelineContext) async -> FailingEntry { FailingEntry(date: context.now) }
    func timeline(in context: TimelineContext) async throws -> Timeline<FailingEntry> {
        throw FixtureFailure(description: reason)
    }
}

extension DashboardFixtures {
    /// A real stale status (InstanceStatus has no public initializer): a scheduler whose only tile's
    /// provider fails with `reason` at `since`.
    static func staleStatus(_ reason: String, since: Date) async -> InstanceStatus {
        let clock = ManualClock(since)
        let scheduler = TimelineScheduler(clock: clock, center: WidgetCenter())
        let widget = StaticConfiguration(kind: "failing", provider: FailingProvider(reason: reason)) { _ in Text("x") }._descriptors[0]
        scheduler.add(WidgetInstance(id: "failing", widget: widget, family: .systemSmall))
        scheduler.processDue()
        await scheduler.waitForProviders()
        scheduler.processDue()
        return scheduler.status(for: "failing")!
    }
}
