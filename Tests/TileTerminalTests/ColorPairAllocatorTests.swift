import Testing
@testable import TileTerminal

@Suite struct ColorPairAllocatorTests {
    typealias Colors = ColorPairAllocator.Colors
    func colors(_ foreground: Int32, _ background: Int32) -> Colors { Colors(foreground: foreground, background: background) }

    @Test func defaultColorsArePairZeroAndNeverCounted() {
        var allocator = ColorPairAllocator(capacity: 2)
        #expect(allocator.retain(.terminalDefault) == .init(pair: 0, needsInitialization: false))
        allocator.release(0)
        #expect(allocator.retain(colors(1, 2))?.pair == 1)
    }

    @Test func theSameColorsShareOnePairInitialisedOnce() {
        var allocator = ColorPairAllocator(capacity: 10)
        #expect(allocator.retain(colors(196, -1)) == .init(pair: 1, needsInitialization: true))
        #expect(allocator.retain(colors(196, -1)) == .init(pair: 1, needsInitialization: false))
        #expect(allocator.retain(colors(-1, 21)) == .init(pair: 2, needsInitialization: true))
        #expect(allocator.referenceCount(of: 1) == 2)
        #expect(allocator.colors(of: 2) == colors(-1, 21))
    }

    /// The next cell of a run in the same colours counts as one more reference, released like any.
    @Test func retainingAgainCountsLikeRetaining() {
        var allocator = ColorPairAllocator(capacity: 2)
        let pair = allocator.retain(colors(3, 4))!.pair
        allocator.retainAgain(pair)
        allocator.retainAgain(0)
        #expect(allocator.referenceCount(of: pair) == 2)
        allocator.release(pair)
        allocator.release(pair)
        #expect(allocator.referenceCount(of: pair) == 0)
        #expect(allocator.retain(colors(5, 6))?.pair == 2)
    }

    @Test func aReleasedPairIsReusedForItsColoursWithoutReinitialising() {
        var allocator = ColorPairAllocator(capacity: 1)
        _ = allocator.retain(colors(1, 2))
        allocator.release(1)
        #expect(allocator.retain(colors(1, 2)) == .init(pair: 1, needsInitialization: false))
    }

    @Test func whenEveryPairIsOnScreenNoneIsTaken() {
        var allocator = ColorPairAllocator(capacity: 2)
        _ = allocator.retain(colors(1, 1))
        _ = allocator.retain(colors(2, 2))
        #expect(allocator.retain(colors(3, 3)) == nil)
        #expect(allocator.colors(of: 1) == colors(1, 1))
        #expect(allocator.colors(of: 2) == colors(2, 2))
    }

    @Test func recyclingTakesTheLeastRecentlyReleasedPair() {
        var allocator = ColorPairAllocator(capacity: 3)
        for value in Int32(1)...3 { _ = allocator.retain(colors(value, value)) }
        allocator.release(2)
        allocator.release(3)
        allocator.release(1)
        #expect(allocator.retain(colors(9, 9)) == .init(pair: 2, needsInitialization: true))
        #expect(allocator.retain(colors(8, 8)) == .init(pair: 3, needsInitialization: true))
        // Pair 2's old colours are gone; pair 1 still holds its own.
        #expect(allocator.retain(colors(1, 1)) == .init(pair: 1, needsInitialization: false))
        #expect(allocator.retain(colors(2, 2)) == nil)
    }

    @Test func aPairRetainedAgainLeavesTheRecyclingQueue() {
        var allocator = ColorPairAllocator(capacity: 2)
        _ = allocator.retain(colors(1, 1))
        _ = allocator.retain(colors(2, 2))
        allocator.release(1)
        allocator.release(2)
        _ = allocator.retain(colors(1, 1))
        #expect(allocator.retain(colors(3, 3)) == .init(pair: 2, needsInitialization: true))
        #expect(allocator.retain(colors(4, 4)) == nil)
    }

    @Test func releaseAllFreesEveryPairButKeepsItsColours() {
        var allocator = ColorPairAllocator(capacity: 2)
        _ = allocator.retain(colors(1, 1))
        _ = allocator.retain(colors(1, 1))
        _ = allocator.retain(colors(2, 2))
        allocator.releaseAll()
        #expect(allocator.referenceCount(of: 1) == 0)
        #expect(allocator.retain(colors(2, 2)) == .init(pair: 2, needsInitialization: false))
        #expect(allocator.retain(colors(3, 3)) == .init(pair: 1, needsInitialization: true))
    }

    @Test func zeroCapacityOnlyHasTheDefaultPair() {
        var allocator = ColorPairAllocator(capacity: 0)
        #expect(allocator.retain(colors(1, 1)) == nil)
        #expect(allocator.retain(.terminalDefault)?.pair == 0)
    }
}
