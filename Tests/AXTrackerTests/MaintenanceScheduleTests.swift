@testable import AXTracker
import Foundation
import XCTest

/// When a watcher hands its rounds' writes to git (`MaintenanceSchedule`): at once after a
/// round that wrote packs, else once `interval` has passed since the last hand-over, with
/// everything gathered since; never when nothing is pending.
final class MaintenanceScheduleTests: XCTestCase {
    func testLooseRoundsAreGatheredUntilTheIntervalHasPassed() {
        let start = Date(timeIntervalSince1970: 1_000)
        var schedule = MaintenanceSchedule(now: start)
        XCTAssertFalse(schedule.isPending)
        XCTAssertFalse(schedule.isDue(now: start + 3_600), "nothing written, nothing due")
        // Rounds of loose objects within the interval: gathered, not handed over.
        for second in [1.0, 10, 59] {
            schedule.record(packs: 0, looseObjects: true)
            XCTAssertFalse(schedule.isDue(now: start + second), "at \(second) s")
        }
        XCTAssertTrue(schedule.isPending)
        // Idle rounds (nothing written) do not delay it: due once the interval is over.
        schedule.record(packs: 0, looseObjects: false)
        XCTAssertFalse(schedule.isDue(now: start + 59.9))
        XCTAssertTrue(schedule.isDue(now: start + 60))
        XCTAssertTrue(schedule.take(now: start + 60) == (packs: 0, looseObjects: true))
        XCTAssertFalse(schedule.isPending)
        XCTAssertFalse(schedule.isDue(now: start + 200))
        // The interval counts from the hand-over.
        schedule.record(packs: 0, looseObjects: true)
        XCTAssertFalse(schedule.isDue(now: start + 119))
        XCTAssertTrue(schedule.isDue(now: start + 120))
    }

    func testARoundThatWrotePacksIsDueAtOnceWithWhatCameBefore() {
        let start = Date(timeIntervalSince1970: 1_000)
        var schedule = MaintenanceSchedule(now: start)
        schedule.record(packs: 0, looseObjects: true)
        XCTAssertFalse(schedule.isDue(now: start + 1))
        schedule.record(packs: 3, looseObjects: false)
        XCTAssertTrue(schedule.isDue(now: start + 2))
        XCTAssertTrue(schedule.take(now: start + 2) == (packs: 3, looseObjects: true))
        XCTAssertTrue(schedule.take(now: start + 3) == (packs: 0, looseObjects: false))
        XCTAssertFalse(schedule.isDue(now: start + 10_000))
    }
}
