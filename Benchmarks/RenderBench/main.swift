// Times the playlist page's view model and render, the way a request runs them, without the
// server: `swift run -c release RenderBench [songs.json] [iterations]`.
import Foundation
import Playlist
import PlaylistWeb
import WebApp

let arguments = CommandLine.arguments
let songsPath = arguments.count > 1 ? arguments[1] : "../shared/bench/songs.json"
let iterations = arguments.count > 2 ? Int(arguments[2]) ?? 20_000 : 20_000

let page = try PlaylistPageBenchmark(templates: "Templates", songsPath: songsPath) { path in
  SiteNavigation(path: path)
}
var bytes = 0
for _ in 0..<1_000 { bytes = page.renderOnce() }  // Warm up.
var samples: [Double] = []
samples.reserveCapacity(iterations)
for _ in 0..<iterations {
  let start = DispatchTime.now().uptimeNanoseconds
  bytes = page.renderOnce()
  samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000)
}
samples.sort()
let median = samples[samples.count / 2]
let p99 = samples[samples.count * 99 / 100]
print(
  "playlist page, \(page.songCount) songs, \(bytes) bytes: median \(String(format: "%.1f", median)) µs, p99 \(String(format: "%.1f", p99)) µs per render (\(iterations) renders)"
)
