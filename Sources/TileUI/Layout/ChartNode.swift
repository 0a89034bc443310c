import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Draws a `Chart`: the plot, then the y axis's labels at its trailing edge.
final class ChartNode: LayoutNode {
    let marks: [ChartMark]
    let showsYAxis: Bool
    /// The foreground colour: the axis's labels and the first series.
    let color: ResolvedColor?
    /// The series' names in order of first appearance, and each one's colour.
    let series: [String]
    let seriesColors: [String: ResolvedColor?]
    /// Each mark's own colour, resolved, by index in `marks`.
    let markColors: [ResolvedColor?]

    init(chart: Chart, environment: EnvironmentValues) {
        // A placeholder shows no values: the chart's room stays empty.
        let redacted = environment.redactionReasons.contains(.placeholder)
        let marks = redacted ? [] : chart.marks.filter { abs($0.y) <= Self.limit && abs($0.x ?? 0) <= Self.limit }
        self.marks = marks
        showsYAxis = chart.yAxis != .hidden
        let foreground = environment.foregroundColor ?? .primary
        color = foreground.resolve(in: environment)
        var names: [String] = []
        for mark in marks where !names.contains(mark.series) { names.append(mark.series) }
        series = names
        var colors: [String: ResolvedColor?] = [:]
        for (index, name) in names.enumerated() {
            let fallback = index == 0 ? foreground : Self.seriesPalette[(index - 1) % Self.seriesPalette.count]
            let chosen = marks.first { $0.series == name && $0.color != nil }?.color ?? fallback
            colors[name] = chosen.resolve(in: environment)
        }
        seriesColors = colors
        markColors = marks.map { mark in mark.color.map { $0.resolve(in: environment) } ?? colors[mark.series] ?? nil }
        super.init()
    }

    /// The colours of the second and later series, as Swift Charts' default palette continues.
    static let seriesPalette: [Color] = [.green, .orange, .purple, .red, .cyan, .yellow, .pink]

    override func computeSize(_ p: ProposedSize) -> Size {
        Size(width: p.width.map { max(0, $0) } ?? 20, height: p.height.map { max(0, $0) } ?? 5)
    }

    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        guard !rect.isEmpty, !marks.isEmpty else { return }
        let scale = ValueScale(marks)
        var plot = rect
        var labels: [String] = []
        if showsYAxis {
            labels = [Self.label(scale.upper), Self.label(scale.lower)]
            let width = labels.map(\.cellWidth).max() ?? 0
            if rect.size.width > width + 1 {
                plot = Rect(x: rect.minX, y: rect.minY, width: rect.size.width - width - 1, height: rect.size.height)
            } else {
                labels = []
            }
        }
        for (index, mark) in marks.enumerated() where mark.kind == .rule {
            let row = plot.minY + Int(((scale.upper - mark.y) / scale.span * Double(plot.size.height - 1)).rounded())
            for x in plot.minX..<plot.maxX where plot.size.height > 0 {
                put("─", x: x, y: min(max(row, plot.minY), plot.maxY - 1), color: markColors[index], &canvas)
            }
        }
        drawDots(in: plot, scale: scale, &canvas)
        drawBars(in: plot, scale: scale, &canvas)
        if labels.count == 2 {
            let x = plot.maxX + 1
            put(labels[0], x: x + (rect.maxX - x - labels[0].cellWidth), y: rect.minY, color: color, &canvas)
            if rect.size.height > 1 { put(labels[1], x: x + (rect.maxX - x - labels[1].cellWidth), y: rect.maxY - 1, color: color, &canvas) }
        }
    }

    /// Lines and areas, in braille: each cell is 2 dots wide and 4 high. Each series is drawn on
    /// its own, in its colour; a cell shows the dots of every series in it, in the colour of the
    /// last of them.
    private func drawDots(in plot: Rect, scale: ValueScale, _ canvas: inout Canvas) {
        let width = plot.size.width * 2, height = plot.size.height * 4
        guard width > 0, height > 0 else { return }
        let xs = ValueScale.xRange(marks)
        var cellBits = [UInt32](repeating: 0, count: plot.size.width * plot.size.height)
        var cellColors = [ResolvedColor?](repeating: color, count: plot.size.width * plot.size.height)
        for name in series {
            let dots = seriesDots(marks.filter { $0.series == name }, width: width, height: height, xs: xs, scale: scale)
            for cy in 0..<plot.size.height {
                for cx in 0..<plot.size.width {
                    var bits: UInt32 = 0
                    for (dx, dy, bit) in Self.brailleBits where dots[(cy * 4 + dy) * width + cx * 2 + dx] { bits |= bit }
                    guard bits != 0 else { continue }
                    cellBits[cy * plot.size.width + cx] |= bits
                    cellColors[cy * plot.size.width + cx] = seriesColors[name] ?? color
                }
            }
        }
        for cy in 0..<plot.size.height {
            for cx in 0..<plot.size.width {
                let bits = cellBits[cy * plot.size.width + cx]
                if bits != 0, let scalar = Unicode.Scalar(0x2800 + bits) {
                    put(String(Character(scalar)), x: plot.minX + cx, y: plot.minY + cy, color: cellColors[cy * plot.size.width + cx], &canvas)
                }
            }
        }
    }

    /// The dots of one series' line and area marks in a `width` × `height` dot grid.
    private func seriesDots(_ marks: [ChartMark], width: Int, height: Int, xs: ValueScale, scale: ValueScale) -> [Bool] {
        var dots = [Bool](repeating: false, count: width * height)
        func dotX(_ x: Double) -> Int { Int(((x - xs.lower) / xs.span * Double(width - 1)).rounded()) }
        func dotY(_ y: Double) -> Int { (height - 1) - Int(((y - scale.lower) / scale.span * Double(height - 1)).rounded()) }
        func set(_ x: Int, _ y: Int) {
            if x >= 0, x < width, y >= 0, y < height { dots[y * width + x] = true }
        }
        let line = marks.filter { $0.kind == .line }.sorted { $0.x! < $1.x! }.map { (dotX($0.x!), dotY($0.y)) }
        for (from, to) in zip(line, line.dropFirst()) { Self.segment(from, to, set) }
        if line.count == 1 { set(line[0].0, line[0].1) }
        let area = marks.filter { $0.kind == .area }.sorted { $0.x! < $1.x! }.map { (dotX($0.x!), dotY($0.y)) }
        let base = min(max(dotY(0), 0), height - 1)
        for (from, to) in zip(area, area.dropFirst()) where to.0 > from.0 {
            for x in from.0...to.0 {
                let y = from.1 + (to.1 - from.1) * (x - from.0) / (to.0 - from.0)
                for fill in min(y, base)...max(y, base) { set(x, fill) }
            }
        }
        if area.count == 1 { for fill in min(area[0].1, base)...max(area[0].1, base) { set(area[0].0, fill) } }
        return dots
    }

    /// Bars from the bottom of the plot, in eighths of a cell, one column each.
    private func drawBars(in plot: Rect, scale: ValueScale, _ canvas: inout Canvas) {
        let bars = marks.indices.filter { marks[$0].kind == .bar }.sorted { marks[$0].x! < marks[$1].x! }
        guard !bars.isEmpty, plot.size.width > 0, plot.size.height > 0 else { return }
        let xs = ValueScale.xRange(bars.map { marks[$0] })
        for index in bars {
            let bar = marks[index]
            let column = plot.minX + Int(((bar.x! - xs.lower) / xs.span * Double(plot.size.width - 1)).rounded())
            let eighths = Int(((bar.y - scale.lower) / scale.span * Double(plot.size.height * 8)).rounded())
            for row in 0..<plot.size.height {
                let filled = min(max(eighths - row * 8, 0), 8)
                guard filled > 0 else { break }
                put(String(Self.eighths[filled - 1]), x: column, y: plot.maxY - 1 - row, color: markColors[index], &canvas)
            }
        }
    }

    private func put(_ text: String, x: Int, y: Int, color: ResolvedColor?, _ canvas: inout Canvas) {
        var column = x
        for character in text {
            canvas.put(character, width: 1, x: column, y: y, color: color, attributes: [])
            column += 1
        }
    }

    /// The dots of a straight segment between two dot positions (Bresenham's).
    static func segment(_ from: (Int, Int), _ to: (Int, Int), _ set: (Int, Int) -> Void) {
        var (x, y) = from
        let dx = abs(to.0 - x), dy = -abs(to.1 - y)
        let sx = x < to.0 ? 1 : -1, sy = y < to.1 ? 1 : -1
        var error = dx + dy
        while true {
            set(x, y)
            if x == to.0 && y == to.1 { return }
            let doubled = 2 * error
            if doubled >= dy { error += dy; x += sx }
            if doubled <= dx { error += dx; y += sy }
        }
    }

    /// Values further from zero are left out (as are NaN and infinities): within it every
    /// position on the plot is computed without overflow.
    static let limit = 1e15

    /// A value for the y axis: whole numbers as such, others to one decimal.
    static func label(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        if abs(rounded) >= 1e9 { return scientific(rounded) }
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// `value` (at least 1e9 in size) as C's `%.1e` writes it: `1.2e+09`.
    static func scientific(_ value: Double) -> String {
        var exponent = Int(log10(abs(value)).rounded(.down))
        var tenths = Int((abs(value) / pow(10, Double(exponent)) * 10).rounded(.toNearestOrEven))
        if tenths >= 100 {
            tenths = (tenths + 5) / 10
            exponent += 1
        }
        let digits = exponent < 10 ? "0\(exponent)" : "\(exponent)"
        return (value < 0 ? "-" : "") + "\(tenths / 10).\(tenths % 10)e+\(digits)"
    }

    /// Each braille dot's place in a cell (column, row) and its bit (U+2800 + bits).
    static let brailleBits: [(Int, Int, UInt32)] = [
        (0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08), (1, 1, 0x10), (1, 2, 0x20), (0, 3, 0x40), (1, 3, 0x80),
    ]

    /// One to eight eighths of a cell, filled from the bottom.
    static let eighths: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
}

/// The values a chart spans.
struct ValueScale {
    let lower: Double
    let upper: Double
    var span: Double { upper - lower }

    /// The y values of `marks`, with zero when bars or areas are among them; a range of one
    /// value widened by one either side.
    init(_ marks: [ChartMark]) {
        var values = marks.map(\.y)
        if marks.contains(where: { $0.kind == .bar || $0.kind == .area }) { values.append(0) }
        self.init(values)
    }

    init(_ values: [Double]) {
        var lower = values.min() ?? 0, upper = values.max() ?? 1
        if !(upper - lower).isFinite || upper - lower <= 0 {
            lower -= 1
            upper += 1
        }
        self.lower = lower
        self.upper = upper
    }

    /// The x values of the marks that have one.
    static func xRange(_ marks: [ChartMark]) -> ValueScale {
        ValueScale(marks.compactMap(\.x))
    }
}
