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

    @Test func testGetWithoutAKeyIsAUsageError() throws {
        let home = try DashboardHome()
        let result = try runTiles(["store", "get"], environment: home.environment(serviceURL: "http://127.0.0.1:9"))
        #expect(result.status == 2)
    }
}
