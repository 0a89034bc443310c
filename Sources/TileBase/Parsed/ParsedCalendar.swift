/// The events of an iCalendar file in a window of time, each repetition of a recurring event
/// its own occurrence, as `tiles-parse calendar` writes them.
public struct ParsedCalendar: Codable, Hashable, Sendable {
    public var occurrences: [Occurrence]
    /// What the reader skipped or cut short, in words (`event 'Standup': its rule stops after 100000 repetitions`).
    public var notes: [String]

    public init(occurrences: [Occurrence], notes: [String]) {
        self.occurrences = occurrences
        self.notes = notes
    }

    public struct Occurrence: Codable, Hashable, Sendable {
        public var uid: String
        public var summary: String
        public var location: String?
        /// The start and end in seconds since 1970: instants, or wall-clock seconds when `floating`.
        public var start: Double
        public var end: Double
        /// A date without a time (the whole day, or days, `end` being the day after the last).
        public var allDay: Bool
        /// A time with no zone (and every all-day date): it is read in the board's zone.
        public var floating: Bool

        public init(uid: String, summary: String, location: String?, start: Double, end: Double, allDay: Bool, floating: Bool) {
            self.uid = uid
            self.summary = summary
            self.location = location
            self.start = start
            self.end = end
            self.allDay = allDay
            self.floating = floating
        }
    }
}
