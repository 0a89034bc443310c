import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The layout node of a picture (`Image` from an asset or bytes): sized from its pixels, one
/// column a pixel and one row two, or from the offer when resizable; drawn in half blocks.
final class ImageNode: LayoutNode {
    let image: Image
    let environment: EnvironmentValues
    /// The picture, or nil for an asset no folder has (which draws nothing).
    let picture: ImageStore.Picture?

    init(image: Image, environment: EnvironmentValues) {
        self.image = image
        self.environment = environment
        switch image.source {
        case .named(let name): picture = ImageStore.shared.asset(name, scheme: environment.colorScheme)
        case .data(let data): picture = ImageStore.shared.picture(of: data)
        case .systemName: picture = nil
        }
        super.init()
    }

    /// The decoded picture, when there is one.
    private var decoded: DecodedImage? { try? picture?.result.get() }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        // Without a picture the view is an empty resizable one: it takes what it is offered.
        guard let decoded else { return Size(width: proposal.width ?? 0, height: proposal.height ?? 0) }
        let natural = Size(width: decoded.width, height: (decoded.height + 1) / 2)
        guard image.isResizable else { return natural }
        guard let mode = image.contentMode else {
            return Size(width: proposal.width ?? natural.width, height: proposal.height ?? natural.height)
        }
        // Columns per row: a row is two pixels tall.
        let ratio = 2 * (image.aspectRatio ?? Double(decoded.width) / Double(decoded.height))
        switch (proposal.width, proposal.height) {
        case (nil, nil):
            return Size(width: natural.width, height: cells(Double(natural.width) / ratio))
        case (let width?, nil):
            return Size(width: width, height: cells(Double(width) / ratio))
        case (nil, let height?):
            return Size(width: cells(Double(height) * ratio), height: height)
        case (let width?, let height?):
            // Nothing fits in a zero offer; a fill still covers a line.
            if mode == .fit && (width == 0 || height == 0) { return .zero }
            let widthLimited = (Double(width) / Double(max(height, 1)) < ratio) == (mode == .fit)
            return widthLimited
                ? Size(width: width, height: cells(Double(width) / ratio))
                : Size(width: cells(Double(height) * ratio), height: height)
        }
    }

    /// A cell count from a fractional one: rounded, at least one cell for any positive size (a
    /// thin picture stays visible), and kept within what a layout can hold.
    private func cells(_ value: Double) -> Int {
        guard value.isFinite else { return .infinity }
        guard value > 0 else { return 0 }
        return Int(min(max(value.rounded(), 1), Double(Int.max / 4)))
    }

    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        guard environment.colorMode != .none, canvas.alpha > 0 else { return }
        let visible = rect.intersection(canvas.clip)
        guard !visible.isEmpty else { return }
        if environment.redactionReasons.contains(.placeholder) {
            drawPlaceholder(visible, canvas: &canvas)
            return
        }
        guard let picture else { return }
        guard case .success(let decoded) = picture.result else {
            drawPlaceholder(visible, canvas: &canvas)
            return
        }
        // The picture is stretched over the whole rectangle, of which only the visible part is
        // resampled. Absurd rectangles (an overflowing fill offered infinity) are capped.
        let limit = 1 << 24
        let width = min(rect.size.width, limit), height = min(rect.size.height, limit) * 2
        let window = Rect(
            x: min(visible.minX - rect.minX, limit - 1), y: min(visible.minY - rect.minY, limit - 1) * 2,
            width: visible.size.width, height: visible.size.height * 2
        ).intersection(Rect(x: 0, y: 0, width: width, height: height))
        guard !window.isEmpty else { return }
        let raster = ImageStore.shared.raster(decoded, key: picture.key, width: width, height: height, window: window)
        let tint = image.renderingMode == .template
            ? (environment.foregroundColor ?? .primary).resolve(in: environment) : nil
        if image.renderingMode == .template && tint == nil { return }
        for row in 0..<(window.size.height / 2) {
            let y = window.minY + row * 2
            for column in 0..<window.size.width {
                let x = window.minX + column
                canvas.drawPixels(
                    x: visible.minX + column, y: visible.minY + row,
                    top: color(raster[x, y], tint: tint), bottom: color(raster[x, y + 1], tint: tint))
            }
        }
    }

    /// A pixel as a colour to draw, in the template's tint when there is one.
    private func color(_ pixel: ImageRaster.Pixel, tint: ResolvedColor?) -> ResolvedColor {
        let alpha = Double(pixel.alpha) / 255
        guard let tint else { return ResolvedColor(rgb: pixel.rgb, alpha: alpha) }
        return ResolvedColor(rgb: tint.rgb, alpha: alpha * tint.alpha)
    }

    /// What stands for a picture that cannot be shown (bytes that are not one, a placeholder
    /// redaction): the rectangle in the theme's border colour, as SwiftUI's grey box.
    private func drawPlaceholder(_ area: Rect, canvas: inout Canvas) {
        let color = Color("widget.border").resolve(in: environment) ?? ResolvedColor(rgb: RGBColor(hex: 0x8E8E93), alpha: 1)
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX {
                canvas.fill(x: x, y: y, color: color)
            }
        }
    }
}
