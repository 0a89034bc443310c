import Foundation
import Testing
import TileKit
import TileTerminal

/// An intent shaped like Alipay's (seed 004): a multiple value with a slot count per family, a
/// bool, an enum, a capped string, a bounded integer and a dynamic option.
struct ShopIntent: WidgetIntent {
    enum Side: String, ParameterEnum {
        case left, right
        var displayName: String { self == .left ? "左" : "右" }
    }

    static let buttonOptions = [
        ("scan", "扫一扫"), ("pay", "收付款"), ("health", "健康码"), ("travel", "行程卡"),
        ("transit", "出行"), ("cards", "卡包"), ("yuebao", "余额宝"), ("member", "会员"),
    ].map { ParameterOption(value: $0.0, title: $0.1) }

    var buttons = ["scan", "pay", "health", "transit"]
    var showWeather = true
    var side = Side.right
    var city = "上海"
    var size = 30
    var region = "cn"

    static let parameters: [WidgetParameter<ShopIntent>] = [
        .multiple("buttons", title: "功能", \.buttons, counts: [.systemSmall: 2, .systemMedium: 4, .systemLarge: 8], options: { buttonOptions }),
        .bool("showWeather", title: "显示天气", \.showWeather),
        .choice("side", title: "功能位置", \.side),
        .string("city", title: "城市", \.city, maxLength: 6),
        .integer("size", title: "Size", \.size, range: 5...200),
        .dynamic("region", title: "地区", \.region, options: {
            [ParameterOption(value: "cn", title: "中国"), ParameterOption(value: "hk", title: "香港"), ParameterOption(value: "jp", title: "日本")]
        }),
    ]
}

struct EditFormTests {
    static func form(_ family: WidgetFamily = .systemMedium, values: [String: ParameterValue] = [:]) -> EditForm {
        EditForm(tileID: "shop", title: "支付宝", family: family, parameters: ShopIntent.parameterDescriptions, values: values)
    }

    /// Types `text` one grapheme at a time, as the terminal delivers it.
    static func type(_ text: String, into form: inout EditForm) {
        for character in text { _ = form.handle(.character(character)) }
    }

    /// Selects the row labelled `label`.
    static func select(_ label: String, in form: inout EditForm) {
        for _ in form.rows where form.label(of: form.rows[form.selection]) != label {
            _ = form.handle(.down)
        }
        #expect(form.label(of: form.rows[form.selection]) == label)
    }

    @Test func rowsFollowDeclarationOrderWithOneRowPerSlotTheFamilyShows() {
        let medium = Self.form()
        #expect(medium.rows.map(medium.label(of:)) == ["功能 1", "功能 2", "功能 3", "功能 4", "显示天气", "功能位置", "城市", "Size", "地区"])
        #expect(medium.rows.map(medium.valueText(of:)) == ["扫一扫", "收付款", "健康码", "出行", "[x]", "‹ 右 ›", "上海", "30", "中国"])
        let small = Self.form(.systemSmall)
        #expect(small.rows.prefix(3).map(small.label(of:)) == ["功能 1", "功能 2", "显示天气"])
        let large = Self.form(.systemLarge)
        // Large shows 8 slots: the four chosen, then the options they lack, in option order.
        #expect(large.values["buttons"] == .list(["scan", "pay", "health", "transit", "travel", "cards", "yuebao", "member"]))
    }

    @Test func spaceAndArrowsToggleBoolsAndCycleEnums() {
        var form = Self.form()
        Self.select("显示天气", in: &form)
        let toggled = form.handle(.character(" "))
        #expect(toggled == .editing)
        #expect(form.valueText(of: form.rows[form.selection]) == "[ ]")
        _ = form.handle(.right)
        #expect(form.values["showWeather"] == .bool(true))
        _ = form.handle(.down)
        _ = form.handle(.character(" "))
        #expect(form.values["side"] == .string("left"))
        _ = form.handle(.left)
        #expect(form.values["side"] == .string("right"))
        #expect(!form.hasChanges, "back where it started")
    }

    @Test func stringsOpenALineEditorThatTakesChineseAndRespectsTheCap() {
        var form = Self.form()
        Self.select("城市", in: &form)
        _ = form.handle(.character(" "))
        guard case .text(let line)? = form.editor else { Issue.record("no line editor"); return }
        #expect(line.text == "上海")
        _ = form.handle(.control("u"))
        Self.type("杭州", into: &form)
        #expect(form.values["city"] == .string("上海"), "nothing changes before Enter")
        _ = form.handle(.enter)
        #expect(form.editor == nil)
        #expect(form.values["city"] == .string("杭州"))

        _ = form.handle(.character(" "))
        Self.type("西湖区文三路", into: &form)
        guard case .text(let capped)? = form.editor else { Issue.record("no line editor"); return }
        #expect(capped.text == "杭州西湖区文", "six graphemes at most")
        _ = form.handle(.escape)
        #expect(form.values["city"] == .string("杭州"), "Esc leaves the value as it was")
    }

    @Test func anOutOfRangeNumberIsRefusedWithTheReasonAndTheEditorStaysOpen() {
        var form = Self.form()
        Self.select("Size", in: &form)
        _ = form.handle(.character(" "))
        _ = form.handle(.backspace)
        _ = form.handle(.backspace)
        Self.type("500", into: &form)
        _ = form.handle(.enter)
        #expect(form.error == "parameter 'size' must be between 5 and 200, found 500")
        #expect(form.editor != nil)
        _ = form.handle(.backspace)
        _ = form.handle(.enter)
        #expect(form.values["size"] == .integer(50))
        _ = form.handle(.right)
        #expect(form.values["size"] == .integer(51), "→ steps a number")
    }

    @Test func aTextRuleOfTheDescriptionRefusesTheValueInTheEditorWithItsMessage() {
        let rule = ParameterRule(expected: "HH:MM") { $0.count == 5 && $0.dropFirst(2).first == ":" }
        var form = EditForm(tileID: "clock", title: "倒计时", family: .systemMedium, parameters: [
            ParameterDescription(key: "time", title: "时间", kind: .string(maxLength: 5), defaultValue: .string("18:00"), rule: rule),
        ], values: [:])
        _ = form.handle(.character(" "))
        for _ in 0..<5 { _ = form.handle(.backspace) }
        Self.type("9", into: &form)
        _ = form.handle(.enter)
        #expect(form.error == "parameter 'time' must be HH:MM, found '9'")
        #expect(form.editor != nil)
        _ = form.handle(.escape)
        #expect(form.values["time"] == .string("18:00"))
    }

    @Test func aSlotPicksFromAFilterableListAndSwapsWithTheSlotHoldingThePick() {
        var form = Self.form()
        Self.select("功能 3", in: &form)
        _ = form.handle(.character(" "))
        guard case .picker(let opened)? = form.editor else { Issue.record("no list"); return }
        #expect(opened.matches[opened.highlighted].value == "health", "the list opens on the slot's option")
        Self.type("余额", into: &form)
        guard case .picker(let filtered)? = form.editor else { Issue.record("no list"); return }
        #expect(filtered.matches.map(\.value) == ["yuebao"])
        _ = form.handle(.enter)
        #expect(form.values["buttons"] == .list(["scan", "pay", "yuebao", "transit"]))

        // 收付款 is in slot 2 already: picking it for slot 1 swaps the two.
        Self.select("功能 1", in: &form)
        _ = form.handle(.character(" "))
        Self.type("pay", into: &form)
        _ = form.handle(.enter)
        #expect(form.values["buttons"] == .list(["pay", "scan", "yuebao", "transit"]))

        // Shift-↓ moves a slot down; the selection follows it.
        _ = form.handle(.shiftDown)
        #expect(form.values["buttons"] == .list(["scan", "pay", "yuebao", "transit"]))
        #expect(form.label(of: form.rows[form.selection]) == "功能 2")
        _ = form.handle(.shiftUp)
        #expect(form.values["buttons"] == .list(["pay", "scan", "yuebao", "transit"]))
    }

    @Test func escInAListClearsTheFilterFirstThenGoesBack() {
        var form = Self.form()
        Self.select("地区", in: &form)
        _ = form.handle(.character(" "))
        Self.type("zz", into: &form)
        guard case .picker(let empty)? = form.editor else { Issue.record("no list"); return }
        #expect(empty.matches.isEmpty)
        _ = form.handle(.enter)
        #expect(form.editor != nil, "Enter on an empty list picks nothing")
        _ = form.handle(.escape)
        guard case .picker(let cleared)? = form.editor else { Issue.record("the list closed"); return }
        #expect(cleared.filter.text.isEmpty)
        _ = form.handle(.escape)
        #expect(form.editor == nil)
        _ = form.handle(.character(" "))
        Self.type("日本", into: &form)
        _ = form.handle(.enter)
        #expect(form.values["region"] == .string("jp"))
    }

    @Test func enterSavesEveryValueAndEscCancels() {
        var form = Self.form(values: ["city": .string("北京")])
        Self.select("显示天气", in: &form)
        _ = form.handle(.character(" "))
        guard case .save(let values) = form.handle(.enter) else { Issue.record("Enter did not save"); return }
        #expect(values == [
            "buttons": .list(["scan", "pay", "health", "transit"]), "showWeather": .bool(false), "side": .string("right"),
            "city": .string("北京"), "size": .integer(30), "region": .string("cn"),
        ])
        var cancelled = Self.form()
        let outcome = cancelled.handle(.escape)
        #expect(outcome == .cancel)
    }

    @Test func aLongerStoredListKeepsTheValuesBeyondTheFamilysSlots() {
        var form = Self.form(.systemSmall, values: ["buttons": .list(["cards", "scan", "pay", "cards", "bogus"])])
        #expect(form.rows.filter { if case .slot = $0 { true } else { false } }.count == 2)
        _ = form.handle(.shiftDown)
        guard case .save(let values) = form.handle(.enter) else { Issue.record("Enter did not save"); return }
        #expect(values["buttons"] == .list(["scan", "cards", "pay"]), "unknown and repeated options are dropped, the rest kept")
    }
}

struct LineEditorTests {
    @Test func editsByGraphemeWhateverItsWidth() {
        var line = LineEditor(text: "上海👨‍👩‍👧ab")
        #expect(line.characters.count == 5)
        _ = line.handle(.left)
        _ = line.handle(.left)
        _ = line.handle(.backspace)
        #expect(line.text == "上海ab", "one backspace removes the whole family emoji")
        _ = line.handle(.home)
        _ = line.handle(.delete)
        _ = line.handle(.character("北"))
        #expect(line.text == "北海ab")
        #expect(line.cursor == 1)
        _ = line.handle(.end)
        _ = line.handle(.character("e"))
        _ = line.handle(.character("\u{301}"))
        #expect(line.text == "北海abé")
        #expect(line.cursor == line.characters.count, "a combining mark joins the grapheme before it")
    }

    @Test func controlKeysDeleteWordsAndToTheEnds() {
        var line = LineEditor(text: "apple swift main")
        _ = line.handle(.control("w"))
        #expect(line.text == "apple swift ")
        _ = line.handle(.control("a"))
        _ = line.handle(.right)
        _ = line.handle(.control("k"))
        #expect(line.text == "a")
        _ = line.handle(.control("u"))
        #expect(line.text.isEmpty)
        let used = line.handle(.enter)
        #expect(!used, "Enter is the form's")
    }

    @Test func theVisiblePartScrollsToTheCursorAndNeverCutsAWideCharacter() {
        let line = LineEditor(text: "天气预报很好")
        // 12 columns of text plus the cursor's cell, in 8 columns: the start scrolls away.
        let shown = line.visible(width: 8)
        #expect(shown == ("报很好", " ", ""))
        #expect((shown.before + shown.atCursor + shown.after).cellWidth <= 8)
        var middle = line
        _ = middle.handle(.home)
        _ = middle.handle(.right)
        let start = middle.visible(width: 6)
        #expect(start == ("天", "气", "预"))
    }

    @Test func aPickerMatchesTitlesAndValuesIgnoringCase() {
        var picker = OptionPicker(options: ShopIntent.buttonOptions, current: "transit")
        #expect(picker.matches[picker.highlighted].title == "出行")
        let typed = picker.handle(.character("P"))
        #expect(typed == .choosing)
        #expect(picker.matches.map(\.value) == ["pay"])
        _ = picker.handle(.backspace)
        _ = picker.handle(.character("卡"))
        #expect(picker.matches.map(\.title) == ["行程卡", "卡包"])
        _ = picker.handle(.down)
        let picked = picker.handle(.enter)
        #expect(picked == .picked(ParameterOption(value: "cards", title: "卡包")))
    }
}
