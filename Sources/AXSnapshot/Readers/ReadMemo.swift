/// What reading one file leaves for reading another version of it: the
/// parts that recur byte for byte are taken from the earlier read instead of
/// decoded again (for now the elements of axsnapshot JSON, `JSONScanMemo`;
/// the other formats leave none).
///
/// A read given a memo returns exactly what it returns without one — the same
/// snapshot, or the same error — whatever file the memo came from: the memo
/// only saves work. Which memo goes with which read is the caller's business.
/// Immutable once made.
package struct ReadMemo {
    let json: JSONScanMemo
}
