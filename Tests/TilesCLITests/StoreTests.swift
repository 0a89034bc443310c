import Foundation
import Testing

@Suite struct StoreTests {
    @Test func testSetGetListUnsetRoundTripWithCJKValues() throws {
        let home = try DashboardHome()
        let environment = home.environment(serviceURL: "http://127.0.0.1:9")
        #expect(try runTiles(["store", "set", "alipay.city", "杭州"], environment: environment).status == 0)
        #expect(try runTiles(["store", "set", "note", "加油,打工人!😄 ｜全角"], environment: environment).status == 0)

        let city = try runTiles(["store", "get", "alipay.city"], environment: environment)
        #expect(city.status == 0)
        #expect(city.stdout == "杭州\n")

        let list = try runTiles(["store", "list"], environment: environment)
        #expect(list.status == 0)
        #expect(list.stdout == "alipay.city=杭州\nnote=加油,打工人!😄 ｜全角\n")

        #expect(try runTiles(["store", "unset", "alipay.city"], environment: environment).status == 0)
        let gone = try runTiles(["store", "get", "alipay.city"], environment: environment)
        #expect(gone.status == 1)
        #expect(gone.stdout == "")
        #expect(gone.stderr == "tiles: store: 'alipay.city' is not set\n")
        #expect(try runTiles(["store", "list"], environment: environment).stdout == "note=加油,打工人!😄 ｜全角\n")
    }

    @Test func testStoreLivesInTheDataDirectory() throws {
        let home = try DashboardHome()
        let environment = home.environment(serviceURL: "http://127.0.0.1:9")
        #expect(try runTiles(["store", "set", "k", "v"], environment: environment).status == 0)
        let file = home.root.appendingPathComponent("data/tiles/store.json")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("\"k\" : \"v\""))
    }

    @Test func testStoreListAndGetEscapeControlCharactersInKeysAndValues() throws {
        let home = try DashboardHome()
        let environment = home.environment(serviceURL: "http://127.0.0.1:9")
        // A title-setting OSC in the key; a screen clear, an OSC 52 clipboard write and a C1 CSI in the value.
        let key = "note\u{1B}]0;owned\u{07}"
        let value = "\u{1B}[2J\u{1B}]52;c;aGk=\u{1B}\\x\u{9B}1m\ny"
        #expect(try runTiles(["store", "set", key, value], environment: environment).status == 0)

        let list = try runTiles(["store", "list"], environment: environment)
        #expect(list.status == 0)
        #expect(list.stdout == #"note\u001b]0;owned\u0007=\u001b[2J\u001b]52;c;aGk=\u001b\x\u009b1m\ny"# + "\n")
        let get = try runTiles(["store", "get", key], environment: environment)
        #expect(get.stdout == #"\u001b[2J\u001b]52;c;aGk=\u001b\x\u009b1m\ny"# + "\n")
        let missing = try runTiles(["store", "get", "gone\u{1B}[31m"], environment: environment)
        #expect(missing.stderr == #"tiles: store: 'gone\u001b[31m' is not set"# + "\n")
        for output in [list.stdout, get.stdout, missing.stderr] {
            #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test func testGetWithoutAKeyIsAUsageError() throws {
        let home = try DashboardHome()
        let result = try runTiles(["store", "get"], environment: home.environment(serviceURL: "http://127.0.0.1:9"))
        #expect(result.status == 2)
    }
}
