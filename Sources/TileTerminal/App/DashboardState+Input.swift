import FoundationEssentials
import TileKit
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// Keys, clicks and resizes (docs/design.md "Keys").
extension DashboardState {
    mutating func handle(_ input: InputEvent) -> [DashboardEffect] {
        switch input {
        case .resize(let width, let height):
            screen = Size(width: width, height: height)
            relayout()
            return []
        case .key(let key):
            message = nil
            if key == .control("c") { return quit() }
            switch mode {
            case .board: return boardKey(key)
            case .help, .alerts: return helpKey(key)
            case .hints(let hints, let typed): return hintKey(key, hints: hints, typed: typed)
            case .edit(let form): return editKey(key, form: form)
            case .prompt(let prompt): return promptKey(key, prompt: prompt)
            case .arrange(let arranging): return arrangeKey(key, arranging)
            }
        case .mouse(let x, let y, let button):
            message = nil
            if case .arrange(let arranging) = mode {
                return button == .left ? arrangePress(x: x, y: y, arranging) : []
            }
            return click(x: x, y: y, button: button)
        case .mouseRelease(let x, let y):
            guard case .arrange(let arranging) = mode else { return [] }
            return arrangeRelease(x: x, y: y, arranging)
        }
    }

    private mutating func quit() -> [DashboardEffect] {
        isQuitting = true
        return [.saveState, .quit]
    }

    private mutating func boardKey(_ key: Key) -> [DashboardEffect] {
        switch key {
        case .character("q"): return quit()
        case .character("s"): return setEveryFamily(.systemSmall)
        case .character("m"): return setEveryFamily(.systemMedium)
        case .character("l"): return setEveryFamily(.systemLarge)
        case .character("x"): return setEveryFamily(.systemExtraLarge)
        case .character("+"), .character("="): return stepFocusedFamily(by: 1)
        case .character("-"): return stepFocusedFamily(by: -1)
        case .character("t"):
            scheme = scheme == .light ? .dark : .light
            message = Message(L(scheme == .dark ? "status.dark_mode" : "status.light_mode"))
            return [.saveState]
        case .character("T"):
            return [.loadTheme(after: themeCursor)]
        case .character(let digit) where ("1"..."9").contains(digit):
            let number = Int(String(digit))!
            let placements = visiblePlacements
            guard number <= placements.count else {
                message = Message(L("status.no_tile_number", ["number": "\(number)"]))
                return []
            }
            return tapTile(placements[number - 1].id)
        case .character("f"): return showHints()
        case .character("e"): return openEditor()
        case .character("E"): return beginArranging()
        case .character("<"): return scrollFocusedStack(by: -1)
        case .character(">"): return scrollFocusedStack(by: 1)
        case .tab: moveFocusInOrder(by: 1)
        case .backTab: moveFocusInOrder(by: -1)
        case .left: moveFocus(dx: -1, dy: 0)
        case .right: moveFocus(dx: 1, dy: 0)
        case .up: moveFocus(dx: 0, dy: -1)
        case .down: moveFocus(dx: 0, dy: 1)
        case .enter:
            guard let focusedID else {
                message = Message(L("status.no_focus_tap"))
                return []
            }
            return tapTile(focusedID)
        case .character("r"):
            if let focusedID {
                message = Message(L("status.reloading", ["tile": focusedID]))
            } else {
                message = Message(L("status.reloading_all"))
            }
            return [.reload(id: focusedID)]
        case .character("["), .pageUp: showPage(page - 1)
        case .character("]"), .pageDown: showPage(page + 1)
        case .character("?"): mode = .help
        case .character("a"):
            showBanner(alerts: [], until: nil)
            return [.showAlertHistory]
        case .character("j"): return turnFocusedList(by: 1)
        case .character("k"): return turnFocusedList(by: -1)
        case .character("d"):
            let ended = activities.filter { $0.end != nil }
            guard !bannerAlerts.isEmpty || !ended.isEmpty else {
                message = Message(L("status.nothing_to_dismiss"))
                return []
            }
            showBanner(alerts: [], until: nil)
            if ended.isEmpty { return [] }
            show(activities: activities.filter { $0.end == nil })
            return [.dismissEndedActivities]
        case .escape: focusedID = nil
        default: break
        }
        return []
    }

    /// Shows the next (`step` 1) or previous page of the focused tile's list.
    mutating func turnFocusedList(by step: Int) -> [DashboardEffect] {
        guard let focusedID, let index = index(of: focusedID) else {
            message = Message(L("status.no_focus_list"))
            return []
        }
        listPages[focusedID, default: 0] += step
        // The drawing shows the old page; the shell draws the tile again.
        tiles[index].grid = nil
        return []
    }

    /// Any key closes the help or the alert history, `q` included, as the overlay says; only
    /// Ctrl-C quits from here.
    private mutating func helpKey(_ key: Key) -> [DashboardEffect] {
        mode = .board
        return []
    }

    /// `e`: the focused tile's edit form (for a Smart Stack, the widget it shows).
    mutating func openEditor() -> [DashboardEffect] {
        guard let focusedID, let tile = tile(focusedID) else {
            message = Message(L("status.no_focus_edit"))
            return []
        }
        let widget = tile.shown
        guard !widget.parameters.isEmpty else {
            message = Message(L("status.nothing_to_configure", ["widget": widget.displayName]))
            return []
        }
        mode = .edit(EditForm(
            tileID: tile.id, member: tile.shownIndex, title: widget.displayName, family: tile.family,
            parameters: widget.parameters, values: widget.values))
        return []
    }

    private mutating func editKey(_ key: Key, form: EditForm) -> [DashboardEffect] {
        var form = form
        switch form.handle(key) {
        case .editing:
            mode = .edit(form)
        case .cancel:
            mode = .board
            message = Message(L("status.edit_cancelled"))
        case .save(let values):
            guard form.hasChanges else {
                mode = .board
                message = Message(L("status.nothing_changed"))
                return []
            }
            mode = .edit(form)
            return [.saveParameters(id: form.tileID, member: form.member, values: values)]
        }
        return []
    }

    private mutating func promptKey(_ key: Key, prompt: ActionPrompt) -> [DashboardEffect] {
        var prompt = prompt
        switch prompt.handle(key) {
        case .editing:
            mode = .prompt(prompt)
        case .cancel:
            mode = .board
            message = Message(L("status.prompt_cancelled"))
        case .submit(let press):
            mode = .board
            return [.perform(id: prompt.tileID, action: press)]
        }
        return []
    }

    /// `<` `>`: the focused Smart Stack shows its previous or next widget.
    mutating func scrollFocusedStack(by offset: Int) -> [DashboardEffect] {
        guard let focusedID, let tile = tile(focusedID) else {
            message = Message(L("status.no_focus_stack"))
            return []
        }
        guard tile.stack != nil else {
            message = Message(L("status.not_a_stack", ["tile": tile.id]))
            return []
        }
        return [.scrollStack(id: tile.id, offset: offset)]
    }

    private mutating func hintKey(_ key: Key, hints: [LinkHint], typed: String) -> [DashboardEffect] {
        switch key {
        case .escape:
            mode = .board
        case .backspace:
            mode = .hints(hints, typed: String(typed.dropLast()))
        case .character(let character):
            let prefix = typed + String(character).lowercased()
            if let hint = hints.first(where: { $0.label == prefix }) {
                focusedID = hint.tileID
                return tap(hint.target, onTile: hint.tileID)
            }
            if hints.contains(where: { $0.label.hasPrefix(prefix) }) {
                mode = .hints(hints, typed: prefix)
            } else {
                message = Message(L("status.no_hint", ["label": prefix]))
                mode = .hints(hints, typed: "")
            }
        default:
            break
        }
        return []
    }

    private mutating func click(x: Int, y: Int, button: MouseButton) -> [DashboardEffect] {
        switch mode {
        case .help, .alerts:
            mode = .board
            return []
        case .hints:
            mode = .board
        case .edit, .prompt, .arrange:
            // The form is modal: a click elsewhere must not tap a link behind it.
            return []
        case .board:
            break
        }
        // The wheel over the focused tile turns its list; elsewhere it turns the board's pages.
        let overFocused = focusedID != nil && !layout.isTooSmall && layout.placement(atX: x, y: y, page: page)?.id == focusedID
        switch button {
        case .scrollUp:
            if overFocused { return turnFocusedList(by: -1) }
            showPage(page - 1)
            return []
        case .scrollDown:
            if overFocused { return turnFocusedList(by: 1) }
            showPage(page + 1)
            return []
        case .left:
            break
        case .middle, .right:
            return []
        }
        guard let placement = layout.isTooSmall ? nil : layout.placement(atX: x, y: y, page: page) else { return [] }
        focusedID = placement.id
        guard let grid = tile(placement.id)?.grid else { return [] }
        if let target = grid.target(x: x - placement.rect.minX, y: y - placement.rect.minY) {
            return tap(target, onTile: placement.id)
        }
        return showHints(onlyTile: placement.id)
    }

    // MARK: Focus

    /// Tab / Shift-Tab: the next or previous tile in board order, wrapping, on any page.
    private mutating func moveFocusInOrder(by step: Int) {
        guard !tiles.isEmpty, !layout.isTooSmall else { return }
        guard let focusedID, let index = index(of: focusedID) else {
            focus(step > 0 ? visiblePlacements.first?.id : visiblePlacements.last?.id)
            return
        }
        let next = ((index + step) % tiles.count + tiles.count) % tiles.count
        focus(tiles[next].id)
    }

    /// Arrows: the nearest tile of the page in that direction (none focused: the page's first).
    mutating func moveFocus(dx: Int, dy: Int) {
        let placements = visiblePlacements
        guard let focusedID, let current = placements.first(where: { $0.id == focusedID }) else {
            focus(placements.first?.id)
            return
        }
        let from = current.rect
        let candidates = placements.filter { other in
            let rect = other.rect
            if dx > 0 { return rect.minX >= from.maxX }
            if dx < 0 { return rect.maxX <= from.minX }
            if dy > 0 { return rect.minY >= from.maxY }
            return rect.maxY <= from.minY
        }
        // Distance along the direction, plus twice the misalignment across it.
        func cost(_ rect: Rect) -> Int {
            let centre = (x: rect.minX * 2 + rect.size.width, y: rect.minY * 2 + rect.size.height)
            let origin = (x: from.minX * 2 + from.size.width, y: from.minY * 2 + from.size.height)
            let along = dx != 0 ? abs(centre.x - origin.x) : abs(centre.y - origin.y)
            let across = dx != 0 ? abs(centre.y - origin.y) : abs(centre.x - origin.x)
            return along + 2 * across
        }
        if let best = candidates.min(by: { cost($0.rect) < cost($1.rect) }) { focus(best.id) }
    }
}
