import TileUI

/// A tree of about `nodeCount` views (stacks of mixed Latin, CJK and emoji text, fills, frames and
/// padding), for the layout benchmark and stress tests.
public struct LargeTreeSample: View {
    public let nodeCount: Int

    public init(nodeCount: Int = 1_000) {
        self.nodeCount = nodeCount
    }

    private static let words = ["tiles", "终端", "小组件", "widget", "😄", "layout", "支付宝", "commit", "加油", "🎉"]

    // Each row is 10 nodes: an HStack, its padding and background, two texts with a font
    // modifier each, a spacer, a fill with a frame, and the row's frame.
    public var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            ForEach(0..<max(1, nodeCount / 10)) { row in
                HStack {
                    Text(Self.words[row % Self.words.count] + " \(row)")
                        .font(.caption)
                    Text(Self.words[(row * 7 + 3) % Self.words.count])
                        .bold()
                    Spacer()
                    Color.blue.frame(width: row % 5 + 1)
                }
                .padding(.horizontal, 1)
                .background(row.isMultiple(of: 2) ? Color.gray : Color.clear)
                .frame(maxWidth: .infinity)
            }
        }
    }
}
