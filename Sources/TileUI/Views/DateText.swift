import FoundationEssentials
import TileBase
#if canImport(Glibc)
import Glibc
#endif

extension Text {
    /// How `Text(_:style:)` shows a date (docs/rules.md B4).
    public enum DateStyle: Hashable, Sendable {
        /// Short time, "9:41 AM"; does not tick.
        case time
        /// Long date, "April 1, 2020"; does not tick.
        case date
        /// The distance to the date in up to two units, "1 min, 10 sec"; ticks.
        case relative
        /// The signed distance in the largest unit, "-1 minute"; ticks.
        case offset
        /// A clock counting down to the date, then up, "1:10"; ticks.
        case timer
    }

    /// A date shown in `style`; relative styles keep updating while on screen, reading "now"
    /// from the environment.
    public init(_ date: Date, style: DateStyle) {
        self.init(liveDate: LiveDateText(kind: .date(date, style)))
    }

    /// A time interval, "9:30 AM – 2:45 PM" (B4.2).
    public init(_ interval: ClosedRange<Date>) {
        self.init(liveDate: LiveDateText(kind: .interval(interval)))
    }

    /// A timer over `timerInterval`, counting down to its end (or up from its start), frozen at
    /// `pauseTime` when given; without hours, minutes pass 59 (B4.6).
    public init(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true) {
        self.init(liveDate: LiveDateText(kind: .timer(timerInterval, pauseTime: pauseTime, countsDown: countsDown, showsHours: showsHours)))
    }
}

/// What a self-updating Text shows, evaluated at each render.
@usableFromInline
struct LiveDateText: Sendable {
    enum Kind: Sendable {
        case date(Date, Text.DateStyle)
        case interval(ClosedRange<Date>)
        case timer(ClosedRange<Date>, pauseTime: Date?, countsDown: Bool, showsHours: Bool)
    }

    let kind: Kind

    /// The text at `now`, in `words`.
    func string(now: Date, zone: Zone, words: DateTextWords = .english) -> String {
        switch kind {
        case let .date(date, .time): DateTextFormatter.time(date, in: zone, words: words)
        case let .date(date, .date): DateTextFormatter.date(date, in: zone, words: words)
        case let .date(date, .relative): DateTextFormatter.relative(to: date, now: now, words: words)
        case let .date(date, .offset): DateTextFormatter.offset(to: date, now: now, words: words)
        case let .date(date, .timer): DateTextFormatter.timer(to: date, now: now)
        case let .interval(range):
            "\(DateTextFormatter.time(range.lowerBound, in: zone, words: words)) – \(DateTextFormatter.time(range.upperBound, in: zone, words: words))"
        case let .timer(range, pauseTime, countsDown, showsHours):
            DateTextFormatter.timerInterval(range, pauseTime: pauseTime, countsDown: countsDown, showsHours: showsHours, now: now)
        }
    }

    /// When the text next changes after `now`: every second while seconds are shown, every minute
    /// otherwise (B4.1), never for `.time`, `.date`, intervals, paused or finished timers.
    func nextChange(after now: Date, zone: Zone) -> Date? {
        switch kind {
        case .date(_, .time), .date(_, .date), .interval:
            return nil
        case let .date(date, style):
            let showsSeconds = switch style {
            case .relative: DateTextFormatter.relativeUnits(to: date, now: now).last?.unit == .second
            case .offset: DateTextFormatter.offsetUnit(to: date, now: now).unit == .second
            default: true
            }
            return DateTextFormatter.nextTick(after: now, alignedTo: date, step: showsSeconds ? 1 : 60)
        case let .timer(range, pauseTime, _, _):
            if pauseTime != nil || now >= range.upperBound { return nil }
            return DateTextFormatter.nextTick(after: max(now, range.lowerBound.addingTimeInterval(-1)), alignedTo: range.lowerBound, step: 1)
        }
    }
}

/// A Text whose string depends on "now": lays out like its text and reports its next tick.
///
/// It keeps what it needs to be brought to a later "now" in place (`RetainedDrawing.advance`):
/// the environment its text was made in, the string shown, and the cells it was drawn on.
final class LiveTextNode: LayoutNode {
    let live: LiveDateText
    private let environment: EnvironmentValues
    /// The string the text shows, as `live` gave it (before line-breaking preparation).
    private(set) var shown: String
    private(set) var text: TextNode
    /// The cells each drawing of the text could write, in the order drawn.
    private(set) var drawnAreas: [Rect] = []

    init(live: LiveDateText, environment: EnvironmentValues) {
        self.live = live
        self.environment = environment
        shown = live.string(now: environment.now, zone: environment.zone, words: environment.dateTextWords)
        text = TextNode(text: shown, environment: environment)
        super.init()
    }

    /// The string the text shows at `now`.
    func string(at now: Date) -> String {
        live.string(now: now, zone: environment.zone, words: environment.dateTextWords)
    }

    /// Shows `string` instead, which must measure and break as the string shown does (see
    /// `keepsShape`): the layout around the text stays valid.
    func show(_ string: String) {
        assert(Self.keepsShape(shown, string), "a live text changed shape in place: \(shown) to \(string)")
        shown = string
        text = TextNode(replacingDigitsOf: text, with: string)
    }

    /// Whether `new` lays out exactly as `old`: the same bytes but for digits replaced by digits.
    /// Digits are one column each in cells and equally wide within each block-glyph scale
    /// (tabular figures), and a line never breaks between two of them, so every measurement,
    /// line break and truncation of the text is the same. A ticking clock changes only digits.
    static func keepsShape(_ old: String, _ new: String) -> Bool {
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        var oldBytes = old.utf8.makeIterator()
        var newBytes = new.utf8.makeIterator()
        while true {
            switch (oldBytes.next(), newBytes.next()) {
            case (nil, nil):
                return true
            case let (a?, b?) where a == b || (digits.contains(a) && digits.contains(b)):
                continue
            default:
                return false
            }
        }
    }

    override func computeSize(_ proposal: ProposedSize) -> Size { text.sizeThatFits(proposal) }

    override func draw(in rect: Rect, proposal: ProposedSize, canvas: inout Canvas) {
        // A text wider or taller than its frame draws past it: the area is what it covers.
        let area = text.drawnArea(in: rect, proposal: proposal)
        if !area.isEmpty, !drawnAreas.contains(area) { drawnAreas.append(area) }
        text.draw(in: rect, proposal: proposal, canvas: &canvas)
    }

    override var spacingKind: SpacingKind { .text }
    override func firstBaseline(for size: Size) -> Int { text.firstBaseline(for: size) }
    override func lastBaseline(for size: Size) -> Int { text.lastBaseline(for: size) }

    /// Whether the tree's `nextChange(after:)` has asked this text: a text under `hidden()` is
    /// never asked and never ticks. `RetainedDrawing` asks only the texts the first walk
    /// reached instead of walking the tree again on each tick.
    private(set) var isAskedForChanges = false

    override func nextChange(after now: Date) -> Date? {
        isAskedForChanges = true
        return live.nextChange(after: now, zone: environment.zone)
    }
}
