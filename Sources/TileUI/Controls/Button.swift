import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A control that runs `action` in its widget when pressed (hint key, Enter, a click), as
/// WidgetKit's `Button(intent:)`. The label is drawn as given; a widget styles it.
public struct Button<Label: View>: PrimitiveView {
    let action: WidgetAction
    let label: Label

    public init(action: WidgetAction, @ViewBuilder label: () -> Label) {
        self.action = action
        self.label = label()
    }

    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(TapTargetNode(child: makeSingleNode(view.label, inputs), target: .action(view.action)))
    }

    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        [ViewNode(.button(action: view.action, label: ViewNode.single(try Label._describe(view.label, inputs: inputs))))]
    }
}

extension Button where Label == Text {
    /// A button whose label is `title`.
    public init<S: StringProtocol>(_ title: S, action: WidgetAction) {
        self.init(action: action) { Text(title) }
    }
}

/// A switch that runs `action` with the opposite state when pressed, as WidgetKit's
/// `Toggle(isOn:intent:)`: a box, `[✓]` or `[ ]`, then the label.
///
/// While a press is pending (`EnvironmentValues.pendingActions`) the toggle shows the state the
/// user asked for, and settles to `isOn` of the next entry once the widget's reload lands.
public struct Toggle<Label: View>: PrimitiveView {
    let isOn: Bool
    let action: WidgetAction
    let label: Label

    /// A toggle showing `isOn`; a press runs `action` with `isOn` set to the state asked for.
    public init(isOn: Bool, action: WidgetAction, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.action = action.control
        self.label = label()
    }

    /// The box a toggle in state `isOn` draws.
    public static func box(isOn: Bool) -> String { isOn ? "[✓]" : "[ ]" }

    public static func _makeNodes(_ view: Self, inputs: _ViewInputs) -> _ViewOutputs {
        let shown = inputs.environment.pendingActions.requestedState(of: view.action) ?? view.isOn
        var press = view.action
        press.isOn = !shown
        // A screen reader says the label and then the state, in words; the box is a picture.
        // Only a render that speaks pays for the wrappers.
        let speaks = inputs.environment.speaksContent
        let content = HStack(alignment: .top, spacing: 1) {
            Text(verbatim: box(isOn: shown)).accessibilityHidden(speaks)
            view.label
        }
        var node = makeSingleNode(content, inputs)
        if speaks {
            let words = inputs.environment.toggleStateWords
            node = AccessibilityNode.combining(node, value: shown ? words.on : words.off)
        }
        return _ViewOutputs(TapTargetNode(child: node, target: .action(press)))
    }

    public static func _describe(_ view: Self, inputs: _ViewInputs) throws(ViewDescriptionError) -> [ViewNode] {
        [ViewNode(.toggle(isOn: view.isOn, action: view.action, label: ViewNode.single(try Label._describe(view.label, inputs: inputs))))]
    }
}

extension Toggle where Label == Text {
    /// A toggle whose label is `title`.
    public init<S: StringProtocol>(_ title: S, isOn: Bool, action: WidgetAction) {
        self.init(isOn: isOn, action: action) { Text(title) }
    }
}

extension View {
    /// Marks content that a pending action may change: while one of the tile's presses waits for
    /// its reload, the content is drawn faint (dimmed, at half opacity), as WidgetKit's
    /// `invalidatableContent()`.
    @inlinable public consuming func invalidatableContent(_ isInvalidatable: Bool = true) -> some View {
        transformingNodes(isInvalidatable ? .modifier(.invalidatableContent) : .transparent) { node, inputs in
            guard isInvalidatable, !inputs.environment.pendingActions.isEmpty else { return node }
            return InvalidatedNode(child: node)
        }
    }
}

/// Content waiting for an action's result: drawn at half opacity with the dim attribute, which
/// shows on a terminal without colours too.
@usableFromInline
final class InvalidatedNode: WrapperNode {
    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        let saved = canvas.alpha
        canvas.alpha *= 0.5
        child.draw(in: rect, proposal: proposal, canvas: &canvas)
        canvas.alpha = saved
        let area = rect.intersection(canvas.clip)
        guard !area.isEmpty else { return }
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX {
                canvas.grid[x, y].attributes.insert(.dim)
            }
        }
    }
}
