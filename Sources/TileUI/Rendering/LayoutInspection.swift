import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Records where tagged views were placed, so tests and tools can check layout numbers exactly.
final class FrameRecorder {
    var frames: [String: Rect] = [:]
}

/// Records its rect under `name` when drawn.
final class TagNode: WrapperNode {
    let name: String
    let recorder: FrameRecorder?

    init(child: LayoutNode, name: String, recorder: FrameRecorder?) {
        self.name = name
        self.recorder = recorder
        super.init(child: child)
    }

    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        recorder?.frames[name] = rect
        child.draw(in: rect, proposal: proposal, canvas: &canvas)
    }
}

extension EnvironmentValues {
    /// Where `layoutTag` records frames during an inspection render.
    var frameRecorder: FrameRecorder? {
        get { self[FrameRecorderKey.self] }
        set { self[FrameRecorderKey.self] = newValue }
    }
}

private enum FrameRecorderKey: EnvironmentKey {
    static var defaultValue: FrameRecorder? { nil }
}

extension View {
    /// Names the view's frame in `LayoutInspection.frames`; draws nothing of its own.
    func layoutTag(_ name: String) -> some View {
        transformingNodes(.transparent) { node, inputs in TagNode(child: node, name: name, recorder: inputs.environment.frameRecorder) }
    }
}

/// Layout numbers for tests and tools.
enum LayoutInspection {
    /// The frames of every `layoutTag`ged view when `view` is rendered at `width` × `height`, with
    /// the root placed at the origin (not centred) so numbers read as in docs/rules.md.
    static func frames<V: View>(_ view: V, width: Int, height: Int, environment: EnvironmentValues = .standard) -> [String: Rect] {
        let recorder = FrameRecorder()
        var env = environment
        env.frameRecorder = recorder
        let context = ResolveContext(environment: env)
        ResolveContext.$current.withValue(context) {
            let root = makeSingleNode(view, _ViewInputs(environment: env, context: context))
            var canvas = Canvas(grid: CellGrid(width: width, height: height))
            let proposal = ProposedSize(width: width, height: height)
            root.draw(in: Rect(origin: .zero, size: root.sizeThatFits(proposal)), proposal: proposal, canvas: &canvas)
        }
        return recorder.frames
    }

    /// The size `view` chooses for `proposal`.
    static func size<V: View>(of view: V, proposal: ProposedSize, environment: EnvironmentValues = .standard) -> Size {
        let context = ResolveContext(environment: environment)
        return ResolveContext.$current.withValue(context) {
            makeSingleNode(view, _ViewInputs(environment: environment, context: context)).sizeThatFits(proposal)
        }
    }
}
