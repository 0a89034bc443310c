/// The words self-updating date text is written in (docs/rules.md B4): en_US's unless the board
/// gives its language's (`EnvironmentValues.dateTextWords`). Each text is a template whose `{n}`,
/// `{hour}`, `{minute}`, `{period}`, `{day}`, `{month}`, `{year}`, `{first}` and `{second}` are
/// filled in.
public struct DateTextWords: Sendable, Hashable {
    /// A unit of a distance in time, largest first.
    public enum Unit: Int, CaseIterable, Sendable {
        case year, month, day, hour, minute, second
    }

    /// A unit's two forms: for one (`{n} day`) and for any other count (`{n} days`).
    public struct Forms: Sendable, Hashable {
        public var one: String
        public var other: String

        public init(_ one: String, _ other: String) {
            (self.one, self.other) = (one, other)
        }
    }

    /// `.relative`'s abbreviated units, one and other: `{n} min`, `{n} days`.
    public var relative: [Unit: Forms]
    /// `.offset`'s units in full, one and other: `{n} minute`, `{n} minutes`.
    public var offset: [Unit: Forms]
    /// Two units of `.relative` together: `{first}, {second}`.
    public var pair: String
    /// `.time`: `{hour}:{minute} {period}`, with the two periods (`AM`, `PM`).
    public var time: String
    public var morning: String
    public var afternoon: String
    /// `.date`: `{month} {day}, {year}`, with the months' full names.
    public var date: String
    public var months: [String]

    public init(relative: [Unit: Forms], offset: [Unit: Forms], pair: String,
                time: String, morning: String, afternoon: String, date: String, months: [String]) {
        (self.relative, self.offset, self.pair) = (relative, offset, pair)
        (self.time, self.morning, self.afternoon) = (time, morning, afternoon)
        (self.date, self.months) = (date, months)
    }

    /// en_US, as B4's vectors write it.
    public static let english = DateTextWords(
        relative: [.year: Forms("{n} yr", "{n} yr"), .month: Forms("{n} mo", "{n} mo"), .day: Forms("{n} day", "{n} days"),
                   .hour: Forms("{n} hr", "{n} hr"), .minute: Forms("{n} min", "{n} min"), .second: Forms("{n} sec", "{n} sec")],
        offset: [.year: Forms("{n} year", "{n} years"), .month: Forms("{n} month", "{n} months"), .day: Forms("{n} day", "{n} days"),
                 .hour: Forms("{n} hour", "{n} hours"), .minute: Forms("{n} minute", "{n} minutes"), .second: Forms("{n} second", "{n} seconds")],
        pair: "{first}, {second}",
        time: "{hour}:{minute} {period}", morning: "AM", afternoon: "PM",
        date: "{month} {day}, {year}",
        months: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"])

    /// `count` of `unit` in `table`'s words.
    func phrase(_ count: Int, _ unit: Unit, in table: [Unit: Forms]) -> String {
        let forms = table[unit] ?? Self.english.relative[unit]!
        return Self.fill(count == 1 ? forms.one : forms.other, ["n": String(count)])
    }

    /// `template` with each `{name}` replaced by its value.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var text = template
        for (name, value) in values { text = text.replacing("{\(name)}", with: value) }
        return text
    }
}

private struct DateTextWordsKey: EnvironmentKey {
    static let defaultValue = DateTextWords.english
}

extension EnvironmentValues {
    /// The words `Text(_:style:)` writes dates in (en_US by default; the board sets its language's).
    public var dateTextWords: DateTextWords {
        get { self[DateTextWordsKey.self] }
        set { self[DateTextWordsKey.self] = newValue }
    }
}
