extension Canvas {
    /// Draws two vertically stacked pixels in the cell at (x, y): `▀` with the upper pixel as its
    /// foreground and the lower as its background, each blended over the cell's background. Where
    /// nothing is known beneath, a pixel of less than half opacity leaves its half to the terminal
    /// (`▀` or `▄` alone); a cell whose pixels are both fully transparent is left as it was.
    mutating func drawPixels(x: Int, y: Int, top: ResolvedColor, bottom: ResolvedColor) {
        guard clip.contains(x: x, y: y) else { return }
        let topAlpha = top.alpha * alpha, bottomAlpha = bottom.alpha * alpha
        guard topAlpha > 0 || bottomAlpha > 0 else { return }
        let beneath = grid[x, y].background
        func shown(_ rgb: RGBColor, _ a: Double) -> RGBColor? {
            if a >= 1 { return rgb }
            if let beneath { return rgb.blended(over: beneath, alpha: a) }
            return a >= 0.5 ? rgb : nil
        }
        let upper = shown(top.rgb, topAlpha), lower = shown(bottom.rgb, bottomAlpha)
        guard upper != nil || lower != nil else { return }
        detachWide(x: x, y: y)
        let link = linkIndex != 0 ? linkIndex : grid[x, y].linkIndex
        let cell: Cell
        switch (upper, lower) {
        case let (upper?, lower?) where upper == lower:
            cell = Cell(background: upper, linkIndex: link)
        case let (upper?, lower?):
            cell = Cell(character: "▀", foreground: upper, background: lower, linkIndex: link)
        case let (upper?, nil):
            cell = Cell(character: "▀", foreground: upper, background: beneath, linkIndex: link)
        case let (nil, lower?):
            cell = Cell(character: "▄", foreground: lower, background: beneath, linkIndex: link)
        case (nil, nil):
            return
        }
        grid[x, y] = cell
    }
}
