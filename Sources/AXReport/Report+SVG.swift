import AXBase
import AXDiff

extension Report {
    /// `--format svg`: the wireframe of each changed screen, before and after
    /// (`WireframeSVG`), stacked in one SVG document. A screen without frames
    /// is one line saying why; a report without changes, one line saying so.
    public static let svg = Report(name: "svg", about: "the changed screens' wireframes") { report, _ in Array(svgDocument(report.screens).utf8) }

    /// The SVG document of `screens`: the one picture itself for one screen
    /// with frames, else each picture (or reason) below the one before.
    ///
    /// - Complexity: O(n log n) in the number of stops of all screens.
    public static func svgDocument(_ screens: [ScreenDiff]) -> String {
        let pictures = screens.enumerated().map { k, screen -> (picture: (svg: String, width: Double, height: Double)?, reason: String) in
            let wireframe = Wireframe(screen)
            return (WireframeSVG.picture(wireframe, id: "wf\(k + 1)"), wireframe.unavailableReason ?? "")
        }
        if pictures.count == 1, let only = pictures[0].picture { return only.svg }
        var body = "", y = 8.0, width = 400.0
        for picture in pictures {
            if let (svg, w, h) = picture.picture {
                // The picture nested as it is: its own role, title and description.
                body += svg.replacingEvery("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" ",
                                                 with: "<svg x=\"0\" y=\"\(WireframeSVG.n(y))\" ")
                y += h + 8
                width = max(width, w)
            } else {
                body += "<text x=\"16\" y=\"\(WireframeSVG.n(y + 14))\" font-family=\"sans-serif\" font-size=\"13\">\(picture.reason.xmlEscaped(attribute: false))</text>\n"
                y += 24
                // About 7 px a character at 13 px: the line is not cut off.
                width = max(width, Double(picture.reason.count) * 7 + 32)
            }
        }
        if pictures.isEmpty {
            body += "<text x=\"16\" y=\"22\" font-family=\"sans-serif\" font-size=\"13\">No snapshot has a change to draw.</text>\n"
            y += 24
        }
        let title = pictures.isEmpty ? "axdiff wireframes: no changes" : "axdiff wireframes of \(pictures.count) changed \(pictures.count == 1 ? "screen" : "screens")"
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" role=\"group\" aria-labelledby=\"wf-all-title\" width=\"\(WireframeSVG.n(width))\" height=\"\(WireframeSVG.n(y))\" viewBox=\"0 0 \(WireframeSVG.n(width)) \(WireframeSVG.n(y))\">\n"
            + "<title id=\"wf-all-title\">\(title)</title>\n<rect x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n" + body + "</svg>\n"
    }
}
