import TileUI

/// The seed's QQ Sync medium widget (seed 000) ported to cells with docs/rules.md part C: a gradient
/// behind a quote on the left and the big day number, `06月 周一` and a 去分享 pill on the right.
/// Used by the golden test, the benchmark and the docs.
public struct QQSyncMediumSample: View {
    public var quote: String
    public var day: String
    public var monthAndWeekday: String

    public init(
        quote: String = "所有快乐都向你靠拢,所有好运都在路上。",
        day: String = "06",
        monthAndWeekday: String = "06月 周一"
    ) {
        self.quote = quote
        self.day = day
        self.monthAndWeekday = monthAndWeekday
    }

    public var body: some View {
        ZStack {
            LinearGradient(
                colors: [Color(hex: 0x3A7BD5), Color(hex: 0x8E54E9)],
                startPoint: .topLeading, endPoint: .bottomTrailing)
            HStack {
                VStack(alignment: .leading) {
                    Spacer()
                    Text(quote)
                        .font(.system(size: 19))
                        .fontWeight(.semibold)
                        .minimumScaleFactor(0.5)
                        .foregroundColor(.white)
                    Spacer()
                    Text("加油,打工人!😄")
                        .font(.system(size: 16))
                        .minimumScaleFactor(0.5)
                        .foregroundColor(.white)
                    Spacer()
                }
                Spacer()
                VStack {
                    Spacer()
                    // The seed's −10 pt padding tightened the font's line height; block glyphs
                    // have no leading, so the port leaves it out.
                    Text(day)
                        .font(.system(size: 50))
                        .fontWeight(.semibold)
                        .foregroundColor(.white)
                    Text(monthAndWeekday)
                        .lineLimit(1)
                        .minimumScaleFactor(0.5)
                        .font(.system(size: 14))
                        .foregroundColor(.white)
                    Spacer()
                    Text("去分享")
                        .fixedSize()
                        .font(.system(size: 14))
                        .padding(EdgeInsets(points: 5, 20, 5, 20))
                        .background(.white)
                        .foregroundColor(.black)
                        .cornerRadius(12)
                    Spacer()
                }
            }
            .padding(EdgeInsets(points: 0, 20, 0, 20))
        }
    }
}
