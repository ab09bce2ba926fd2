/// One container of the new version, for error before recovery: its matched
/// statuses and its matched controls in reading order (`NewSidePartners`).
///
/// A pair (status after control) is newly broken unless the old version had
/// the same two in one container, not clean, the status read after the
/// control, the control a control then and the status a status (or named by
/// it): what changed of a partner is its role, for a control, or its being
/// a status.
struct NewSideErrorPairs {
    let statuses: NewSidePartners
    let controls: NewSidePartners
}
