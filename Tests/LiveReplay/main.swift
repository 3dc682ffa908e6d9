// LiveReplay: the test kit's page model on a page and the events of its live stream, for
// Tests/e2e/test_live_page_model.py, which gives the same page and events to `live.js` in
// Chromium and compares the two. It reads `{"path", "page", "events": [{"event", "data"}]}` (JSON)
// on its standard input and writes `{"steps": [[markup…]…]}`, the page's live elements after
// each event, with `"failure"` (words) when an event did not fit: the steps are those before it.
import Foundation
import MVVMWebTesting

struct Replay: Decodable {
  struct Event: Decodable {
    var event: String?
    var data: String
  }

  var path: String
  var page: String
  var events: [Event]
}

struct Outcome: Encodable {
  var steps: [[String]] = []
  var failure: String?
}

let replay: Replay
do {
  replay = try JSONDecoder().decode(
    Replay.self, from: FileHandle.standardInput.readDataToEndOfFile())
} catch {
  FileHandle.standardError.write(Data("LiveReplay: the input is not a replay: \(error)\n".utf8))
  exit(2)
}
var page = TestPage(path: replay.path, html: replay.page)
var outcome = Outcome()
do {
  for event in replay.events {
    try page.apply(LiveEvent(event: event.event, data: event.data))
    outcome.steps.append(page.liveElements.map(\.html))
  }
} catch {
  outcome.failure = "\(error)"
}
FileHandle.standardOutput.write(try JSONEncoder().encode(outcome))
