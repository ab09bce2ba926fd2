/// One page being recorded: what the browser's events have said about it.
final class PageTab {
    let url: String
    var target: String?
    var session: String?
    var frameId: String?
    var loaderId: String?
    var loaded = false
    /// What the recorder waits for now, for a timeout's message.
    var phase = "the page to load"
    /// Set when the page's document is an HTTP error page.
    var failure: String?
    var blocked: [String] = []

    init(url: String) { self.url = url }

    /// A crashed page answers nothing more: the wait for its reply ends here.
    private var crashed: RecordError { RecordError(page: url, message: "the page crashed") }

    /// Answers held requests (local ones go on, the rest are refused) and
    /// notes the load, a crash, and the document's HTTP status.
    func handle(_ event: CDPConnection.Event, connection: CDPConnection) throws {
        if event.method == "Target.targetCrashed" {
            struct Crashed: Decodable { var targetId: String }
            if try connection.decodeParams(event, as: Crashed.self).targetId == target { throw crashed }
            return
        }
        guard event.sessionId != nil, event.sessionId == session else { return }
        switch event.method {
        case "Fetch.requestPaused":
            let paused = try connection.decodeParams(event, as: CDP.RequestPaused.self)
            if PageAddress.isLocal(paused.request.url) {
                try connection.send("Fetch.continueRequest", ["requestId": paused.requestId], session: session)
            } else {
                blocked.append(paused.request.url)
                try connection.send("Fetch.failRequest", ["requestId": paused.requestId, "errorReason": "BlockedByClient"],
                                    session: session)
            }
        case "Page.loadEventFired":
            loaded = true
        case "Inspector.targetCrashed":
            throw crashed
        case "Network.responseReceived":
            let r = try connection.decodeParams(event, as: CDP.ResponseReceived.self)
            if r.type == "Document", r.loaderId == loaderId || loaderId == nil, r.frameId == frameId || frameId == nil,
               r.response.status >= 400 {
                let text = r.response.statusText.map { " \($0)" } ?? ""
                failure = "the server answered HTTP \(r.response.status)\(text)"
            }
        default:
            break
        }
    }
}
