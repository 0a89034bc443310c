/// The 建除十二神 officer that rules a day, with its typical 宜/忌.
///
/// The officer is `(dayBranch − monthBranch) mod 12` into 建 除 满 平 定 执 破 危 成 收 开 闭
/// (6tail `getZhiXing`). The 宜/忌 lists are a **simplified** per-officer table
/// (docs/data-sources.md 2b), not 6tail's full table keyed by month and day 干支, so
/// they differ from printed almanacs on many days.
enum DayOfficer: Int, CaseIterable, Sendable {
    case jian, chu, man, ping, ding, zhi, po, wei, cheng, shou, kai, bi

    /// The officer for a day whose branch is `dayBranch`, in a month whose branch is `monthBranch`.
    init(dayBranch: Int, monthBranch: Int) {
        self.init(rawValue: mod(dayBranch - monthBranch, 12))!
    }

    private static let names = ["建", "除", "满", "平", "定", "执", "破", "危", "成", "收", "开", "闭"]

    /// One character, e.g. "闭".
    var name: String { Self.names[rawValue] }

    /// Activities the officer favours (宜).
    var yi: [String] { Self.table[rawValue].yi }
    /// Activities the officer advises against (忌).
    var ji: [String] { Self.table[rawValue].ji }

    private static let table: [(yi: [String], ji: [String])] = [
        (["出行", "赴任", "会友", "求财", "纳财", "裁衣"], ["动土", "开仓", "乘船", "安葬"]),
        (["沐浴", "扫舍", "解除", "求医", "祭祀"], ["嫁娶", "开市", "移徙", "赴任"]),
        (["祭祀", "祈福", "嫁娶", "开市", "纳财", "入宅"], ["服药", "栽种", "安葬", "赴任"]),
        (["修造", "平治道涂", "修饰垣墙", "嫁娶", "会友"], ["词讼", "移徙", "开渠"]),
        (["祭祀", "祈福", "订盟", "嫁娶", "纳畜", "入宅"], ["词讼", "出行", "移徙"]),
        (["祭祀", "捕捉", "立券", "订盟", "嫁娶"], ["移徙", "出行", "开市"]),
        (["破屋", "坏垣", "拆卸", "求医"], ["嫁娶", "开市", "出行", "订盟"]),
        (["祭祀", "祈福", "安床", "伐木", "畋猎"], ["登高", "乘船", "出行", "嫁娶"]),
        (["嫁娶", "开市", "入学", "交易", "修造", "入宅", "出行"], ["词讼"]),
        (["纳财", "求财", "纳畜", "捕捉", "嫁娶"], ["放债", "安葬", "出行"]),
        (["祭祀", "祈福", "入学", "开市", "交易", "出行", "修造"], ["安葬", "破土"]),
        (["祭祀", "筑堤", "补垣", "塞穴"], ["开市", "出行", "求医", "嫁娶"]),
    ]
}
