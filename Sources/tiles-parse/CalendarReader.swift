import CLibical
import TileBase

/// Reads an iCalendar document with libical and lists the occurrences of its events that
/// overlap a window: recurrence rules expanded by libical's iterator, exception dates and
/// moved occurrences (`RECURRENCE-ID`) applied, cancelled events left out. A rule is followed
/// for at most `maxRepetitions` steps, so one that never reaches the window ends with a note.
struct CalendarReader {
    static let maxRepetitions = 100_000
    static let maxOccurrences = 5_000

    /// The window, in seconds since 1970. Floating times are compared a day wider each way,
    /// since their zone is the board's; tiles places them exactly.
    var from: Double
    var to: Double

    enum Failure: Error, CustomStringConvertible {
        case notCalendar

        var description: String { "not an iCalendar file: no BEGIN:VCALENDAR or BEGIN:VEVENT" }
    }

    func read(_ text: String) throws(Failure) -> ParsedCalendar {
        icalerror_set_errors_are_fatal(0)
        guard let root = icalparser_parse_string(text) else { throw .notCalendar }
        defer { icalcomponent_free(root) }
        let kind = icalcomponent_isa(root)
        guard kind == ICAL_VCALENDAR_COMPONENT || kind == ICAL_VEVENT_COMPONENT else { throw .notCalendar }

        let events = kind == ICAL_VEVENT_COMPONENT ? [root] : children(of: root, ICAL_VEVENT_COMPONENT)
        // The occurrences that an event of their own replaces, by UID.
        var moved: [String: Set<String>] = [:]
        for event in events where icalcomponent_get_first_property(event, ICAL_RECURRENCEID_PROPERTY) != nil {
            moved[uid(event), default: []].insert(key(icalcomponent_get_recurrenceid(event)))
        }
        var result = ParsedCalendar(occurrences: [], notes: [])
        for event in events where icalcomponent_get_status(event) != ICAL_STATUS_CANCELLED {
            expand(event, skipping: moved[uid(event)] ?? [], into: &result)
            if result.occurrences.count >= Self.maxOccurrences {
                result.notes.append("more than \(Self.maxOccurrences) occurrences: the rest are left out")
                break
            }
        }
        result.occurrences.sort { $0.start < $1.start }
        return result
    }

    private func expand(_ event: OpaquePointer, skipping moved: Set<String>, into result: inout ParsedCalendar) {
        let start = icalcomponent_get_dtstart(event)
        guard icaltime_is_null_time(start) == 0, icaltime_is_valid_time(start) == 1 else {
            result.notes.append("event '\(summary(event))' has no valid DTSTART: left out")
            return
        }
        let end = icalcomponent_get_dtend(event)
        let (first, floating) = seconds(start)
        var duration = icaltime_is_null_time(end) == 0 ? seconds(end).value - first : (start.is_date == 1 ? 86_400 : 0)
        if duration < 0 { duration = 0 }
        let margin: Double = floating ? 86_400 : 0
        let low = from - margin - duration, high = to + margin

        func add(_ time: icaltimetype) {
            let begin = seconds(time).value
            result.occurrences.append(ParsedCalendar.Occurrence(
                uid: uid(event), summary: summary(event), location: icalcomponent_get_location(event).map { String(cString: $0) },
                start: begin, end: begin + duration, allDay: start.is_date == 1, floating: floating))
        }

        guard let ruleProperty = icalcomponent_get_first_property(event, ICAL_RRULE_PROPERTY) else {
            if first + duration >= low, first <= high { add(start) }
            return
        }
        let excluded = exceptionDates(of: event, in: start).union(moved)
        guard let iterator = icalrecur_iterator_new(icalproperty_get_rrule(ruleProperty), start) else {
            result.notes.append("event '\(summary(event))' has a recurrence rule libical cannot follow: left out")
            return
        }
        defer { icalrecur_iterator_free(iterator) }
        // Jump close to the window where the rule allows it (libical refuses for a COUNT rule).
        if low > first {
            let jump = icaltime_from_timet_with_zone(time_t(low), start.is_date, floating ? nil : start.zone)
            _ = icalrecur_iterator_set_start(iterator, jump)
        }
        var steps = 0
        while true {
            let next = icalrecur_iterator_next(iterator)
            if icaltime_is_null_time(next) == 1 { break }
            steps += 1
            if steps > Self.maxRepetitions {
                result.notes.append("event '\(summary(event))': its rule stops after \(Self.maxRepetitions) repetitions")
                break
            }
            let begin = seconds(next).value
            if begin > high { break }
            if begin + duration < low || excluded.contains(key(next)) { continue }
            add(next)
            if result.occurrences.count >= Self.maxOccurrences { break }
        }
    }

    /// The EXDATEs of `event`, as keys in the frame of its start.
    private func exceptionDates(of event: OpaquePointer, in start: icaltimetype) -> Set<String> {
        var keys: Set<String> = []
        var property = icalcomponent_get_first_property(event, ICAL_EXDATE_PROPERTY)
        while let current = property {
            var date = icalproperty_get_exdate(current)
            if date.zone != nil, start.zone != nil, date.zone != start.zone { date = icaltime_convert_to_zone(date, start.zone) }
            keys.insert(key(date, dateOnly: start.is_date == 1))
            property = icalcomponent_get_next_property(event, ICAL_EXDATE_PROPERTY)
        }
        return keys
    }

    /// Seconds since 1970: an instant for a time with a zone, wall-clock seconds for a date or a
    /// floating time.
    private func seconds(_ time: icaltimetype) -> (value: Double, floating: Bool) {
        if time.is_date == 0, let zone = time.zone {
            return (Double(icaltime_as_timet_with_zone(time, zone)), false)
        }
        let days = CivilDate.daysSinceEpoch(year: Int(time.year), month: Int(time.month), day: Int(time.day))
        let clock = time.is_date == 1 ? 0 : Int(time.hour) * 3_600 + Int(time.minute) * 60 + Int(time.second)
        return (Double(days * 86_400 + clock), true)
    }

    /// A time's fields as text, to match an occurrence with an exception date or a moved one.
    private func key(_ time: icaltimetype, dateOnly: Bool = false) -> String {
        dateOnly || time.is_date == 1 ? "\(time.year)-\(time.month)-\(time.day)" : "\(time.year)-\(time.month)-\(time.day)T\(time.hour):\(time.minute):\(time.second)"
    }

    private func uid(_ event: OpaquePointer) -> String { icalcomponent_get_uid(event).map { String(cString: $0) } ?? "" }

    private func summary(_ event: OpaquePointer) -> String { icalcomponent_get_summary(event).map { String(cString: $0) } ?? "" }

    private func children(of root: OpaquePointer, _ kind: icalcomponent_kind) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        var child = icalcomponent_get_first_component(root, kind)
        while let current = child {
            found.append(current)
            child = icalcomponent_get_next_component(root, kind)
        }
        return found
    }
}
