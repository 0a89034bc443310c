/// A character of Unicode's Block Elements that a picture draws as rectangles rather than text:
/// the half blocks, the quadrants and the shades. Fonts draw these with gaps or at the wrong
/// height; rectangles fill their cell exactly, as a terminal does.
struct BlockElement: Equatable {
    /// The quarters of a cell a block covers.
    struct Quadrants: OptionSet, Equatable {
        let rawValue: UInt8
        static let topLeft = Quadrants(rawValue: 1)
        static let topRight = Quadrants(rawValue: 2)
        static let bottomLeft = Quadrants(rawValue: 4)
        static let bottomRight = Quadrants(rawValue: 8)
        static let all: Quadrants = [.topLeft, .topRight, .bottomLeft, .bottomRight]
    }

    /// What the block covers.
    var quadrants: Quadrants
    /// For a shade (`░▒▓`), how much of the foreground shows over the background; nil for a solid block.
    var shade: Double?

    /// The block `character` draws, or nil when it is not one drawn as rectangles.
    init?(_ character: Character) {
        switch character {
        case "█": self.init(.all)
        case "▀": self.init([.topLeft, .topRight])
        case "▄": self.init([.bottomLeft, .bottomRight])
        case "▌": self.init([.topLeft, .bottomLeft])
        case "▐": self.init([.topRight, .bottomRight])
        case "▘": self.init(.topLeft)
        case "▝": self.init(.topRight)
        case "▖": self.init(.bottomLeft)
        case "▗": self.init(.bottomRight)
        case "▚": self.init([.topLeft, .bottomRight])
        case "▞": self.init([.topRight, .bottomLeft])
        case "▛": self.init([.topLeft, .topRight, .bottomLeft])
        case "▜": self.init([.topLeft, .topRight, .bottomRight])
        case "▙": self.init([.topLeft, .bottomLeft, .bottomRight])
        case "▟": self.init([.topRight, .bottomLeft, .bottomRight])
        case "░": self.init(.all, shade: 0.25)
        case "▒": self.init(.all, shade: 0.5)
        case "▓": self.init(.all, shade: 0.75)
        default: return nil
        }
    }

    private init(_ quadrants: Quadrants, shade: Double? = nil) {
        self.quadrants = quadrants
        self.shade = shade
    }
}
