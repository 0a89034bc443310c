import TileKit

/// The board as edit mode changes it: pages of tiles, each with the families it may take.
///
/// Every change is a pure function that either applies or says why not (`Refusal`), so edit
/// mode can report it on the status line and keep the board as it was. A page never stays empty:
/// the page of its last tile goes with it.
public struct BoardArrangement: Equatable, Sendable {
    /// One tile: what the config says of it, and the families all its widgets come in.
    public struct Tile: Equatable, Sendable {
        public var spec: TileSpec
        public var supportedFamilies: [WidgetFamily]

        public init(spec: TileSpec, supportedFamilies: [WidgetFamily]) {
            self.spec = spec
            self.supportedFamilies = supportedFamilies
        }

        public var id: String { spec.id }
    }

    /// Why a change was not made, worded for the status line.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// The pages in order; none is empty.
    public private(set) var pages: [[Tile]]

    /// The pages given; empty pages are dropped.
    public init(pages: [[Tile]]) {
        self.pages = pages.filter { !$0.isEmpty }
    }

    /// The board's tiles as the dashboard has them, split into pages where a tile starts one.
    public init(tiles: [DashboardState.Tile]) {
        var pages: [[Tile]] = []
        for tile in tiles {
            let widgets = tile.widgets.map { TileSpec.Widget(kind: $0.kind, parameters: $0.values) }
            let spec = TileSpec(id: tile.id, family: tile.family, widgets: widgets)
            if pages.isEmpty || tile.startsPage { pages.append([]) }
            pages[pages.count - 1].append(Tile(spec: spec, supportedFamilies: tile.supportedFamilies))
        }
        self.init(pages: pages)
    }

    /// The tiles in board order, the first of each page after the first marked as starting it.
    public var specs: [TileSpec] {
        pages.enumerated().flatMap { number, page in
            page.enumerated().map { index, tile in
                var spec = tile.spec
                spec.startsPage = number > 0 && index == 0
                return spec
            }
        }
    }

    /// Every tile in board order.
    public var tiles: [Tile] { pages.flatMap { $0 } }

    /// Where tile `id` is: its page and its place on the page.
    public func location(of id: String) -> (page: Int, slot: Int)? {
        for (page, tiles) in pages.enumerated() {
            if let slot = tiles.firstIndex(where: { $0.id == id }) { return (page, slot) }
        }
        return nil
    }

    /// The tile with `id`.
    public func tile(_ id: String) -> Tile? {
        location(of: id).map { pages[$0.page][$0.slot] }
    }

    // MARK: Moving

    /// Moves tile `id` one place along the board order (`step` -1 or 1); past the start or end
    /// of its page it joins the neighbouring page.
    public mutating func move(_ id: String, by step: Int) throws(Refusal) {
        let (page, slot) = try find(id)
        let target = slot + step
        if pages[page].indices.contains(target) {
            pages[page].swapAt(slot, target)
        } else if step < 0, page > 0 {
            pages[page - 1].append(pages[page].remove(at: slot))
        } else if step > 0, page < pages.count - 1 {
            pages[page + 1].insert(pages[page].remove(at: slot), at: 0)
        } else {
            throw Refusal(description: "\(id) is already the \(step < 0 ? "first" : "last") tile")
        }
        pages.removeAll { $0.isEmpty }
    }

    /// Moves tile `id` to the page `offset` pages away, at the same place or the page's end;
    /// moving past the last page makes a new page for it.
    public mutating func moveToPage(_ id: String, by offset: Int) throws(Refusal) {
        let (page, slot) = try find(id)
        let target = page + offset
        if target < 0 { throw Refusal(description: "\(id) is on the first page") }
        if target >= pages.count && pages[page].count == 1 { throw Refusal(description: "\(id) is alone on the last page") }
        let tile = pages[page].remove(at: slot)
        if target >= pages.count {
            pages.append([tile])
        } else {
            pages[target].insert(tile, at: min(slot, pages[target].count))
        }
        pages.removeAll { $0.isEmpty }
    }

    /// Moves tile `id` to where tile `other` is (a drop in edit mode): `other` moves one place
    /// towards where `id` was.
    public mutating func move(_ id: String, to other: String) throws(Refusal) {
        guard id != other else { return }
        let order = tiles.map(\.id)
        let (page, slot) = try find(id)
        _ = try find(other)
        let forward = order.firstIndex(of: id)! < order.firstIndex(of: other)!
        let tile = pages[page].remove(at: slot)
        let (toPage, toSlot) = location(of: other)!
        pages[toPage].insert(tile, at: forward ? toSlot + 1 : toSlot)
        pages.removeAll { $0.isEmpty }
    }

    // MARK: Adding and removing

    /// Adds `tile` after tile `id` (at the end of the last page when `id` is nil or unknown).
    public mutating func insert(_ tile: Tile, after id: String?) {
        if let id, let (page, slot) = location(of: id) {
            pages[page].insert(tile, at: slot + 1)
        } else if pages.isEmpty {
            pages = [[tile]]
        } else {
            pages[pages.count - 1].append(tile)
        }
    }

    /// Removes tile `id`; returns the tile that takes its place in board order, if any.
    @discardableResult
    public mutating func remove(_ id: String) throws(Refusal) -> String? {
        let (page, slot) = try find(id)
        let order = tiles.map(\.id)
        let index = order.firstIndex(of: id)!
        pages[page].remove(at: slot)
        pages.removeAll { $0.isEmpty }
        return index + 1 < order.count ? order[index + 1] : index > 0 ? order[index - 1] : nil
    }

    /// An id for a new tile of `kind` that no tile has: the kind, then `kind-2`, `kind-3`, …
    public func newID(for kind: String) -> String {
        let taken = Set(tiles.map(\.id))
        if !taken.contains(kind) { return kind }
        var number = 2
        while taken.contains("\(kind)-\(number)") { number += 1 }
        return "\(kind)-\(number)"
    }

    // MARK: Size

    /// Shows tile `id` in `family`.
    public mutating func setFamily(_ family: WidgetFamily, of id: String) throws(Refusal) {
        let (page, slot) = try find(id)
        guard pages[page][slot].supportedFamilies.contains(family) else {
            throw Refusal(description: "\(pages[page][slot].spec.kind) does not come in \(family.shortName)")
        }
        pages[page][slot].spec.family = family
    }

    // MARK: Smart Stacks

    /// Puts the widgets of tile `id` into the tile `target` (making it a Smart Stack, or growing
    /// one) in `target`'s family; `id` leaves its place.
    public mutating func stack(_ id: String, onto target: String) throws(Refusal) {
        guard id != target else { throw Refusal(description: "a tile cannot be stacked onto itself") }
        guard let moving = tile(id) else { throw Refusal(description: "no tile \(id)") }
        let (page, slot) = try find(target)
        let family = pages[page][slot].spec.family
        guard moving.supportedFamilies.contains(family) else {
            throw Refusal(description: "\(moving.spec.kind) does not come in \(family.shortName), the size of \(target)")
        }
        pages[page][slot].spec.widgets += moving.spec.widgets
        pages[page][slot].supportedFamilies = pages[page][slot].supportedFamilies.filter(moving.supportedFamilies.contains)
        try remove(id)
    }

    /// Takes widget `member` out of the Smart Stack `id` into a tile of its own right after it,
    /// with the families `families` says that widget comes in; returns the new tile's id.
    @discardableResult
    public mutating func unstack(_ id: String, member: Int, families: [WidgetFamily]) throws(Refusal) -> String {
        let (page, slot) = try find(id)
        var stack = pages[page][slot]
        guard stack.spec.widgets.count > 1 else { throw Refusal(description: "\(id) is not a Smart Stack") }
        guard stack.spec.widgets.indices.contains(member) else { throw Refusal(description: "\(id) has no widget \(member + 1)") }
        let widget = stack.spec.widgets.remove(at: member)
        pages[page][slot] = stack
        let newID = newID(for: widget.kind)
        let family = families.contains(stack.spec.family) ? stack.spec.family : families.first ?? stack.spec.family
        let single = Tile(spec: TileSpec(id: newID, family: family, widgets: [widget]), supportedFamilies: families)
        pages[page].insert(single, at: slot + 1)
        return newID
    }

    // MARK: Pages

    /// Starts a new page at tile `id`: it and the tiles after it on its page move to it.
    public mutating func startPage(at id: String) throws(Refusal) {
        let (page, slot) = try find(id)
        guard slot > 0 else { throw Refusal(description: "\(id) already starts page \(page + 1)") }
        let moved = Array(pages[page][slot...])
        pages[page].removeSubrange(slot...)
        pages.insert(moved, at: page + 1)
    }

    /// Removes page `page` with its tiles.
    public mutating func removePage(_ page: Int) throws(Refusal) {
        guard pages.indices.contains(page) else { throw Refusal(description: "there is no page \(page + 1)") }
        guard pages.count > 1 else { throw Refusal(description: "the board's only page cannot be removed; remove its tiles with x") }
        pages.remove(at: page)
    }

    /// Moves page `page` `offset` places (-1 earlier, 1 later); returns its new index.
    @discardableResult
    public mutating func movePage(_ page: Int, by offset: Int) throws(Refusal) -> Int {
        let target = page + offset
        guard pages.indices.contains(page), pages.indices.contains(target) else {
            throw Refusal(description: "page \(page + 1) is already the \(offset < 0 ? "first" : "last")")
        }
        pages.swapAt(page, target)
        return target
    }

    private func find(_ id: String) throws(Refusal) -> (page: Int, slot: Int) {
        guard let location = location(of: id) else { throw Refusal(description: "no tile \(id)") }
        return location
    }
}
