import TileKit
import TileUI

/// Edit mode (`E`, docs/usage.md "Arranging the board"): keys and the mouse change the
/// arrangement, each change is applied to the board at once (`arrange`), and leaving saves it
/// (`saveBoard`).
extension DashboardState {
    /// `E`: edit mode on the board as it is.
    mutating func beginArranging() -> [DashboardEffect] {
        guard !tiles.isEmpty || !catalog.isEmpty else { return [] }
        mode = .arrange(ArrangeMode(arrangement: BoardArrangement(tiles: tiles)))
        if focusedID == nil { focusedID = visiblePlacements.first?.id }
        return [.noteConfigForArranging]
    }

    mutating func arrangeKey(_ key: Key, _ arranging: ArrangeMode) -> [DashboardEffect] {
        if arranging.gallery != nil { return galleryKey(key, arranging) }
        switch key {
        case .escape, .enter: return leaveArranging(arranging)
        case .character("r") where arranging.saveFailure != nil:
            // After a refused save: the file as it is now, the arrangement dropped.
            mode = .board
            message = Message(L("arrange.left_reading"))
            return [.applyConfigFile]
        case .character("u"): return undo(arranging)
        case .character("a"): return openGallery(arranging)
        case .character("e"):
            guard let focusedID else { return noFocus("e") }
            var arranging = arranging
            arranging.editAfterSave = focusedID
            return leaveArranging(arranging)
        case .character("?"):
            message = Message(ArrangeMode.keysHint + L("arrange.more_keys"))
            return []
        case .tab: moveArrangeFocus(by: 1)
        case .backTab: moveArrangeFocus(by: -1)
        case .left, .character("h"): moveFocus(dx: -1, dy: 0)
        case .right, .character("l"): moveFocus(dx: 1, dy: 0)
        case .up, .character("k"): moveFocus(dx: 0, dy: -1)
        case .down, .character("j"): moveFocus(dx: 0, dy: 1)
        case .character("["), .pageUp: showPage(page - 1)
        case .character("]"), .pageDown: showPage(page + 1)
        case .character("<"): return scrollFocusedStack(by: -1)
        case .character(">"): return scrollFocusedStack(by: 1)
        case .character("H"): return changeFocused(arranging, "H") { try $0.move($1, by: -1) }
        case .character("L"): return changeFocused(arranging, "L") { try $0.move($1, by: 1) }
        case .character("K"), .shiftUp: return changeFocused(arranging, "K") { try $0.moveToPage($1, by: -1) }
        case .character("J"), .shiftDown: return changeFocused(arranging, "J") { try $0.moveToPage($1, by: 1) }
        case .character("+"), .character("="): return stepFamily(arranging, by: 1)
        case .character("-"): return stepFamily(arranging, by: -1)
        case .character("x"), .delete: return removeFocused(arranging)
        case .character("s"): return stackFocused(arranging)
        case .character("S"): return unstackFocused(arranging)
        case .character("n"): return changeFocused(arranging, "n") { try $0.startPage(at: $1) }
        case .character("X"):
            let shown = pageOfFocus(in: arranging.arrangement)
            return change(arranging) { try $0.removePage(shown) }
        case .character("{"): return movePage(arranging, by: -1)
        case .character("}"): return movePage(arranging, by: 1)
        default: break
        }
        return []
    }

    // MARK: Changes

    /// Applies `edit` to the arrangement: on success the board takes it (an `arrange` effect)
    /// and undo can go back; a refusal is the status line's message and changes nothing.
    private mutating func change(
        _ arranging: ArrangeMode, focus: String? = nil, _ edit: (inout BoardArrangement) throws -> Void
    ) -> [DashboardEffect] {
        var arranging = arranging
        var arrangement = arranging.arrangement
        do {
            try edit(&arrangement)
        } catch {
            message = Message(String(describing: error), isError: true)
            return []
        }
        guard arrangement != arranging.arrangement else { return [] }
        arranging.history.append(arranging.arrangement)
        arranging.arrangement = arrangement
        arranging.saveFailure = nil
        mode = .arrange(arranging)
        if let focus { focusedID = focus }
        return [.arrange(arrangement.specs)]
    }

    /// A change of the focused tile (`name` is its key, for the message without a focus).
    private mutating func changeFocused(
        _ arranging: ArrangeMode, _ name: String, _ edit: (inout BoardArrangement, String) throws -> Void
    ) -> [DashboardEffect] {
        guard let focusedID else { return noFocus(name) }
        return change(arranging) { arrangement in try edit(&arrangement, focusedID) }
    }

    private mutating func noFocus(_ key: String) -> [DashboardEffect] {
        message = Message(L("arrange.no_focus", ["key": key]))
        return []
    }

    private mutating func undo(_ arranging: ArrangeMode) -> [DashboardEffect] {
        var arranging = arranging
        guard let previous = arranging.history.popLast() else {
            message = Message(L("arrange.nothing_to_undo"))
            return []
        }
        arranging.arrangement = previous
        mode = .arrange(arranging)
        message = Message(L("arrange.undone"))
        if let focusedID, previous.tile(focusedID) == nil { self.focusedID = nil }
        return [.arrange(previous.specs)]
    }

    private mutating func stepFamily(_ arranging: ArrangeMode, by step: Int) -> [DashboardEffect] {
        guard let focusedID, let tile = arranging.arrangement.tile(focusedID) else { return noFocus(step > 0 ? "+" : "-") }
        let families = tile.supportedFamilies
        guard let index = families.firstIndex(of: tile.spec.family) else { return [] }
        let next = index + step
        guard families.indices.contains(next) else {
            message = Message(L(step > 0 ? "arrange.largest" : "arrange.smallest", ["tile": focusedID, "family": tile.spec.family.displayName]))
            return []
        }
        return change(arranging) { try $0.setFamily(families[next], of: focusedID) }
    }

    private mutating func removeFocused(_ arranging: ArrangeMode) -> [DashboardEffect] {
        guard let focusedID else { return noFocus("x") }
        var next: String?
        let effects = change(arranging) { arrangement in next = try arrangement.remove(focusedID) }
        if !effects.isEmpty {
            self.focusedID = next
            message = Message(L("arrange.removed", ["tile": focusedID]))
        }
        return effects
    }

    /// `s`: the focused tile goes into the next tile in board order (the previous for the last).
    private mutating func stackFocused(_ arranging: ArrangeMode) -> [DashboardEffect] {
        guard let focusedID else { return noFocus("s") }
        let order = arranging.arrangement.tiles.map(\.id)
        guard order.count > 1, let index = order.firstIndex(of: focusedID) else {
            message = Message(L("arrange.nothing_to_stack_onto", ["tile": focusedID]))
            return []
        }
        let target = index + 1 < order.count ? order[index + 1] : order[index - 1]
        let effects = change(arranging, focus: target) { try $0.stack(focusedID, onto: target) }
        if !effects.isEmpty { message = Message(L("arrange.stacked", ["tile": focusedID, "target": target])) }
        return effects
    }

    /// `S`: the widget the focused Smart Stack shows becomes a tile of its own after it.
    private mutating func unstackFocused(_ arranging: ArrangeMode) -> [DashboardEffect] {
        guard let focusedID, let tile = tile(focusedID) else { return noFocus("S") }
        let member = tile.shownIndex
        let kind = tile.widgets[member].kind
        let families = catalog.first { $0.kind == kind }?.families ?? tile.supportedFamilies
        var created: String?
        let effects = change(arranging) { arrangement in
            created = try arrangement.unstack(focusedID, member: member, families: families)
        }
        if let created {
            self.focusedID = created
            message = Message(L("arrange.unstacked", ["widget": kind, "tile": focusedID, "created": created]))
        }
        return effects
    }

    private mutating func movePage(_ arranging: ArrangeMode, by offset: Int) -> [DashboardEffect] {
        let current = pageOfFocus(in: arranging.arrangement)
        return change(arranging) { arrangement in
            try arrangement.movePage(current, by: offset)
        }
    }

    /// The arrangement's page of the focused tile, or of the first tile shown.
    private func pageOfFocus(in arrangement: BoardArrangement) -> Int {
        let id = focusedID ?? visibleTileIDs.first
        return id.flatMap { arrangement.location(of: $0)?.page } ?? 0
    }

    // MARK: Leaving

    /// Esc or Enter: saves a changed board (staying in edit mode if that fails); a second Esc
    /// after a failed save leaves, keeping the board for this run only.
    private mutating func leaveArranging(_ arranging: ArrangeMode) -> [DashboardEffect] {
        guard arranging.hasChanges else {
            mode = .board
            message = Message(L("arrange.left_unchanged"))
            return arranging.editAfterSave.map { _ in openEditor() } ?? []
        }
        if arranging.saveFailure != nil {
            mode = .board
            message = Message(L("arrange.not_saved_kept"), isError: true)
            return []
        }
        mode = .arrange(arranging)
        return [.saveBoard(arranging.arrangement.specs)]
    }

    /// The board was saved: edit mode ends.
    mutating func boardSaved(_ report: String) -> [DashboardEffect] {
        let editing = if case .arrange(let arranging) = mode { arranging.editAfterSave } else { String?.none }
        mode = .board
        message = Message(report)
        guard let editing, tile(editing) != nil else { return [] }
        focusedID = editing
        return openEditor()
    }

    /// The board could not be saved: edit mode stays, saying why.
    mutating func boardNotSaved(_ reason: String) {
        guard case .arrange(var arranging) = mode else {
            message = Message(reason, isError: true)
            return
        }
        arranging.saveFailure = reason
        arranging.editAfterSave = nil
        mode = .arrange(arranging)
        message = Message(L("arrange.not_saved", ["reason": reason]), isError: true)
    }

    // MARK: The gallery

    private mutating func openGallery(_ arranging: ArrangeMode) -> [DashboardEffect] {
        var arranging = arranging
        let gallery = WidgetGallery(items: catalog)
        arranging.gallery = gallery
        mode = .arrange(arranging)
        return gallery.missingPreview.map { [.preview($0)] } ?? []
    }

    private mutating func galleryKey(_ key: Key, _ arranging: ArrangeMode) -> [DashboardEffect] {
        var arranging = arranging
        guard var gallery = arranging.gallery else { return [] }
        switch gallery.handle(key) {
        case .choosing:
            arranging.gallery = gallery
            mode = .arrange(arranging)
            return gallery.missingPreview.map { [.preview($0)] } ?? []
        case .closed:
            arranging.gallery = nil
            mode = .arrange(arranging)
            return []
        case .add(let item, let family):
            arranging.gallery = nil
            let id = arranging.arrangement.newID(for: item.kind)
            let tile = BoardArrangement.Tile(
                spec: TileSpec(id: id, kind: item.kind, family: family), supportedFamilies: item.families)
            let after = focusedID
            let effects = change(arranging, focus: id) { $0.insert(tile, after: after) }
            message = Message(L("arrange.added", ["widget": item.displayName, "tile": id]))
            return effects
        }
    }

    /// A preview the shell drew for the gallery.
    mutating func galleryPreview(_ grid: CellGrid, for choice: WidgetGallery.Choice) {
        guard case .arrange(var arranging) = mode, var gallery = arranging.gallery else { return }
        gallery.setPreview(grid, for: choice)
        arranging.gallery = gallery
        mode = .arrange(arranging)
    }

    // MARK: The mouse

    /// A press picks the tile under it up (and focuses it); its `⊖` badge removes it.
    mutating func arrangePress(x: Int, y: Int, _ arranging: ArrangeMode) -> [DashboardEffect] {
        guard arranging.gallery == nil, let placement = layout.isTooSmall ? nil : layout.placement(atX: x, y: y, page: page) else { return [] }
        focusedID = placement.id
        if x == placement.rect.minX, y == placement.rect.minY { return removeFocused(arranging) }
        var arranging = arranging
        arranging.grabbed = placement.id
        mode = .arrange(arranging)
        return []
    }

    /// A release over another tile drops the picked-up tile there.
    mutating func arrangeRelease(x: Int, y: Int, _ arranging: ArrangeMode) -> [DashboardEffect] {
        var arranging = arranging
        guard let grabbed = arranging.grabbed else { return [] }
        arranging.grabbed = nil
        mode = .arrange(arranging)
        guard let target = layout.isTooSmall ? nil : layout.placement(atX: x, y: y, page: page), target.id != grabbed else { return [] }
        let effects = change(arranging, focus: grabbed) { try $0.move(grabbed, to: target.id) }
        if !effects.isEmpty { message = Message(L("arrange.moved", ["tile": grabbed, "target": target.id])) }
        return effects
    }

    // MARK: Focus

    private mutating func moveArrangeFocus(by step: Int) {
        let order = tiles.map(\.id)
        guard !order.isEmpty else { return }
        let index = focusedID.flatMap { order.firstIndex(of: $0) } ?? (step > 0 ? -1 : 0)
        focus(order[((index + step) % order.count + order.count) % order.count])
    }
}
