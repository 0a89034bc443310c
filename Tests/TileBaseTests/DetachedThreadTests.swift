import Foundation
import Synchronization
import Testing
import TileBase

/// Threads and conditions on POSIX primitives, in place of Foundation's `Thread` and `NSCondition`.
@Suite struct DetachedThreadTests {
    @Test func aThreadRunsItsWorkUnderItsNameAndAConditionWakesTheWaiter() {
        let condition = ThreadCondition()
        let result = Mutex<(done: Bool, name: String)>((false, ""))
        DetachedThread.start(named: "tiles.test-thread-long-name") {
            let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
            condition.lock()
            result.withLock { $0 = (true, name.trimmingCharacters(in: .newlines)) }
            condition.signal()
            condition.unlock()
        }
        condition.lock()
        while !result.withLock({ $0.done }) { condition.wait() }
        condition.unlock()
        // The kernel keeps 15 bytes of a thread's name.
        #expect(result.withLock { $0.name } == "tiles.test-thre")
    }
}
