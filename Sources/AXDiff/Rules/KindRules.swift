/// The registry: every change kind's rule, once. `ChangeKind.allCases`, the
/// SARIF `rules` array (whose `ruleIndex` is a kind's place here), the
/// configuration's kind names, `axdiff help KIND` and the README's table
/// check all read this list, and `ScreenDiffer` runs the rules in it.
///
/// Later kinds go last, so that every earlier kind keeps its SARIF `ruleIndex`.
enum KindRules {
    static let all: [any KindRule.Type] = [
        OrderRegressed.self, OrderChanged.self, OrderImproved.self,
        LabelLost.self, LabelMissing.self, LabelRoleWord.self, LabelChanged.self,
        StopAdded.self, StopRemoved.self, StopDecorative.self, StopsIncreased.self,
        GroupMerged.self, GroupControlMerged.self, GroupSplit.self,
        RoleChanged.self, StateChanged.self, ValueChanged.self, NameDuplicate.self,
        ScreenAdded.self, ScreenRemoved.self, SnapshotUnreadable.self,
        ActionLost.self, LabelInputRemoved.self, HintChanged.self, TargetSmall.self,
        LabelRepeated.self, LabelUntranslated.self,
        ScreenRenamed.self,
        HeadingChanged.self, ContainerChanged.self, ContainerApplication.self,
    ]

    static let kinds: [ChangeKind] = all.map(ChangeKind.init)

    static let byName: [String: ChangeKind] = Dictionary(uniqueKeysWithValues: kinds.map { ($0.rawValue, $0) })

    /// The rules `ScreenDiffer` runs on every diff of two versions.
    static let changeRules = all.compactMap { $0.asChangeRule }

    /// The reading-order rules, which `OrderAnalysis` chooses among per moved stop.
    static let orderRules = all.compactMap { $0.asOrderRule }
}
