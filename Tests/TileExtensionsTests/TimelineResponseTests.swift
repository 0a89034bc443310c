import Foundation
import Testing
@testable import TileExtensions
import TileKit
import TileUIJSON

/// Reading a program's timeline: entries, dates, relevance, policies, and errors with JSON paths.
@Suite struct TimelineResponseTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    func read(_ text: String, refresh: TimeInterval = 300) throws(ExtensionError) -> Timeline<ExtensionEntry> {
        try TimelineResponse.timeline(from: Data(text.utf8), now: now, refresh: refresh) { _, _ throws(ExtensionError) in }
    }

    func error(_ text: String) -> String {
        do {
            _ = try read(text)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func testEntriesKeepTheirDatesRelevanceURLAndViewAndThePolicyIsRead() throws {
        let timeline = try read("""
            {"entries": [{"date": "2026-11-24T08:00:00Z", "relevance": 0.5, "url": "https://ci.example/42",
                          "view": {"Text": "build #42"}},
                         {"date": "2026-11-24T08:05:00.250+08:00", "relevance": {"score": 2, "duration": 60},
                          "view": {"Text": "next"}}],
             "policy": {"after": "2026-11-24T09:00:00Z"}}
            """)
        #expect(timeline.entries.count == 2)
        #expect(timeline.entries[0].date == TimelineResponse.parseDate("2026-11-24T08:00:00Z"))
        #expect(timeline.entries[0].relevance == TimelineEntryRelevance(score: 0.5))
        #expect(timeline.entries[0].url == "https://ci.example/42")
        #expect(timeline.entries[0].content == .view(#"{"Text":"build #42"}"#))
        #expect(timeline.entries[1].date == TimelineResponse.parseDate("2026-11-24T00:05:00.250Z"))
        #expect(timeline.entries[1].relevance == TimelineEntryRelevance(score: 2, duration: 60))
        #expect(timeline.policy == .after(TimelineResponse.parseDate("2026-11-24T09:00:00Z")!))
    }

    @Test func testEachPolicyIsReadAndAMissingOneAsksAgainAfterTheRefresh() throws {
        #expect(try read(#"{"entries": [], "policy": "atEnd"}"#).policy == .atEnd)
        #expect(try read(#"{"entries": [], "policy": "never"}"#).policy == .never)
        #expect(try read(#"{"entries": []}"#, refresh: 120).policy == .after(now.addingTimeInterval(120)))
    }

    @Test func anAlertIsReadWithItsTitleBodyAndSoundAndItsMistakesNamed() throws {
        let timeline = try read(#"{"entries": [{"view": {"Text": "x"}, "alert": {"title": "deploy", "body": "done\u001b[2J", "sound": true}}, {"view": {"Text": "y"}, "alert": {"title": "quiet"}}]}"#)
        #expect(timeline.entries[0].alert == WidgetAlert(title: "deploy", body: "done", sound: true))
        #expect(timeline.entries[1].alert == WidgetAlert(title: "quiet"))
        #expect(error(#"{"entries": [{"view": {"Text": "x"}, "alert": {"body": "b"}}]}"#).hasPrefix("entries[0].alert.title: expected a title"))
        #expect(error(#"{"entries": [{"view": {"Text": "x"}, "alert": {"title": "t", "sound": "yes"}}]}"#).hasPrefix("entries[0].alert.sound: expected true or false"))
        #expect(error(#"{"entries": [{"view": {"Text": "x"}, "alert": {"title": "t", "when": 1}}]}"#).hasPrefix("entries[0].alert: expected"))
    }

    @Test func testAnEntryWithoutADateShowsFromNow() throws {
        #expect(try read(#"{"entries": [{"view": {"Text": "x"}}]}"#).entries[0].date == now)
    }

    @Test func testMistakesNameTheirJSONPath() {
        #expect(error("") == "printed nothing; expected a timeline in JSON")
        #expect(error("[1]") == "timeline: expected an object with \"entries\", found an array")
        #expect(error(#"{"entries": [{"view": {}, "date": "soon"}]}"#)
            == #"entries[0].date: expected an ISO 8601 date with a time zone, like "2026-11-24T08:00:00Z", found "soon""#)
        #expect(error(#"{"entries": [{"date": "2026-11-24T08:00:00Z"}]}"#) == "entries[0].view: missing; an entry needs a view")
        #expect(error(#"{"entries": [], "policy": "sometimes"}"#)
            == #"policy: expected "atEnd", "never" or {"after": DATE}, found "sometimes""#)
        #expect(error(#"{"entries": [{"view": {}, "colour": 1}]}"#) == "entries[0].colour: unknown key; an entry has date, relevance, url, view and alert")
        #expect(error(#"{"entries": [{"view": {}, "url": "https://x\u001b]52;c;"}]}"#) == "entries[0].url: control characters are not allowed in a URL")
        #expect(error(#"{"entries": [{"view": {}, "relevance": true}]}"#)
            == #"entries[0].relevance: expected a number or {"score": N, "duration": SECONDS}, found true"#)
        #expect(error(#"{"entries": 3}"#) == "entries: expected an array of entries, found 3")
        #expect(error("{\"entries\": [").hasPrefix("invalid JSON"))
    }

    @Test func testTheViewCheckerSeesEachViewAtItsPathAndItsErrorIsTheReason() {
        var seen: [String] = []
        let result = Result { () throws(ExtensionError) in
            try TimelineResponse.timeline(
                from: Data(#"{"entries": [{"view": {"Text": "a"}}, {"view": {"Bogus": 1}}]}"#.utf8), now: now, refresh: 60
            ) { view, path throws(ExtensionError) in
                seen.append(path)
                if view["Bogus"] != nil { throw ExtensionError("\(path): unknown view 'Bogus'") }
            }
        }
        #expect(seen == ["entries[0].view", "entries[1].view"])
        #expect(throws: ExtensionError("entries[1].view: unknown view 'Bogus'")) { try result.get() }
    }

    @Test func testLongFoundValuesAreShortened() {
        let long = String(repeating: "x", count: 5000)
        let message = error(#"{"entries": [], "policy": "\#(long)"}"#)
        #expect(message.count < 120)
        #expect(message.hasSuffix("…\""))
    }

    @Test func testTrueIsNeverReadAsANumber() {
        #expect(error(#"{"entries": [{"view": {}, "relevance": 1}]}"#) == "no error")
        #expect(error(#"{"entries": [{"view": {}, "relevance": false}]}"#).contains("found false"))
    }
}
