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
        // Rounds of loose objects within the interval: gathered, not handed over.
        for second in [1.0, 10, 59] {
            XCTAssertFalse(schedule.record(packs: 0, looseObjects: true, now: start + second), "at \(second) s")
        }
        XCTAssertTrue(schedule.isPending)
        // A round that wrote nothing is not a reason either, until the interval is over.
        XCTAssertFalse(schedule.record(packs: 0, looseObjects: false, now: start + 59.9))
        XCTAssertTrue(schedule.record(packs: 0, looseObjects: false, now: start + 60))
        XCTAssertTrue(schedule.take(now: start + 60) == (packs: 0, looseObjects: true))
        XCTAssertFalse(schedule.isPending)
        // The interval counts from the hand-over.
        XCTAssertFalse(schedule.record(packs: 0, looseObjects: true, now: start + 119))
        XCTAssertTrue(schedule.record(packs: 0, looseObjects: true, now: start + 120))
    }

    func testARoundThatWrotePacksIsHandedOverAtOnceWithWhatCameBefore() {
        let start = Date(timeIntervalSince1970: 1_000)
        var schedule = MaintenanceSchedule(now: start)
        XCTAssertFalse(schedule.record(packs: 0, looseObjects: true, now: start + 1))
        XCTAssertTrue(schedule.record(packs: 3, looseObjects: false, now: start + 2))
        XCTAssertTrue(schedule.take(now: start + 2) == (packs: 3, looseObjects: true))
        XCTAssertTrue(schedule.take(now: start + 3) == (packs: 0, looseObjects: false))
        // Nothing pending: nothing is due, however long it has been.
        XCTAssertFalse(schedule.record(packs: 0, looseObjects: false, now: start + 10_000))
    }
}
