import Foundation
import XCTest

/// Every complexity claim in a doc comment is backed by a scaling test (a
/// ratio of times at n and 8n, `Scaling`), or says here why it has none. A new
/// claim fails this test until it is listed; a listed claim that is gone, or a
/// test that does not exist, fails it too.
///
/// The claims without a test (`.missing`) are the list still to do: the
/// review site's history-level ones, the pack writer.
final class ComplexityClaimsTests: XCTestCase {
    enum Backing: Equatable {
        /// "Suite.testName": the scaling test.
        case test(String)
        /// Why a scaling test would check nothing.
        case none(String)
        /// No scaling test yet.
        case missing
    }

    /// Claims by `ComplexityClaim.key`.
    static let claims: [String: Backing] = [
        "NameDuplicate.changes": .test("DiffScalingTests.testDiffOfAnEditedScreenGrowsAsNLogN"),
        "NameDuplicate.touchedNames": .test("DiffScalingTests.testDiffOfAnEditedScreenGrowsAsNLogN"),
        "NameDuplicate.duplicates": .test("DiffScalingTests.testDiffOfAnEditedScreenGrowsAsNLogN"),
        "StopsIncreased.changes": .test("DiffScalingTests.testDiffOfAnEditedScreenGrowsAsNLogN"),
        "LabelPattern.matches": .test("VolatileLabelTests.testStepsGrowLinearlyWithTheText"),
        "LabelPattern.find": .test("VolatileLabelTests.testStepsGrowLinearlyWithTheText"),
        "LocaleSiblings.sourcePaths": .test("HelperScalingTests.testASourceLocalePathIsFoundInTimeLinearInThePath"),
        "Suggestion.distance": .none("O(a × b) on two short names (a typo suggestion)"),
        "LabelQuality.asciiLooksLikeAssetName": .test("HelperScalingTests.testAnAssetNameTestIsLinearInTheLabel"),
        "GroupMatcher": .test("DiffScalingTests.testAManyWordLabelIsLinearInItsWords"),
        "GroupMatcher.widenByValue": .test("GroupScalingTests.testMergesByValueAreFoundInLinearTime"),
        "GroupMatcher.absorbByID": .test("GroupScalingTests.testStopsFoldedByIDAreFoundInLinearTime"),
        "Matcher": .test("IdentityScalingTests.testMatchingOfDuplicateRowsGrowsAsNLogN"),
        "AnchorPass.pairUnique": .test("IdentityScalingTests.testMatchingOfDuplicateRowsGrowsAsNLogN"),
        "AnchorPass.pairUniqueIDs": .test("DiffScalingTests.testDiffOfAnEditedScreenGrowsAsNLogN"),
        "AnchorPass.extend": .test("IdentityScalingTests.testMatchingOfDuplicateRowsGrowsAsNLogN"),
        "GapAligner": .test("IdentityScalingTests.testAligningGapsWithoutAnchorsGrowsAsNLogN"),
        "GapAligner.lcs": .test("IdentityScalingTests.testAligningGapsWithoutAnchorsGrowsAsNLogN"),
        "GapAligner.inOrder": .test("IdentityScalingTests.testAligningGapsWithoutAnchorsGrowsAsNLogN"),
        "SimilarPass": .test("IdentityScalingTests.testMatchingOfDuplicateRowsGrowsAsNLogN"),
        "ScreenDiffer.sameScreenShare": .test("IdentityScalingTests.testMatchingOfDuplicateRowsGrowsAsNLogN"),
        "CommitAnalyzer.pairingRenames": .none("at most maxRenameCandidates matchings per commit, each as Matcher, which has its test"),
        "GroupMatcher.reads": .none("O(t · p) on one label and one stop's few words, asked per unmatched stop; IdentityScalingTests covers the pass"),
        "GroupMatcher.absorbByNeighbour": .test("IdentityScalingTests.testMatchingOfDuplicateRowsGrowsAsNLogN"),
        "NeighbourMatcher": .test("OrderScalingTests.testMatchingByFrameIsLinearInTheBucket"),
        "DiffContext.init": .test("DiffScalingTests.testDiffOfAnEditedScreenGrowsAsNLogN"),
        "DiffContext.pairsWithHintsOrActions": .test("DiffScalingTests.testDiffOfAnEditedScreenGrowsAsNLogN"),
        "OrderWindow.around": .none("O(1): a window of fixed size"),
        "CleanContainers.init": .test("OrderScalingTests.testOrderAnalysisGrowsAsNLogNWhateverTheMoves"),
        "CleanContainers.settles": .test("OrderScalingTests.testOrderAnalysisGrowsAsNLogNWhateverTheMoves"),
        "LongestIncreasingSubsequence": .test("DiffScalingTests.testLongestIncreasingSubsequenceGrowsAsNLogN"),
        "MovedStops.init": .test("OrderScalingTests.testOrderAnalysisGrowsAsNLogNWhateverTheMoves"),
        "OrderAnalysis.analyse": .test("OrderScalingTests.testOrderAnalysisGrowsAsNLogNWhateverTheMoves"),
        "OrderAnalysis.measureJumps": .test("OrderScalingTests.testOrderAnalysisGrowsAsNLogNWhateverTheMoves"),
        "OrderAnalysis.noteVisual": .test("OrderScalingTests.testOrderAnalysisGrowsAsNLogNWhateverTheMoves"),
        "OrderAnalysis.noteContainerReferences": .test("OrderScalingTests.testOrderAnalysisGrowsAsNLogNWhateverTheMoves"),
        "ContainerPartners.note": .test("ContainerReferenceTests.testContainerReferencesAreLinearInTheContainer"),
        "ContainerIndex.init": .test("ContainerReferenceTests.testContainerReferencesAreLinearInTheContainer"),
        "LabelForms.contains": .test("ScalarCharactersTests.testContainsIsLinearInTheLabels"),
        "ScalarCharacters.hold": .test("ScalarCharactersTests.testContainsIsLinearInTheLabels"),
        "KeyedPositions.init": .test("ContainerReferenceTests.testContainerReferencesAreLinearInTheContainer"),
        "KeyedPositions.subscript": .test("ContainerReferenceTests.testContainerReferencesAreLinearInTheContainer"),
        "KeyedPositions.contains": .test("ContainerReferenceTests.testContainerReferencesAreLinearInTheContainer"),
        "ContainerPartners.firstBrokenError": .test("ErrorPairsTests.testErrorPairsAreFoundInTimeLinearInTheContainer"),
        "FirstPast.first": .test("ErrorPairsTests.testErrorPairsAreFoundInTimeLinearInTheContainer"),
        "FirstPast.init": .test("ErrorPairsTests.testErrorPairsAreFoundInTimeLinearInTheContainer"),
        "NewSidePartners.candidate": .test("ErrorPairsTests.testErrorPairsAreFoundInTimeLinearInTheContainer"),
        "NewSidePartners.init": .test("ErrorPairsTests.testErrorPairsAreFoundInTimeLinearInTheContainer"),
        "OldSidePartners.init": .test("ObjectPairsTests.testObjectPairsAreFoundInTimeLinearInTheContainer"),
        "OldSidePartners.firstAfter": .test("ObjectPairsTests.testObjectPairsAreFoundInTimeLinearInTheContainer"),
        "SortedPositions.firstAbove": .test("ErrorPairsTests.testErrorPairsAreFoundInTimeLinearInTheContainer"),
        "OldSidePartners.inNewOrder": .test("ErrorPairsTests.testErrorPairsAreFoundInTimeLinearInTheContainer"),
        "ContainerPartners.firstBrokenObject": .test("ObjectPairsTests.testObjectPairsAreFoundInTimeLinearInTheContainer"),
        "ContainerPartners.firstRepairedObject": .test("ObjectPairsTests.testObjectPairsAreFoundInTimeLinearInTheContainer"),
        "ContainerIndex.forEachObjectList": .test("ObjectPairsTests.testObjectPairsAreFoundInTimeLinearInTheContainer"),
        "ContainerIndex.controlList": .test("ObjectPairsTests.testObjectPairsAreFoundInTimeLinearInTheContainer"),
        "OldSideErrorPairs.controlNowAfter": .test("ErrorPairsTests.testErrorPairsAreFoundInTimeLinearInTheContainer"),
        "OldSideErrorPairs.init": .test("ErrorPairsTests.testErrorPairsAreFoundInTimeLinearInTheContainer"),
        "OldSideErrorPairs.statusNowBefore": .test("ErrorPairsTests.testErrorPairsAreFoundInTimeLinearInTheContainer"),
        "ContainerIndex.objects": .test("ContainerReferenceTests.testContainerReferencesAreLinearInTheContainer"),
        "ContainerIndex.controls": .test("ContainerReferenceTests.testContainerReferencesAreLinearInTheContainer"),
        "OrderReference.contractViolations": .test("RuleScalingTests.testAContractIsCheckedInTimeLinearInTheStops"),
        "ScreenPlaces.init": .test("OrderScalingTests.testOrderAnalysisGrowsAsNLogNWhateverTheMoves"),
        "VisualInversions": .test("OrderScalingTests.testOrderAnalysisGrowsAsNLogNWhateverTheMoves"),
        "VisualInversions.dominance": .test("DiffScalingTests.testDominanceCountsGrowAsNLogN"),
        "ActionLost.changes": .test("DiffScalingTests.testDiffOfAnEditedScreenGrowsAsNLogN"),
        "ActionLost.namedByControls": .test("HelperScalingTests.testLostActionNamesAreLookedForInTimeLinearInTheControlsWords"),
        "LabelRepeated.changes": .test("DiffScalingTests.testDiffOfAnEditedScreenGrowsAsNLogN"),
        "LabelRepeated.repeated": .test("DiffScalingTests.testAManyWordLabelIsLinearInItsWords"),
        "LabelUntranslated.changes": .test("RuleScalingTests.testUntranslatedLabelsAreFoundInLinearTime"),
        "LabelUntranslated.keys": .test("RuleScalingTests.testUntranslatedLabelsAreFoundInLinearTime"),
        "WebTargetExceptions.init": .test("TargetScalingTests.testSpacingIsCheckedInTimeLinearInTheTargets"),
        "WebTargetExceptions.isSpaced": .test("TargetScalingTests.testSpacingIsCheckedInTimeLinearInTheTargets"),
        "AndroidDensity.density": .test("PathScalingTests.testDirectionAndDensityAreLinearInTheNodes"),
        "LayoutDirectionInference.direction": .test("PathScalingTests.testDirectionAndDensityAreLinearInTheNodes"),
        "PathFacts.complete": .test("PathScalingTests.testDirectionAndDensityAreLinearInTheNodes"),
        "PathLocale.locale": .test("PathScalingTests.testThePathsLocaleAndScreenNameAreLinearInThePath"),
        "ScreenName.name": .test("PathScalingTests.testThePathsLocaleAndScreenNameAreLinearInThePath"),
        "TargetSmall.changes": .test("DiffScalingTests.testDiffOfAnEditedScreenGrowsAsNLogN"),
        "ScreenDiffer.diff": .test("DiffScalingTests.testDiffOfAnEditedScreenGrowsAsNLogN"),
        "AcceptTrailer.editDistance": .none("O(a × b) on two short words (a typo suggestion)"),
        "AcceptTrailer.accepting": .test("AcceptanceScalingTests.testAcceptanceIsLinearInTheChangesAndInTheTrailers"),
        "AcceptTrailer.acceptance": .test("AcceptanceScalingTests.testAcceptanceIsLinearInTheChangesAndInTheTrailers"),
        "Gate.straySnapshotsRemark": .test("GateScalingTests.testStraySnapshotsAreLookedAtABoundedNumberOfTimes"),
        "Gate.check": .test("GateScalingTests.testTheGateIsLinearInTheSnapshotFiles"),
        "Gate.branchVerdict": .test("GateScalingTests.testTheGateIsLinearInTheSnapshotFiles"),
        "RefLayout.directories": .none("a walk of the directories under refs/, stopped at its limit (4096 for the watcher)"),
        "NotesLayout.findNote": .test("RepositoryScalingTests.testListingTheNotesIsLinearAndFindingOneIsNot"),
        "NotesTreeBuilder": .test("NotesWriteScalingTests.testABatchCostsTheDirectoriesItTouches"),
        "NotesTreeBuilder.writeLevel": .test("NotesWriteScalingTests.testABatchCostsTheDirectoriesItTouches"),
        "NotesWriter.write": .test("NotesWriteScalingTests.testABatchCostsTheDirectoriesItTouches"),
        "PackIndex.encode": .test("AXGitScalingTests.testAPackIndexIsEncodedInNLogN"),
        "PackLeftovers.removeAbandoned": .none("one read of a directory: no growth to check"),
        "PackWriter.write": .missing,
        "PathGlob.matches": .test("PathGlobTests.testManyDoubleStarsMatchInTimeProportionalToPatternTimesPath"),
        "Repository.annotatedCommits": .test("RepositoryScalingTests.testListingTheNotesIsLinearAndFindingOneIsNot"),
        "Repository.mergeNotes": .test("NotesMergeScalingTests.testAMergeCostsTheDifferenceNotTheNotes"),
        "Repository.commits": .test("RepositoryScalingTests.testTheHistoryWalkGrowsAsCLogC"),
        "Repository.shallowWalk": .test("ShallowWalkScalingTests.testAShallowWalkIsLinearInTheCommitsWithinTheClone"),
        "Repository.changes": .test("AXGitScalingTests.testATreeDiffIgnoresTheSizeOfUnchangedSubtrees"),
        "Repository.diffTrees": .test("AXGitScalingTests.testATreeDiffIgnoresTheSizeOfUnchangedSubtrees"),
        "TreeObject.insertionPoint": .test("AXGitScalingTests.testATreeEncodesInLinearTimeAndFindsANameInLogTime"),
        "TreeObject.encoded": .test("AXGitScalingTests.testATreeEncodesInLinearTimeAndFindsANameInLogTime"),
        "SnapshotJSONWriter": .test("RecordScalingTests.testTheSnapshotWriterIsLinearInItsOutput"),
        "WebTreeBuilder": .test("RecordScalingTests.testTheWebTreeBuilderIsLinearInTheNodes"),
        "CommitPage.render": .test("ReportScalingTests.testACommitPageIsLinearInItsScreens"),
        "Wireframe.init": .test("WireframeScalingTests.testRenderingIsLinearInTheStops"),
        "WireframeSVG.render": .test("WireframeScalingTests.testRenderingIsLinearInTheStops"),
        "WireframeSVG.containers": .test("WireframeScalingTests.testRenderingIsLinearInTheStops"),
        "SiteBuilder.keep": .none("O(k) over a list of at most ScreenPage.historyLimit (5) entries: bounded by a constant"),
        "SiteBuilder.screenHistory": .none("at most ScreenPage.historyLimit (5) commit analyses, each the analysis's own cost"),
        "WireframeText.render": .test("WireframeScalingTests.testRenderingIsLinearInTheStops"),
        "WireframeFigure.commit": .test("WireframeScalingTests.testRenderingIsLinearInTheStops"),
        "Report.svgDocument": .test("ReportScalingTests.testEveryFormatIsLinearInTheChanges"),  // Report.svg over n screens
        "HTMLEscape.text": .test("ReportScalingTests.testTextHelpersAreLinearInTheText"),
        "ReadingOrderLinks.init": .test("ReportScalingTests.testReadingOrderLinksAreLinearInTheStops"),
        "ScreenPage.render": .test("ReportScalingTests.testAScreenPageIsLinearInItsPoints"),
        "SiteIndexPage.render": .test("ReportScalingTests.testTheSiteIndexIsLinearInCommitsScreensAndBranches"),
        "SiteModel.screen": .test("ReportScalingTests.testTheTrendPlotIsLinearInItsPoints"),
        "TrendPlot.svg": .test("ReportScalingTests.testTheTrendPlotIsLinearInItsPoints"),
        "TrendPlot.chains": .test("ReportScalingTests.testTheTrendPlotIsLinearInItsPoints"),
        "FNV1a.hex": .test("ReportScalingTests.testTextHelpersAreLinearInTheText"),
        "LineDiff.init": .test("LineDiffTests.testALineDiffIsLinearInTheLinesForAFewEdits"),
        "SARIFPlacement.init": .test("ReportScalingTests.testEveryFormatIsLinearInTheChanges"),
        "SARIFPlacement.nextStopLine": .none("a binary search over the stops' lines"),
        "SARIFPlacement.nearest": .none("a binary search over the added lines"),
        "StraySnapshotNotice.line": .none("bounded: two tree lookups per commit, at most 8 tree listings and 50 blob reads"),
        "SnapshotFiles.workingTreeRoot": .none("one lookup per component of a path"),
        "ReportFiles.versions": .none("a fixed number of reads per reported snapshot"),
        "JSONDocument.rendered": .test("ReportScalingTests.testEveryFormatIsLinearInTheChanges"),
        "ReportModel.init": .test("ReportScalingTests.testEveryFormatIsLinearInTheChanges"),
        "ReportModel.shown": .test("ReportScalingTests.testChangesOfOneScreenAreSortedInNLogN"),
        "String.isOneLine": .test("ReportScalingTests.testTextHelpersAreLinearInTheText"),
        "SiteBuilder.branchVerdicts": .missing,
        "SiteBuilder.lineage": .missing,
        "SiteBuilder.build": .missing,
        "SiteBuilder.write": .missing,
        "JSONParser": .test("HostileInputTests.testTruncatedJSONReadsInLinearTime"),
        "AXSnapshotJSONDecoder": .test("HostileInputTests.testTruncatedJSONReadsInLinearTime"),
        "JSONKeys": .test("HostileInputTests.testTruncatedJSONReadsInLinearTime"),
        "IDPrints.init": .test("DiffScalingTests.testDiffOfAnEditedScreenGrowsAsNLogN"),
        "Snapshot.stops": .test("ReaderScalingTests.testStopsAreLinearInTheNodes"),
        "Snapshot.stopTree": .test("DiffScalingTests.testDiffOfAnEditedScreenGrowsAsNLogN"),
        "Snapshot.countShown": .test("ReaderScalingTests.testStopsAreLinearInTheNodes"),
        "PreparedVersion.init": .test("OrderScalingTests.testOrderAnalysisGrowsAsNLogNWhateverTheMoves"),
        "ScreenOutline.outline": .test("OutlineScalingTests.testEveryListAndHeadingRenamedScalesAsNLogN"),
        "ScreenOutline.foldedHeadings": .test("OutlineScalingTests.testEveryListAndHeadingRenamedScalesAsNLogN"),
        "ScreenOutline.text": .test("OutlineScalingTests.testEveryListAndHeadingRenamedScalesAsNLogN"),
        "ScreenOutline.walk": .test("OutlineScalingTests.testEveryListAndHeadingRenamedScalesAsNLogN"),
        "ContainerPairs.init": .test("OutlineScalingTests.testEveryListAndHeadingRenamedScalesAsNLogN"),
        "ContainerPairs.count": .test("OutlineScalingTests.testEveryListAndHeadingRenamedScalesAsNLogN"),
        "HeadingPairs.init": .test("OutlineScalingTests.testEveryListAndHeadingRenamedScalesAsNLogN"),
        "StopTree.memberStops": .test("HelperScalingTests.testMemberStopsAreLinearInTheChildren"),
        "VisualOrder": .test("OrderScalingTests.testOrderAnalysisGrowsAsNLogNWhateverTheMoves"),
        "VisualOrder.ranks": .test("OrderScalingTests.testOrderAnalysisGrowsAsNLogNWhateverTheMoves"),
        "VisualOrder.isInVisualOrder": .test("OrderScalingTests.testOrderAnalysisGrowsAsNLogNWhateverTheMoves"),
        "VisualOrder.sortedByTop": .test("OrderScalingTests.testOrderAnalysisGrowsAsNLogNWhateverTheMoves"),
        "AriaBlockScalar.collect": .test("AriaPatternTests.testBlockScalarScalesLinearly"),
        "AriaPattern.spoken": .test("AriaPatternTests.testHostilePatternsReadInLinearTime"),
        "SnapshotReader.contentStart": .none("O(k) in leading whitespace, before any reading"),
        "SnapshotReader.textStart": .none("O(k) in leading whitespace, before any reading"),
        "SnapshotReader.isValidUTF8": .test("HostileInputTests.testLongLabelsReadInLinearTime"),
        "SnapshotReader.firstNUL": .test("HostileInputTests.testLongLabelsReadInLinearTime"),
        "SnapshotReader.elementBound": .test("ElementBoundTests.testTheCountIsLinearInTheBytes"),
        "UIAutomatorParser.run": .test("ReaderScalingTests.testUIAutomatorDumpIsLinearInItsNodes"),
        "UIAutomatorParser.start": .test("ReaderScalingTests.testUIAutomatorDumpIsLinearInItsNodes"),
        "UIAutomatorAttributeNames.attribute": .none("O(1) per attribute once its name is seen; testUIAutomatorDumpIsLinearInItsNodes covers the nodes"),
        "UIAutomatorClassTable.index": .none("O(length) of one class name, once per node; testUIAutomatorDumpIsLinearInItsNodes covers the nodes"),
        "UIAutomatorNode.parseBounds": .test("ReaderScalingTests.testUIAutomatorDumpIsLinearInItsNodes"),
        "UIAutomatorNode.needsCleaning": .test("ReaderScalingTests.testUIAutomatorDumpIsLinearInItsNodes"),
        "UIAutomatorReader.parse": .test("ReaderScalingTests.testUIAutomatorDumpIsLinearInItsNodes"),
        "UIAutomatorReader.firstNUL": .test("ReaderScalingTests.testUIAutomatorDumpIsLinearInItsNodes"),
        "UIAutomatorReader.position": .none("used only to word an error"),
        "UIAutomatorReader.findProcessingInstruction": .test("ReaderScalingTests.testUIAutomatorDumpIsLinearInItsNodes"),
        "UIAutomatorReader.foreignEncoding": .none("O(1): the first 4,096 bytes only"),
        "UIAutomatorReader.findDeclaration": .test("ReaderScalingTests.testUIAutomatorDumpIsLinearInItsNodes"),
        "UIAutomatorReader.build": .test("ReaderScalingTests.testUIAutomatorDumpIsLinearInItsNodes"),
        "UIAutomatorStrings.append": .test("ReaderScalingTests.testUIAutomatorDumpIsLinearInItsNodes"),
        "UIAutomatorStrings.string": .test("ReaderScalingTests.testUIAutomatorDumpIsLinearInItsNodes"),
        "XCUITestReader.scanLines": .test("XCUITestReaderTests.testDepthCostsOnlyItsBytes"),
        "XCUITestReader.buildTree": .test("XCUITestReaderTests.testDepthCostsOnlyItsBytes"),
        "Annotator.pending": .test("PendingScalingTests.testPendingGrowsAsCLogC"),
        "BatchSchedule.next": .test("BatchScheduleScalingTests.testAStepIsLinearInTheThreads"),
        "CommitAnalyzer.analyze": .test("AnalysisScalingTests.testAnAnalysisIgnoresTheUnchangedSnapshots"),
    ]

    func testEveryClaimIsListed() throws {
        let found = try ComplexityClaim.all()
        XCTAssertGreaterThan(found.count, 100, "the claims are found")
        let keys = Set(found.map(\.key))
        for claim in found where Self.claims[claim.key] == nil {
            XCTFail("\(claim): a complexity claim without a scaling test; write one (Scaling.check) and list it in ComplexityClaimsTests.claims — \(claim.text.prefix(200))")
        }
        for key in Self.claims.keys.sorted() where !keys.contains(key) {
            XCTFail("\(key): listed in ComplexityClaimsTests.claims, but no doc comment claims it any more")
        }
        let backed = Self.claims.values.filter { if case .test = $0 { return true } else { return false } }.count
        let missing = Self.claims.values.filter { $0 == .missing }.count
        print("ComplexityClaimsTests: \(found.count) claims under \(keys.count) names: \(backed) names backed by a scaling test, \(Self.claims.count - backed - missing) need none, \(missing) without one yet")
    }

    /// Every test named exists, in a file of its suite.
    func testEveryBackingTestExists() throws {
        let tests = ComplexityClaim.packageRoot.appendingPathComponent("Tests")
        let walker = try XCTUnwrap(FileManager.default.enumerator(atPath: tests.path))
        var sources: [String] = []
        for case let path as String in walker where path.hasSuffix(".swift") {
            sources.append(try String(contentsOf: tests.appendingPathComponent(path), encoding: .utf8))
        }
        for (key, backing) in Self.claims {
            guard case .test(let name) = backing else { continue }
            let parts = name.split(separator: ".")
            XCTAssertEqual(parts.count, 2, "\(key): \(name) is not Suite.testName")
            guard parts.count == 2 else { continue }
            let found = sources.contains { $0.contains("class \(parts[0]): XCTestCase") && $0.contains("func \(parts[1])(") }
            XCTAssertTrue(found, "\(key): no test \(name)")
        }
    }
}
